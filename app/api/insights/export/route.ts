import { serve } from "@/lib/backend";
import { getExport } from "@/lib/server/insights/insights-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/insights/export?table=...: one of the Insights page's tables as CSV, from the synced history.
export const GET = serve(getExport);
