import "server-only";
import { defineRoute, type RouteDeps } from "./define-route";
import { healthResponse, type ReadinessDeps, readinessResponse } from "./health";
import { type Metrics, metricsResponse } from "./metrics";

// GET /api/health: 200 while the process serves; it looks nobody up and touches nothing (liveness, and the floor
// bench:scale measures against).
export const getHealth = defineRoute({ need: "anyone" }, async () => healthResponse());

// GET /api/ready: whether to send this instance traffic (database, cache, jobs and sandbox checks; 503 without a
// database or while stopping).
export const getReady = defineRoute(
  { need: "anyone" },
  async (_input, deps: RouteDeps & { readiness: ReadinessDeps }) => readinessResponse(deps.readiness),
);

// GET /api/metrics: Prometheus text behind `Authorization: Bearer <METRICS_TOKEN>`; 404 when no token is configured.
export const getMetrics = defineRoute(
  { need: "anyone" },
  async ({ request }, deps: RouteDeps & { metrics: Pick<Metrics, "registry">; metricsToken?: string }) =>
    metricsResponse(request, deps.metricsToken, deps.metrics),
);
