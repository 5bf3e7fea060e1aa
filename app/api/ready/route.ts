import { backend } from "@/lib/backend";
import { readinessResponse } from "@/lib/server/core/health";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/ready: whether to send this instance traffic (database and cache checks; 503 without a database or when stopping).
export const GET = answerFailures(async () => readinessResponse((await backend()).readiness));
