import { backend } from "@/lib/backend";
import { listRequests } from "@/lib/server/core/request-log-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/session/requests?limit=: the recent requests made with the session's keys, newest first.
export const GET = answerFailures(async (request: Request) => listRequests(request, await backend()));
