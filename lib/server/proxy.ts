import "server-only";
import { randomUUID } from "node:crypto";
import type { Version } from "@/lib/data-api/operation";
import { isRefusal } from "@/lib/data-api/refusal";
import type { AnyOperation } from "@/lib/data-api/registry";
import { type CheckedRequest, checkRequest, matchesEtag, requestIdOf, type RefusedRequest } from "@/lib/data-api/request-check";
import type { Environment } from "./env";
import { freshForMs, freshnessOf } from "./freshness";
import type { CacheOutcome } from "./metrics";
import type { RateLimitBook } from "./rate-limit-book";
import type { RequestLog, RequestSource } from "./request-log";
import type { CachedResponse, CacheLookup, ResponseCache } from "./response-cache";
import { answer, passBack, readWhole, sendUpstream, upstreamHeaders, waited } from "./proxy-upstream";
import { isUnavailable, ROUTE_FAILURES, unavailableAnswer } from "./route-errors";
import type { AuditTrail } from "./audit/audit-trail";
import { auditedWrite } from "./audit/audited-writes";
import { actorOf, auditWrite, learnOutcomes, type WriteRecord } from "./audit/write-audit";
import type { PurchasesV2Availability } from "./purchases-v2";
import { isSameOrigin, isWrite } from "./same-origin";
import { lastKnownAnswer, staleAllowanceMs, staleReasonOf } from "./stale-if-error";
import type { StaleReason } from "@/lib/data-api/response-meta";
import type { ActiveKey } from "./session";
import { upstreamUrl } from "./upstream-url";
import type { Actor } from "./auth/actor";
import { mayCall } from "@/lib/session/roles";
import { failureAnswer } from "./route-errors";
import { refusalFor } from "./with-actor";
import type { OperationId } from "@/lib/data-api/registry";

/** Where an environment's requests go: the real API's base and fetch, or the embedded sandbox's. */
export interface Upstream {
  v1Base: string;
  fetch: (request: Request) => Promise<Response>;
}

/** What the proxy tells about each request, for metrics and logs (`lib/backend.ts` wires it to prom-client and pino). */
export interface ProxyTelemetry {
  /** A request the Data API answered (its status), or did not (`unreachable`, `timeout`, `cancelled`), and how long it took. */
  upstream(operation: string, status: string, seconds: number): void;
  /** What the cache did for one request. */
  cache(outcome: CacheOutcome): void;
  /** One line per request the proxy answered; only these fields, never the key, the query or a body. */
  answered(line: { requestId: string; method: string; operation: string | null; status: number; durationMs: number; source: RequestSource | "unauthenticated"; cache: CacheOutcome | null }): void;
  /** Something went wrong on Backroom's side (the session store did not answer). */
  failed(what: string, error: unknown, requestId: string): void;
}

export interface ProxyDeps {
  /** Who is asking (`auth/actor.ts`): the person, their workspace and role, and the key they work with. */
  actors: { resolve(headers: Headers): Promise<Actor | undefined> };
  /** The response cache; none when PROXY_CACHE=off (every GET goes upstream). */
  cache?: ResponseCache;
  rateLimits: RateLimitBook;
  upstream: (environment: Environment, request: Request) => Upstream | Promise<Upstream>;
  timeoutMs: number;
  /**
   * How old a cached answer may be to be served, marked stale, when the API answers a GET with 429 or 5xx, too late or
   * not at all (`STALE_IF_ERROR_HOURS`, `stale-if-error.ts`); 0 or unset: never.
   */
  staleIfErrorMs?: number;
  now?: () => number;
  /** Where each answer given for a key is noted (the dashboard's request log); none in tests that do not look. */
  requestLog?: RequestLog;
  /** The audit trail: every write (and its refusal) recorded, and outcomes learned from reads. */
  audit?: AuditTrail;
  telemetry?: ProxyTelemetry;
  /** Told every read's upstream answer: a v2 purchase read answered 404/405/501 marks v2 missing (`purchases-v2.ts`). */
  purchasesV2?: Pick<PurchasesV2Availability, "noteAnswer">;
}

/**
 * `/api/{v1|v2}/...`: forwards one registry operation to the Data API with the session's active key.
 * - non-GET requests must come from Backroom's own pages (403 otherwise, before anything else);
 * - no session, or no key in it: 401; an unknown operation 404, a wrong method 405 with Allow;
 * - path, query and body are checked against the contract first (400, 413, 415), by the request check the sandbox
 *   shares (`lib/data-api/request-check.ts`), and the upstream URL is built from the configured base and the
 *   operation's template, never from the browser's path;
 * - GET answers are cached per key, by its fingerprint (fresh ones served without an upstream call, stale ones
 *   revalidated with If-None-Match); a write invalidates its resource's entries; writes are never retried;
 * - a GET the API answers with 429 or 5xx, too late or not at all is answered with the cached copy when there is one
 *   (up to `deps.staleIfErrorMs` old, or what the request's `stale-if-error` allows), marked `X-Backroom-Stale`;
 * - the answer keeps its status, body and the API's headers, `Location` rewritten to `/api/...`;
 *   `Cache-Control: private, no-store`; 504 after the timeout, 502 when the API cannot be reached;
 * - every answer given once the key is known goes to `deps.requestLog` under the key's ring id (never the key), and
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
export async function proxyRequest(request: Request, version: Version, segments: readonly string[], deps: ProxyDeps): Promise<Response> {
  const started = performance.now();
  const at = new Date((deps.now ?? Date.now)()).toISOString();
  // The shared rule; minted as 32 hex characters, as before (randomUUID draws from a cached entropy pool, randomBytes
  // costs a system call each time).
  const requestId = requestIdOf(request.headers.get("X-Request-Id"), () => randomUUID().replaceAll("-", ""));
  const ids = { "X-Request-Id": requestId };
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  const unauthenticated = (response: Response) => {
    deps.telemetry?.answered({ requestId, method: request.method, operation: null, status: response.status, durationMs: elapsed(), source: "unauthenticated", cache: null });
    return response;
  };
  if (isWrite(request.method) && !isSameOrigin(request)) return unauthenticated(refusedHere("cross-site", ids));

  let actor: Actor | undefined;
  try {
    actor = await deps.actors.resolve(request.headers);
  } catch (error) {
    // A bug is not an outage: anything else goes on to the route's answerFailures (500).
    if (!isUnavailable(error)) throw error;
    deps.telemetry?.failed("session store unavailable", error, requestId);
    return unauthenticated(unavailableAnswer(requestId));
  }
  // Signed in, working in a workspace they are a member of, with two factors where it requires them, and a key.
  const refused = refusalFor(actor, "key");
  if (refused) return unauthenticated(failureAnswer(refused, requestId));
  const key = actor!.key!;

  // From here every answer is the key's, and is logged once. The duration runs to the Response being handed back:
  // for a body streamed from the API (writes, non-200 reads) that is the time to its headers, not to its last byte.
  // A throw (a programming error, or no Data API configured: Next answers 500) is not logged.
  const trace: Trace = { operation: null, source: "refused", cache: null };
  const response = await forward(request, version, segments, deps, { key, actor: actor! }, requestId, trace);
  const durationMs = elapsed();
  const answeredId = response.headers.get("X-Request-Id") ?? requestId;
  if (trace.cache) deps.telemetry?.cache(trace.cache);
  deps.telemetry?.answered({ requestId: answeredId, method: request.method, operation: trace.operation, status: response.status, durationMs, source: trace.source, cache: trace.cache });
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
  });
  return response;
}

/** What the request log and the telemetry note of an answer besides its status, set by `forward` as it goes. */
interface Trace {
  operation: string | null;
  source: RequestSource;
  cache: CacheOutcome | null;
}

/** A checked request on its way through `forward`: what the cache and the store stages need of it. */
interface Forwarding {
  deps: ProxyDeps;
  key: ActiveKey;
  operation: AnyOperation;
  requestId: string;
  trace: Trace;
  /** The audit record of a write the trail keeps; undefined for every other operation. */
  write: WriteRecord | undefined;
}

/** What the cache holds for a GET, and what the browser holds (its If-None-Match). */
interface Copy {
  lookup: CacheLookup | undefined;
  cached: CachedResponse | undefined;
  browserEtag: string | null;
  /** How old a last-known answer this request accepts may be (ms). */
  staleAllowanceMs: number;
  /** The answer when the cached copy is fresh and the page did not ask for the API's current one. */
  fresh?: Response;
}

/**
 * The proxy's work once the session's key is known: the request check, then the cache or the Data API, then what the
 * answer leaves behind (the cache, the audit trail). Every return is an answer for the key, logged by the caller.
 */
async function forward(request: Request, version: Version, segments: readonly string[], deps: ProxyDeps, who: { key: ActiveKey; actor: Actor }, requestId: string, trace: Trace): Promise<Response> {
  const { key } = who;

  // 1. Check: a request the contract refuses is answered here, and a write the trail keeps is recorded refused.
  const checked = await checkRequest(request, version, segments);
  trace.operation = "operation" in checked ? checked.operation.id : null;
  const write = "operation" in checked ? auditOf(request, checked, deps, who, requestId) : undefined;
  if (isRefusal(checked)) {
    await write?.refused(checked.status, checked.body);
    return answer(checked.body, checked.status, { "X-Request-Id": requestId, ...checked.headers });
  }
  const { operation } = checked;

  // 2. Role: a write the person's role does not allow reaches nothing, and is recorded refused (lib/session/roles.ts).
  if (!mayCall(who.actor.membership?.role, operation.id as OperationId, operation.method)) {
    const refusal = failureAnswer("forbidden-by-role", requestId, `Your role in ${who.actor.workspace?.name ?? "this workspace"} (${who.actor.membership?.role ?? "none"}) does not allow ${operation.method} ${operation.path}.`);
    await write?.refused(refusal.status, await refusal.clone().json());
    return refusal;
  }
  const forwarding: Forwarding = { deps, key, operation, requestId, trace, write };
  const upstream = await deps.upstream(key.environment, request);
  const target = upstreamUrl(upstream.v1Base, operation, checked.path as Record<string, string | number>, checked.query);

  // 2. The cache, for a GET: a fresh copy is the answer.
  const copy = await lookInCache(forwarding, request, target);
  if (copy.fresh) return copy.fresh;

  // 3. Upstream: a write is recorded before it is sent (a trail that cannot take it stops it: the route answers 503).
  // With a cached entry, only its own ETag revalidates: a 304 to the browser's ETag would not vouch for our copy.
  const revalidating = copy.cached ? copy.cached.etag : operation.method === "GET" ? copy.browserEtag : null;
  await write?.sending();
  trace.source = "upstream";
  const sent = await sendUpstream({
    upstream, target, method: operation.method, headers: upstreamHeaders(key.apiKey, request, checked, requestId, revalidating), body: checked.raw,
    signal: request.signal, timeoutMs: deps.timeoutMs, operation: operation.id, requestId, telemetry: deps.telemetry,
  });
  if ("failed" in sent) {
    await answered(forwarding, null);
    // A browser that left (499) is answered nothing worth a copy.
    const reason = ({ 504: "timeout", 502: "unreachable" } as const)[sent.failed.status as 502 | 504];
    return (reason && lastKnown(forwarding, copy, reason)) || sent.failed;
  }
  await deps.rateLimits.note(key.fingerprint, sent.response.headers).catch((error: unknown) => deps.telemetry?.failed("rate-limit figures unavailable", error, requestId));
  // Every read's answer, the browser's and the server render's alike (`page-api.ts` calls this proxy in-process): a
  // service without the v2 purchase endpoints is marked before its 404 reaches the page, so the page's refresh that
  // follows renders the v1 view.
  if (operation.method === "GET") await deps.purchasesV2?.noteAnswer(key.environment, operation.id, sent.response.status);
  const failure = operation.method === "GET" ? staleReasonOf(sent.response.status) : undefined;
  const stale = failure && lastKnown(forwarding, copy, failure, sent.response.headers);
  if (stale) {
    await sent.response.body?.cancel().catch(() => {});
    return stale;
  }

  // 4. Store: what the answer leaves behind, and the answer the browser gets.
  const passed = passBack(sent.response.headers, upstream.v1Base, version, requestId);
  if (operation.method !== "GET") return storeWrite(forwarding, sent.response, passed);
  return storeRead(forwarding, sent, passed, copy);
}

/**
 * The cached copy of a GET's answer, per key, and the answer when it is fresh, unless the page asks for the API's
 * current one (`Cache-Control: no-cache`: "check now", a status poll), which revalidates the copy instead.
 */
async function lookInCache(forwarding: Forwarding, request: Request, target: URL): Promise<Copy> {
  const { deps, key, operation, requestId, trace } = forwarding;
  const browserEtag = request.headers.get("If-None-Match");
  const lookup = operation.method === "GET" && deps.cache ? await deps.cache.lookup(key.fingerprint, target.href, operation.resource) : undefined;
  const cached = lookup?.entry;
  trace.cache = lookup?.available ? "miss" : "bypass";
  const wantsCurrent = /(^|,)\s*(no-cache|max-age=0)\s*(,|$)/i.test(request.headers.get("Cache-Control") ?? "");
  const copy = { lookup, cached, browserEtag, staleAllowanceMs: staleAllowanceMs(request.headers, deps.staleIfErrorMs ?? 0) };
  if (!cached || now(deps) >= cached.freshUntil || wantsCurrent) return copy;
  trace.source = "cache";
  trace.cache = "hit";
  return { ...copy, fresh: fromCache(cached, browserEtag, requestId) };
}

/** The audit record of a write the trail keeps (`audit/audited-writes.ts`), with what the check read of it; none for any other operation. */
function auditOf(request: Request, checked: CheckedRequest | Extract<RefusedRequest, { operation: AnyOperation }>, deps: ProxyDeps, who: { key: ActiveKey; actor: Actor }, requestId: string): WriteRecord | undefined {
  if (!deps.audit || !auditedWrite(checked.operation.id)) return undefined;
  return auditWrite({
    trail: deps.audit, actor: actorOf(request, who.actor, who.key), operation: checked.operation.id, path: checked.params, query: checked.rawQuery,
    body: checked.raw, idempotencyKey: request.headers.get("Idempotency-Key"), requestId,
  });
}

/** Writes the API's answer (or its absence: status null) onto a recorded write. Once the write is sent, a trail that cannot take its answer must not hide the API's answer: the entry stays "sent". */
async function answered(forwarding: Forwarding, status: number | null, answeredId: string | null = null, bytes?: Uint8Array): Promise<void> {
  const { write, deps, requestId } = forwarding;
  await write?.answered(status, answeredId, bytes).catch((error: unknown) => deps.telemetry?.failed("audit answer not recorded", error, requestId));
}

/**
 * A GET's answer: a 304 to our revalidation refreshes the copy and serves it; a 200 is read whole, the outcomes it
 * tells learned, kept in the cache when it has a body, and answered; anything else is streamed as it comes.
 */
async function storeRead(forwarding: Forwarding, sent: { response: Response; timeout: AbortSignal }, passed: Record<string, string>, copy: Copy): Promise<Response> {
  const { deps, key, operation, requestId, trace } = forwarding;
  const { response, timeout } = sent;
  const { lookup, cached } = copy;
  if (response.status === 304 && cached && lookup) {
    trace.source = "revalidated";
    trace.cache = "revalidated";
    await deps.cache?.refresh(lookup, freshUntil(deps, operation), passed);
    return fromCache({ ...cached, headers: { ...cached.headers, ...passed } }, copy.browserEtag, requestId);
  }
  if (response.status !== 200) return streamed(response, passed);
  const bytes = await readWhole(response);
  if (!bytes) {
    // The headers came and the body did not: a failure of the API, told as such (never a 500 of ours).
    const ids = { "X-Request-Id": requestId };
    if (timeout.aborted) return lastKnown(forwarding, copy, "timeout") ?? answer({ Error: `The Data API stopped answering within ${waited(deps.timeoutMs)}.` }, 504, ids);
    return lastKnown(forwarding, copy, "unreachable") ?? answer({ Error: "The Data API's answer broke off. Try again in a moment." }, 502, ids);
  }
  if (deps.audit) await learnOutcomes(deps.audit, key.fingerprint, operation.id, bytes).catch((error: unknown) => deps.telemetry?.failed("audit outcome not recorded", error, requestId));
  // An empty 200 is passed on but not kept: the cache holds answers with a body only.
  if (bytes.byteLength > 0 && lookup) {
    await deps.cache?.store(lookup, { status: 200, headers: passed, body: bytes, etag: response.headers.get("ETag"), storedAt: now(deps), freshUntil: freshUntil(deps, operation), resource: operation.resource });
  }
  return new Response(bytes, { status: 200, headers: { ...passed, "Cache-Control": "private, no-store" } });
}

/**
 * The cached copy of a GET as its last-known answer, when the API did not answer it well (`reason`) and the copy is
 * no older than the request allows; undefined otherwise (the failure is answered as it is).
 */
function lastKnown(forwarding: Forwarding, copy: Copy, reason: StaleReason, upstream?: Headers): Response | undefined {
  const { deps, requestId, trace } = forwarding;
  const entry = copy.lookup?.lastKnown;
  const at = now(deps);
  if (!entry || at - entry.storedAt > copy.staleAllowanceMs) return undefined;
  trace.source = "stale";
  trace.cache = "stale";
  return lastKnownAnswer({ entry, reason, now: at, upstream, requestId, browserEtag: copy.browserEtag });
}

/** A write's answer: what it changed is stale now (for this key, on every instance); a recorded write's answer is read whole and written onto its entry. */
async function storeWrite(forwarding: Forwarding, response: Response, passed: Record<string, string>): Promise<Response> {
  const { deps, key, operation, requestId, write } = forwarding;
  // Other keys see the change on their next revalidation.
  if (response.ok) await deps.cache?.invalidate(key.fingerprint, [operation.resource]);
  if (!write) return streamed(response, passed);
  // A write's answer is small: the entry holds what it says.
  const bytes = await readWhole(response);
  if (!bytes) {
    await answered(forwarding, null);
    // Sent with an Idempotency-Key (as Backroom's pages send every write), trying again is safe: the API replays.
    return answer({ Error: "The Data API's answer broke off, so whether the write was done is not known. Trying it again with the same Idempotency-Key is safe: the API makes it at most once." }, 502, { "X-Request-Id": requestId });
  }
  await answered(forwarding, response.status, response.headers.get("X-Request-Id"), bytes);
  return new Response(response.status === 204 ? null : bytes, { status: response.status, headers: { ...passed, "Cache-Control": "private, no-store" } });
}

/** The API's answer streamed as it comes; fetch decoded it, so Content-Encoding and Content-Length are not passed on. */
function streamed(response: Response, passed: Record<string, string>): Response {
  return new Response(response.status === 204 || response.status === 304 ? null : response.body, { status: response.status, headers: { ...passed, "Cache-Control": "private, no-store" } });
}

const now = (deps: ProxyDeps) => (deps.now ?? Date.now)();

/** Until when an answer of `operation` stored now is fresh (`freshness.ts`). */
function freshUntil(deps: ProxyDeps, operation: AnyOperation): number {
  const at = now(deps);
  return at + freshForMs(freshnessOf(operation), new Date(at));
}

/**
 * A cached answer: 304 when the browser's If-None-Match names its ETag (weakly, as the API compares), else the body.
 * Without the rate-limit figures it was stored with: they were the budget then, and the meter wants it now (a cached
 * answer spends nothing; the next upstream answer brings the figures).
 */
function fromCache(entry: { headers: Record<string, string>; body: Uint8Array; etag: string | null }, browserEtag: string | null, requestId: string): Response {
  const kept = Object.entries(entry.headers).filter(([name]) => !/^(ratelimit-|retry-after$)/i.test(name));
  const headers = { ...Object.fromEntries(kept), "X-Request-Id": requestId, "Cache-Control": "private, no-store" };
  if (entry.etag && matchesEtag(browserEtag, entry.etag)) return new Response(null, { status: 304, headers });
  return new Response(entry.body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/** One of Backroom's own refusals, in the words every route handler uses (route-errors.ts), as the proxy answers. */
function refusedHere(failure: "cross-site", ids: Record<string, string>): Response {
  const { status, text } = ROUTE_FAILURES[failure];
  return answer({ Error: text() }, status, ids);
}
