import { serve } from "@/lib/backend";
import { listRequests } from "@/lib/server/core/request-log-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/session/requests?limit=: the recent requests made with the session's keys, newest first.
export const GET = serve(listRequests);
