import { backend } from "@/lib/backend";
import { getPromotionLift } from "@/lib/server/insights/brand-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/insights/promotions?from=&to=: each promotion that ran in the period, its lift against its doors' 8 weeks before.
export const GET = answerFailures(async (request: Request) => getPromotionLift(request, await backend()));
