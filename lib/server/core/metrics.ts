import "server-only";
import { timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { failureAnswer } from "./route-errors";

/** How the proxy answered a GET as far as its cache goes; writes, and every request when the cache is off or away, are `bypass`. */
export type CacheOutcome = "hit" | "revalidated" | "stale" | "miss" | "bypass";

/**
 * The instance's Prometheus metrics (prom-client): the default process metrics, and Backroom's own. Labels hold only
 * registry operation ids, HTTP statuses and fixed words: never a key, a cookie, a name or a query value.
 */
export interface Metrics {
  registry: Registry;
  /** `backroom_upstream_requests_total{operation,status}`: requests the proxy sent to the Data API, by its answer. */
  upstreamRequests: Counter<"operation" | "status">;
  /** `backroom_upstream_duration_seconds{operation}`: time to the Data API's headers. */
  upstreamDuration: Histogram<"operation">;
  /** `backroom_proxy_cache_total{outcome}`. */
  proxyCache: Counter<"outcome">;
  /** `backroom_jobs_total{kind,outcome}`: background jobs' runs by how they ended: done, retried (a throw, to run again), failed (for good). */
  jobs: Counter<"kind" | "outcome">;
}

/**
 * Creates the registry with its metrics. `sessionsActive` is asked at each scrape for `backroom_sessions_active` (live
 * sessions in the shared database: every instance reports the same number, so aggregate with max, not sum).
 *
 * @example
 * const metrics = createMetrics(() => store.countLive());
 * metrics.proxyCache.inc({ outcome: "hit" });
 */
export function createMetrics(sessionsActive: () => Promise<number>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  new Gauge({
    name: "backroom_sessions_active",
    help: "Live sessions in Backroom's database (the same on every instance).",
    registers,
    async collect() {
      // A database that does not answer leaves the last figure; /api/ready says what is wrong.
      const count = await sessionsActive().catch(() => undefined);
      if (count !== undefined) this.set(count);
    },
  });
  return {
    registry,
    upstreamRequests: new Counter({
      name: "backroom_upstream_requests_total",
      help: "Requests sent to the Data API, by operation and status (or unreachable, timeout, cancelled).",
      labelNames: ["operation", "status"],
      registers,
    }),
    upstreamDuration: new Histogram({
      name: "backroom_upstream_duration_seconds",
      help: "Time from sending a request to the Data API to its answer's headers, by operation.",
      labelNames: ["operation"],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10, 30],
      registers,
    }),
    proxyCache: new Counter({
      name: "backroom_proxy_cache_total",
      help: "Proxied requests by what the response cache did: hit, revalidated (304), stale (the last-known copy, the API having failed), miss, bypass (writes; cache off or unavailable).",
      labelNames: ["outcome"],
      registers,
    }),
    jobs: new Counter({
      name: "backroom_jobs_total",
      help: "Runs of background jobs on this instance, by kind and how they ended: done, retried (threw or outlived its lease; to run again after a backoff), failed (retries spent).",
      labelNames: ["kind", "outcome"],
      registers,
    }),
  };
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * `GET /api/metrics`: the Prometheus text exposition, behind `Authorization: Bearer <METRICS_TOKEN>`. 404 when no token
 * is configured (the endpoint does not exist), 401 with `WWW-Authenticate` for a missing or wrong token (both from
 * route-errors' `ROUTE_FAILURES`).
 *
 * @example
 * async ({ request }, deps) => metricsResponse(request, deps.metricsToken, deps.metrics); // probes-api.ts's getMetrics
 */
export async function metricsResponse(
  request: Request,
  token: string | undefined,
  metrics: Pick<Metrics, "registry">,
): Promise<Response> {
  if (!token) return failureAnswer("not-found");
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1];
  if (!given || !same(given, token)) return failureAnswer("token-required");
  return new Response(await metrics.registry.metrics(), {
    headers: { "Cache-Control": "no-store", "Content-Type": metrics.registry.contentType },
  });
}
