import { serve } from "@/lib/backend";
import { getAccountingExport, markAccountingExport } from "@/lib/server/accounting/accounting-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/accounting/export?format=&from=&to=[&statuses=&customer=&new=1&part=]: bills or bill payments as a file
// QuickBooks Online, Xero or QuickBooks Desktop imports; POST, with an Idempotency-Key: the same file, remembered in the
// workspace's ledger.
export const GET = serve(getAccountingExport);
export const POST = serve(markAccountingExport);
