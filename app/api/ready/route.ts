import { serve } from "@/lib/backend";
import { getReady } from "@/lib/server/core/probes-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/ready: whether to send this instance traffic (database, cache, jobs and sandbox checks).
export const GET = serve(getReady);
