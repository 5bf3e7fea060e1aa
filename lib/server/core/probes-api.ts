import "server-only";
import * as z from "zod";
import { defineRoute, type RouteDeps } from "./define-route";
import { healthResponse, type ReadinessDeps, ReadinessAnswer, readinessResponse } from "./health";
import { type Metrics, metricsResponse } from "./metrics";

export const getHealth = defineRoute(
  {
    method: "GET",
    path: "/api/health",
    summary: "Liveness: 200 while the process serves.",
    description:
      "It looks nobody up and touches nothing: restart the instance when it stops answering (and the floor " +
      "`bench:scale` measures against).",
    need: "anyone",
    answer: z.object({ status: z.literal("ok") }),
  },
  async () => healthResponse(),
);

export const getReady = defineRoute(
  {
    method: "GET",
    path: "/api/ready",
    summary: "Readiness: whether to send this instance traffic, from its database, cache, jobs and sandbox checks.",
    description:
      "503, with the same body, when the database is unavailable or its migrations have not run, or the instance is " +
      "stopping; 200 otherwise. A lost cache degrades the instance (it serves, uncached) without taking it out of the " +
      "pool, and so does a job queue that cannot take jobs (pages serve; background work waits in the queue), and an " +
      "embedded sandbox still preparing (seconds at start: a request to it waits for it) or whose start failed.",
    need: "anyone",
    answer: ReadinessAnswer,
  },
  async (_input, deps: RouteDeps & { readiness: ReadinessDeps }) => readinessResponse(deps.readiness),
);

export const getMetrics = defineRoute(
  {
    method: "GET",
    path: "/api/metrics",
    summary: "The instance's Prometheus metrics, behind `Authorization: Bearer <METRICS_TOKEN>`.",
    description:
      "404 when no `METRICS_TOKEN` is configured (the endpoint does not exist); 401 with `WWW-Authenticate` for a " +
      "missing or wrong token.",
    need: "anyone",
    answer: {
      mediaType: "text/plain",
      description: "The Prometheus text exposition (`text/plain; version=0.0.4`) of the instance's metrics.",
    },
  },
  async ({ request }, deps: RouteDeps & { metrics: Pick<Metrics, "registry">; metricsToken?: string }) =>
    metricsResponse(request, deps.metricsToken, deps.metrics),
);
