import { serve } from "@/lib/backend";
import { getAccountingExport, markAccountingExport } from "@/lib/server/accounting/accounting-api";

export const GET = serve(getAccountingExport);
export const POST = serve(markAccountingExport);
