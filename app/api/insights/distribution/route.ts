import { backend } from "@/lib/backend";
import { getDistribution } from "@/lib/server/insights/brand-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/insights/distribution?from=&to=&by=product|line: doors, new and lost doors, velocity and share of doors.
export const GET = answerFailures(async (request: Request) => getDistribution(request, await backend()));
