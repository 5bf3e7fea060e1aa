import { backend } from "@/lib/backend";
import { getExport } from "@/lib/server/insights/insights-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/insights/export?table=...: one of the Insights page's tables as CSV, from the synced history.
export const GET = answerFailures(async (request: Request) => getExport(request, await backend()));
