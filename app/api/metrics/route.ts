import { backend } from "@/lib/backend";
import { serverEnv } from "@/lib/server/core/env";
import { metricsResponse } from "@/lib/server/core/metrics";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/metrics: Prometheus text behind `Authorization: Bearer <METRICS_TOKEN>`; 404 when no token is configured.
export const GET = async (request: Request) =>
  metricsResponse(request, serverEnv.METRICS_TOKEN, (await backend()).metrics);
