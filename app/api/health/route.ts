import { healthResponse } from "@/lib/server/core/health";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/health: 200 while the process serves; it touches nothing (liveness, and the floor bench:scale measures against).
export const GET = () => healthResponse();
