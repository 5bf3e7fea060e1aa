import "server-only";
import { randomUUID } from "node:crypto";
import type { Version } from "@/lib/data-api/operation";
import { requestIdOf } from "@/lib/data-api/request-check";
import { staleReasonOf } from "../stale-if-error";
import { upstreamUrl } from "../upstream-url";
import { defineRoute, type RouteDeps } from "../define-route";
import { type Asking, resolveAsking } from "./actor";
import { answered } from "./audit";
import { lookInCache, lastKnown } from "./cache";
import { balanceRefusal } from "./balance";
import { checkStage } from "./check";
import type { Forwarding, ProxyDeps, Trace } from "./context";
import { crossSiteRefusal } from "./origin";
import { roleRefusal } from "./role";
import { storeRead, storeWrite } from "./store";
import { passBack, sendUpstream, upstreamHeaders } from "./upstream";

export type { OutcomeListener, ProxyDeps, ProxyTelemetry, Upstream } from "./context";

/*
 * The proxy as a pipeline of stages, as the sandbox's (`lib/sandbox/pipeline/`), each a file beside this one with its
 * test: origin, actor, check (with the audit record of a write), role, balance, cache, upstream, store. Each stage
 * answers or hands on; this file runs them in order, and notes every answer once (the telemetry, the key's request
 * log).
 */

/**
 * `/api/{v1|v2}/...`: forwards one registry operation to the Data API with the key the person works with.
 * - non-GET requests must come from Backroom's own pages (403 otherwise, before anything else);
 * - nobody signed in: 401; in no workspace, or without the two factors it requires: 403; no key there: 409; an
 *   unknown operation 404, a wrong method 405 with Allow;
 * - a write the person's role does not allow: 403 FORBIDDEN_BY_ROLE, recorded refused, nothing upstream;
 * - a payment allocation above its target's open balance less the requests already outstanding toward it: 409
 *   OVER_OPEN_BALANCE, recorded refused, nothing upstream (`balance.ts`);
 * - path, query and body are checked against the contract first (400, 413, 415), by the request check the sandbox
 *   shares (`lib/data-api/request-check.ts`), and the upstream URL is built from the configured base and the
 *   operation's template, never from the browser's path;
 * - GET answers are cached per key, by its fingerprint (fresh ones served without an upstream call, stale ones
 *   revalidated with If-None-Match); a write invalidates its resource's entries; writes are never retried;
 * - a GET the API answers with 429 or 5xx, too late or not at all is answered with the cached copy when there is one
 *   (up to `deps.staleIfErrorMs` old, or what the request's `stale-if-error` allows), marked `X-Backroom-Stale`;
 * - the answer keeps its status, body and the API's headers, `Location` rewritten to `/api/...`;
 *   `Cache-Control: private, no-store`; 504 after the timeout, 502 when the API cannot be reached;
 * - every answer given once the key is known goes to `deps.requestLog` under the workspace key's id (never the key), and
 *   every answer to `deps.telemetry` (metrics, one log line);
 * - a write the audit trail keeps (`audit/audited-writes.ts`) is recorded before it goes upstream (a database that
 *   cannot take it stops the write: 503), its answer written onto the entry; a write refused here is recorded refused;
 *   a read that tells a write's outcome (a payment application's Status, a purchase's ERP id) writes it onto its entry;
 * - a session store that cannot answer (its database is down) is route-errors' 503, told to the telemetry;
 * - every read's upstream answer is told to `deps.purchasesV2`: in `DATA_API_V2=auto`, a v2 purchase list read
 *   answered 404, 405 or 501 marks the environment's v2 purchase endpoints missing (`purchases-v2.ts`).
 *
 * @example
 * export const GET = (request: Request, ctx: { params: Promise<{ path: string[] }> }) => proxyRequest(request, "v1", (await ctx.params).path, deps);
 */
export async function proxyRequest(
  request: Request,
  version: Version,
  segments: readonly string[],
  deps: ProxyDeps,
): Promise<Response> {
  const started = performance.now();
  const at = new Date((deps.now ?? Date.now)()).toISOString();
  // The shared rule; minted as 32 hex characters, as before (randomUUID draws from a cached entropy pool, randomBytes
  // costs a system call each time).
  const requestId = requestIdOf(request.headers.get("X-Request-Id"), () => randomUUID().replaceAll("-", ""));
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  const unauthenticated = (response: Response) => {
    deps.telemetry?.answered({
      requestId,
      method: request.method,
      operation: null,
      status: response.status,
      durationMs: elapsed(),
      source: "unauthenticated",
      cache: null,
    });
    return response;
  };

  // 1. Origin, 2. actor: until the key is known, an answer is nobody's (no request log).
  const crossSite = crossSiteRefusal(request, requestId);
  if (crossSite) return unauthenticated(crossSite);
  const who = await resolveAsking(request, deps, requestId);
  if ("refused" in who) return unauthenticated(who.refused);
  const { actor } = who;
  const key = actor.key;

  // From here every answer is the key's, and is logged once. The duration runs to the Response being handed back:
  // for a body streamed from the API (writes, non-200 reads) that is the time to its headers, not to its last byte.
  // A throw (a programming error, or no Data API configured: Next answers 500) is not logged.
  const trace: Trace = { operation: null, source: "refused", cache: null };
  const response = await forward(request, version, segments, deps, actor, requestId, trace);
  const durationMs = elapsed();
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
  deps.requestLog?.record(key.id, {
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

/** The stages once the key is known: every return is an answer for the key, logged by the caller. */
async function forward(
  request: Request,
  version: Version,
  segments: readonly string[],
  deps: ProxyDeps,
  actor: Asking,
  requestId: string,
  trace: Trace,
): Promise<Response> {
  const { key } = actor;

  // 3. Check (the contract), with the audit record of a write the trail keeps; 4. role.
  const checkedStage = await checkStage(request, version, segments, deps, actor, requestId, trace);
  if ("refused" in checkedStage) return checkedStage.refused;
  const { checked, write } = checkedStage;
  const { operation } = checked;
  const refusedByRole = await roleRefusal(actor, operation, write, requestId);
  if (refusedByRole) return refusedByRole;
  // 4b. Balance: an allocation above what its target invoice still owes never reaches the API.
  const overBalance = await balanceRefusal(request, checked, deps, actor, write, requestId);
  if (overBalance) return overBalance;

  // 5. Cache: a GET's fresh copy is the answer.
  const forwarding: Forwarding = { deps, key, workspaceId: actor.workspace.id, operation, requestId, trace, write };
  const upstream = await deps.upstream(key.environment, request);
  const target = upstreamUrl(
    upstream.v1Base,
    operation,
    checked.path as Record<string, string | number>,
    checked.query,
  );
  const copy = await lookInCache(forwarding, request, target);
  if (copy.fresh) return copy.fresh;

  // 6. Upstream: a write is recorded before it is sent (a trail that cannot take it stops it: the route answers 503).
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
  const failure = operation.method === "GET" ? staleReasonOf(sent.response.status) : undefined;
  const stale = failure && lastKnown(forwarding, copy, failure, sent.response.headers);
  if (stale) {
    await sent.response.body?.cancel().catch(() => {});
    return stale;
  }

  // 7. Store: what the answer leaves behind, and the answer the browser gets.
  const passed = passBack(sent.response.headers, upstream.v1Base, version, requestId);
  if (operation.method !== "GET") return storeWrite(forwarding, sent.response, passed);
  return storeRead(forwarding, sent, passed, copy);
}

/**
 * The proxy as a route (`defineRoute`): nobody is looked up before it, since its own stages check the origin and
 * resolve who is asking with the key's details. The operation's segments are read from the address as Next decodes
 * `[...path]`, one decoded segment each.
 *
 * @example
 * export const { GET, POST, PATCH, DELETE, PUT } = proxyRoutes("v1"); // lib/backend.ts serves proxyRoute("v1")
 */
export function proxyRoute(version: Version) {
  const prefix = `/api/${version}/`;
  return defineRoute(
    {
      method: ["GET", "POST", "PATCH", "DELETE", "PUT"],
      path: `/api/${version}/{path}`,
      summary: `The Data API's ${version} operations, forwarded with the key the person works with in the workspace.`,
      description: proxyDescription(version),
      answer: {
        mediaType: "application/json",
        description: "The Data API's own answer to the operation: its status, body and headers (`/openapi.json`).",
      },
      need: "anyone",
      crossSite: "allowed",
    },
    async ({ request }, deps: ProxyDeps & RouteDeps) => {
      const { pathname } = new URL(request.url);
      const segments = pathname.startsWith(prefix)
        ? pathname.slice(prefix.length).split("/").filter(Boolean).map(decodeURIComponent)
        : [];
      return proxyRequest(request, version, segments, deps);
    },
  );
}

/**
 * What a caller of the proxy must know: it answers the Data API's own answer, described apart (`/openapi.json`); its
 * stages (`proxyRequest`) check who is asking themselves, so the route's `need` is "anyone".
 */
const proxyDescription = (version: Version) =>
  [
    `\`{path}\` is a Data API operation's path below \`/api/${version}/\`, with its query and body as the Data API takes`,
    "them. The answer is the Data API's own, described in `/openapi.json`: its status, body and headers (`ETag`,",
    "`RateLimit-*`, `Retry-After`, `X-Request-Id`, `Idempotency-Replayed`, `Preference-Applied`; `Location` rewritten to",
    "`/api/...`), with `Cache-Control: private, no-store`. The upstream address is built from the configured base and",
    "the operation's template, never from the browser's path. Who is asking is resolved by the proxy itself:",
    "",
    "- 403: a write from another site, before anything else.",
    "- 401 `NOT_SIGNED_IN`; 403 `NO_WORKSPACE` or `TWO_FACTOR_REQUIRED`; 409 `NO_KEY`.",
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
