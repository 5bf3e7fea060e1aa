import { serve } from "@/lib/backend";
import { getAccountingPreview } from "@/lib/server/accounting/accounting-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/accounting/preview?format=&from=&to=[&statuses=&customer=&new=1]: what an export would hold, and its first rows.
export const GET = serve(getAccountingPreview);
