import { serve } from "@/lib/backend";
import { getMetrics } from "@/lib/server/core/probes-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/metrics: Prometheus text behind `Authorization: Bearer <METRICS_TOKEN>`; 404 when no token is configured.
export const GET = serve(getMetrics);
