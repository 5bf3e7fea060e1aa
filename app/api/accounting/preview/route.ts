import { serve } from "@/lib/backend";
import { getAccountingPreview } from "@/lib/server/accounting/accounting-api";

export const GET = serve(getAccountingPreview);
