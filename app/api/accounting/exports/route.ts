import { serve } from "@/lib/backend";
import { getAccountingExports } from "@/lib/server/accounting/accounting-api";

export const GET = serve(getAccountingExports);
