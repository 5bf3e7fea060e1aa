import { serve } from "@/lib/backend";
import { getAccountingExports } from "@/lib/server/accounting/accounting-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/accounting/exports: the workspace's latest marked exports, newest first.
export const GET = serve(getAccountingExports);
