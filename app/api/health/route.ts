import { serve } from "@/lib/backend";
import { getHealth } from "@/lib/server/core/probes-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/health: 200 while the process serves (liveness).
export const GET = serve(getHealth);
