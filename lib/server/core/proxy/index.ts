import "server-only";
import { randomUUID } from "node:crypto";
import type { Version } from "@/lib/data-api/operation";
import { requestIdOf } from "@/lib/data-api/request-check";
import { upstreamUrl } from "../upstream-url";
import { defineRoute, type RouteDeps } from "../define-route";
import { resolveAsking } from "./actor";
import { answered } from "./audit";
import { lastKnown, lastKnownAfter, lookInCache } from "./cache";
import { balanceRefusal } from "./balance";
import { checkStage } from "./check";
import type { Forwarding, ProxyCall, ProxyDeps, Trace } from "./context";
import { roleRefusal } from "./role";
import { storeRead, storeWrite } from "./store";
import { passBack, sendUpstream, upstreamHeaders } from "./upstream";

export type { OutcomeListener, ProxyDeps, ProxyTelemetry, Upstream } from "./context";

/*
 * The proxy as a pipeline of stages, as the sandbox's (`lib/sandbox/pipeline/`), each a file beside this one with its
 * test: check (with the audit record of a write), role, balance, cache, upstream, store. Each stage is handed the one
 * call (`ProxyCall`, then `Forwarding` once the check has read the operation), answers or hands on; this file runs them
 * in order, and notes every answer once (the telemetry, the key's request log). Who is asking is resolved before:
 * by the route's `defineRoute` for a browser's request (its origin, sign-in, workspace and key), by the actor stage
 * for Backroom's own in-process requests.
 */

/**
 * `/api/{v1|v2}/...` as a route: `defineRoute` refuses a write from another site and resolves who is asking (401, 403,
 * 409 `NO_KEY`, 503 while the session store is away), and tells the telemetry of each refusal; the stages forward the
 * rest. The operation's segments are read from the address as Next decodes `[...path]`, one decoded segment each.
 *
 * @example
 * export const { GET, POST, PATCH, DELETE, PUT } = proxyRoutes("v1"); // lib/backend.ts serves proxyRoute("v1")
 */
export function proxyRoute(version: Version) {
  const prefix = `/api/${version}/`;
  return defineRoute(
    {
      method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
      path: `/api/${version}/{path}`,
      summary: `The Data API's ${version} operations, forwarded with the key the person works with in the workspace.`,
      description: proxyDescription(version),
      answer: {
        mediaType: "application/json",
        description: "The Data API's own answer to the operation: its status, body and headers (`/openapi.json`).",
      },
      need: "key",
      onRefused: (refused, deps: ProxyDeps & RouteDeps) => unauthenticated(deps, refused),
    },
    async ({ request, actor, requestId }, deps: ProxyDeps & RouteDeps) => {
      const started = performance.now();
      const { pathname } = new URL(request.url);
      const segments = pathname.startsWith(prefix)
        ? pathname.slice(prefix.length).split("/").filter(Boolean).map(decodeURIComponent)
        : [];
      return forwardAs({ request, version, segments, deps, actor, requestId, trace: newTrace() }, started);
    },
  );
}

/**
 * Backroom's own requests to the Data API, in-process (a page's first paint, a route's PDF, the background's reads):
 * the actor stage resolves who is asking from the request's cookie (`auth/actor.ts`; 401, 403, 409 `NO_KEY`, 503 when
 * the session store is away, each told to the telemetry), then the stages forward it as they do a browser's.
 *
 * @example
 * const res = await proxyRequest(new Request("http://backroom.internal/api/v1/states", { headers }), "v1", ["states"], deps);
 */
export async function proxyRequest(
  request: Request,
  version: Version,
  segments: readonly string[],
  deps: ProxyDeps,
): Promise<Response> {
  const started = performance.now();
  // The shared rule; minted as 32 hex characters (randomUUID draws from a cached entropy pool).
  const requestId = requestIdOf(request.headers.get("X-Request-Id"), () => randomUUID().replaceAll("-", ""));
  const who = await resolveAsking(request, deps, requestId);
  if ("refused" in who) return unauthenticated(deps, { request, response: who.refused, requestId, started });
  return forwardAs({ request, version, segments, deps, actor: who.actor, requestId, trace: newTrace() }, started);
}

const newTrace = (): Trace => ({ operation: null, source: "refused", cache: null });

/** A refusal before the key is known: nobody's (no request log), told to the telemetry alone. */
function unauthenticated(
  deps: Pick<ProxyDeps, "telemetry">,
  {
    request,
    response,
    requestId,
    started,
  }: { request: Request; response: Response; requestId: string; started: number },
): Response {
  deps.telemetry?.answered({
    requestId,
    method: request.method,
    operation: null,
    status: response.status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    source: "unauthenticated",
    cache: null,
  });
  return response;
}

/**
 * One request of a known key through the stages, its answer noted once:
 * - path, query and body are checked against the contract first (400, 404, 405 with Allow, 413, 415), by the request
 *   check the sandbox shares (`lib/data-api/request-check.ts`), and the upstream URL is built from the configured base
 *   and the operation's template, never from the browser's path;
 * - a write the person's role does not allow: 403 FORBIDDEN_BY_ROLE, recorded refused, nothing upstream;
 * - a payment allocation above its target's open balance less the requests already outstanding toward it: 409
 *   OVER_OPEN_BALANCE, recorded refused, nothing upstream (`balance.ts`);
 * - GET answers are cached per key, by its fingerprint (fresh ones served without an upstream call, stale ones
 *   revalidated with If-None-Match); a write invalidates its resource's entries; writes are never retried;
 * - a GET the API answers with 429 or 5xx, too late or not at all is answered with the cached copy when there is one
 *   (up to `deps.staleIfErrorMs` old, or what the request's `stale-if-error` allows), marked `X-Backroom-Stale`;
 * - the answer keeps its status, body and the API's headers, `Location` rewritten to `/api/...`;
 *   `Cache-Control: private, no-store`; 504 after the timeout, 502 when the API cannot be reached;
 * - every answer goes to `deps.requestLog` under the workspace key's id (never the key), and to `deps.telemetry`
 *   (metrics, one log line); the duration runs to the Response being handed back: for a body streamed from the API
 *   (writes, non-200 reads) that is the time to its headers, not to its last byte;
 * - a write the audit trail keeps (`audit/audited-writes.ts`) is recorded before it goes upstream (a database that
 *   cannot take it stops the write: 503), its answer written onto the entry; a write refused here is recorded refused;
 *   a read that tells a write's outcome (a payment application's Status, a purchase's ERP id) writes it onto its entry;
 * - every read's upstream answer is told to `deps.purchasesV2`: in `DATA_API_V2=auto`, a v2 purchase list read
 *   answered 404, 405 or 501 marks the environment's v2 purchase endpoints missing (`purchases-v2.ts`).
 */
async function forwardAs(call: ProxyCall, started: number): Promise<Response> {
  const { request, version, segments, deps, actor, requestId, trace } = call;
  const at = new Date((deps.now ?? Date.now)()).toISOString();
  const response = await forward(call);
  const durationMs = Math.round((performance.now() - started) * 10) / 10;
  const answeredId = response.headers.get("X-Request-Id") ?? requestId;
  if (trace.cache) deps.telemetry?.cache(trace.cache);
  deps.telemetry?.answered({
    requestId: answeredId,
    method: request.method,
    operation: trace.operation,
    status: response.status,
    durationMs,
    source: trace.source,
    cache: trace.cache,
  });
  // Noted, not waited for: the log writes in batches (request-log.ts).
  deps.requestLog?.record(actor.key.id, {
    at,
    method: request.method,
    // Segment by segment, as matched: for an operation, its template with the values filled in.
    path: `/api/${version}/${segments.map(encodeURIComponent).join("/")}${new URL(request.url).search}`,
    operation: trace.operation,
    status: response.status,
    durationMs,
    requestId: answeredId,
    source: trace.source,
    ...(deps.askedBy ? { by: deps.askedBy } : {}),
    ...(actor.visitor ? { visitor: actor.visitor } : {}),
  });
  return response;
}

/** The stages: every return is an answer for the key, noted by the caller. */
async function forward(call: ProxyCall): Promise<Response> {
  const { request, deps, actor } = call;
  // Check (the contract), with the audit record of a write the trail keeps.
  const checkedStage = await checkStage(call);
  if ("refused" in checkedStage) return checkedStage.refused;
  const { checked, write } = checkedStage;
  const { operation } = checked;
  const forwarding: Forwarding = { ...call, key: actor.key, workspaceId: actor.workspace.id, operation, write };
  // Role; balance: an allocation above what its target invoice still owes never reaches the API.
  const refused = (await roleRefusal(forwarding)) ?? (await balanceRefusal(forwarding, checked));
  if (refused) return refused;

  // Cache: a GET's fresh copy is the answer.
  const { key, requestId, trace } = forwarding;
  const upstream = await deps.upstream(key.environment, request);
  const target = upstreamUrl(
    upstream.v1Base,
    operation,
    checked.path as Record<string, string | number>,
    checked.query,
  );
  const copy = await lookInCache(forwarding, target);
  if (copy.fresh) return copy.fresh;

  // Upstream: a write is recorded before it is sent (a trail that cannot take it stops it: the route answers 503).
  // With a cached entry, only its own ETag revalidates: a 304 to the browser's ETag would not vouch for our copy.
  const revalidating = copy.cached ? copy.cached.etag : operation.method === "GET" ? copy.browserEtag : null;
  await write?.sending();
  trace.source = "upstream";
  const sent = await sendUpstream({
    upstream,
    target,
    method: operation.method,
    headers: upstreamHeaders(key.apiKey, request, checked, requestId, revalidating),
    body: checked.raw,
    signal: request.signal,
    timeoutMs: deps.timeoutMs,
    operation: operation.id,
    requestId,
    telemetry: deps.telemetry,
  });
  if ("failed" in sent) {
    await answered(forwarding, null);
    // A browser that left (499) is answered nothing worth a copy.
    const reason = ({ 504: "timeout", 502: "unreachable" } as const)[sent.failed.status as 502 | 504];
    return (reason && lastKnown(forwarding, copy, reason)) || sent.failed;
  }
  await deps.rateLimits
    .note(key.fingerprint, sent.response.headers)
    .catch((error: unknown) => deps.telemetry?.failed("rate-limit figures unavailable", error, requestId));
  // Every read's answer, the browser's and the server render's alike (`page-api.ts` calls this proxy in-process): a
  // service without the v2 purchase endpoints is marked before its 404 reaches the page, so the page's refresh that
  // follows renders the v1 view.
  if (operation.method === "GET")
    await deps.purchasesV2?.noteAnswer(key.environment, operation.id, sent.response.status);
  const stale = lastKnownAfter(forwarding, copy, sent.response);
  if (stale) {
    await sent.response.body?.cancel().catch(() => {});
    return stale;
  }

  // Store: what the answer leaves behind, and the answer the browser gets.
  const passed = passBack(sent.response.headers, upstream.v1Base, call.version, requestId);
  if (operation.method !== "GET") return storeWrite(forwarding, sent.response, passed);
  return storeRead(forwarding, sent, passed, copy);
}
/**
 * What a caller of the proxy must know: it answers the Data API's own answer, described apart (`/openapi.json`).
 */
const proxyDescription = (version: Version) =>
  [
    `\`{path}\` is a Data API operation's path below \`/api/${version}/\`, with its query and body as the Data API takes`,
    "them. The answer is the Data API's own, described in `/openapi.json`: its status, body and headers (`ETag`,",
    "`RateLimit-*`, `Retry-After`, `X-Request-Id`, `Idempotency-Replayed`, `Preference-Applied`; `Location` rewritten to",
    "`/api/...`), with `Cache-Control: private, no-store`. The upstream address is built from the configured base and",
    "the operation's template, never from the browser's path. Besides the refusals of who is asking:",
    "",
    "- 404: no operation has that path; 405 with `Allow`: not with that method.",
    "- 400, 413, 415: the path, query or body break the Data API's contract (checked as the sandbox checks them).",
    "- 403 `FORBIDDEN_BY_ROLE`: a write the person's role does not allow (recorded refused, nothing upstream).",
    "- 409 `OVER_OPEN_BALANCE`: a payment allocation above what its target invoice still owes, less the requests",
    "  already outstanding toward it (recorded refused, nothing upstream).",
    "- 503: a write the audit trail keeps, which the trail cannot record now (nothing is sent).",
    "- 504: no answer within the timeout; 502: the Data API cannot be reached. Writes are never retried.",
    "",
    "GET answers are cached per key: a fresh copy is served without an upstream call, a stale one revalidated with",
    "`If-None-Match` (`Cache-Control: no-cache` revalidates); a write makes its resource's copies out of date. A GET",
    "the Data API answers with 429 or 5xx, too late or not at all is answered with the last-known copy when there is",
    "one, up to `STALE_IF_ERROR_HOURS` old (less when the request's `Cache-Control: stale-if-error=<seconds>` says so),",
    "marked `X-Backroom-Stale`. Every answer is kept in the workspace's request log (`GET /api/session/requests`).",
  ].join("\n");
