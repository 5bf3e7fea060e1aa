import { serve } from "@/lib/backend";
import { getAccountingExport } from "@/lib/server/accounting/accounting-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/accounting/export?format=&from=&to=[&statuses=&customer=&new=1&mark=1&part=]: bills or bill payments as a file
// QuickBooks Online, Xero or QuickBooks Desktop imports.
export const GET = serve(getAccountingExport);
