import { serve } from "@/lib/backend";
import { getAccountingMapping, putAccountingMapping } from "@/lib/server/accounting/accounting-api";

export const GET = serve(getAccountingMapping);
export const PUT = serve(putAccountingMapping);
