import { backend } from "@/lib/backend";
import { getCadence } from "@/lib/server/insights/brand-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/insights/cadence[?asOf=YYYY-MM-DD]: each store's reorder cadence, due and late by its own median.
export const GET = answerFailures(async (request: Request) => getCadence(request, await backend()));
