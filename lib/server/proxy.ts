import "server-only";
import { randomUUID } from "node:crypto";
import { matchOperation, type AnyOperation } from "@/lib/data-api/registry";
import { searchParamsToObject } from "@/lib/data-api/query-params";
import { BodyTooLargeError, isJsonContentType, readBodyText } from "@/lib/data-api/request-body";
import { queryErrorBody, validationErrorBody } from "@/lib/data-api/validation-errors";
import type { Version } from "@/lib/data-api/operation";
import type { Environment } from "./env";
import { freshForMs, freshnessOf } from "./freshness";
import type { CacheOutcome } from "./metrics";
import type { RateLimitBook } from "./rate-limit-book";
import type { RequestLog, RequestSource } from "./request-log";
import type { CacheLookup, ResponseCache } from "./response-cache";
import { isUnavailable, unavailableAnswer } from "./route-errors";
import type { AuditTrail } from "./audit/audit-trail";
import { auditedWrite } from "./audit/audited-writes";
import { actorOf, auditWrite, learnOutcomes, type WriteRecord } from "./audit/write-audit";
import { isSameOrigin, isWrite } from "./same-origin";
import type { ActiveKey, SessionStore } from "./session";
import { readSessionId } from "./session-cookie";
import { upstreamUrl } from "./upstream-url";

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
  store: SessionStore;
  /** The response cache; none when PROXY_CACHE=off (every GET goes upstream). */
  cache?: ResponseCache;
  rateLimits: RateLimitBook;
  upstream: (environment: Environment, request: Request) => Upstream | Promise<Upstream>;
  timeoutMs: number;
  now?: () => number;
  /** Where each answer given for a key is noted (the dashboard's request log); none in tests that do not look. */
  requestLog?: RequestLog;
  /** The audit trail: every write (and its refusal) recorded, and outcomes learned from reads. */
  audit?: AuditTrail;
  telemetry?: ProxyTelemetry;
}

/** Upstream headers the browser gets back; everything else (cookies, server, encodings) stays behind. */
const PASSED_BACK = ["ETag", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "X-Request-Id", "Idempotency-Replayed", "Preference-Applied", "Content-Type"];
const REQUEST_ID = /^[A-Za-z0-9]{1,64}$/;

function answer(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store", ...headers } });
}

/**
 * `/api/{v1|v2}/...`: forwards one registry operation to the Data API with the session's active key.
 * - non-GET requests must come from Backroom's own pages (403 otherwise, before anything else);
 * - no session, or no key in it: 401; an unknown operation 404, a wrong method 405 with Allow;
 * - path, query and body are checked against the contract first (400, 413, 415), and the upstream URL is built from
 *   the configured base and the operation's template, never from the browser's path;
 * - GET answers are cached per key, by its fingerprint (fresh ones served without an upstream call, stale ones
 *   revalidated with If-None-Match); a write invalidates its resource's entries; writes are never retried;
 * - the answer keeps its status, body and the API's headers, `Location` rewritten to `/api/...`;
 *   `Cache-Control: private, no-store`; 504 after the timeout, 502 when the API cannot be reached;
 * - every answer given once the key is known goes to `deps.requestLog` under the key's ring id (never the key), and
 *   every answer to `deps.telemetry` (metrics, one log line);
 * - a write the audit trail keeps (`audit/audited-writes.ts`) is recorded before it goes upstream (a database that
 *   cannot take it stops the write: 503), its answer written onto the entry; a write refused here is recorded refused;
 *   a read that tells a write's outcome (a payment application's Status, a purchase's ERP id) writes it onto its entry;
 * - a session store that cannot answer (its database is down) is route-errors' 503, told to the telemetry.
 *
 * @example
 * export const GET = (request: Request, ctx: { params: Promise<{ path: string[] }> }) => proxyRequest(request, "v1", (await ctx.params).path, deps);
 */
export async function proxyRequest(request: Request, version: Version, segments: readonly string[], deps: ProxyDeps): Promise<Response> {
  const started = performance.now();
  const at = new Date((deps.now ?? Date.now)()).toISOString();
  // 32 hex characters, as before; randomUUID draws from a cached entropy pool (randomBytes costs a system call each time).
  const requestId = REQUEST_ID.test(request.headers.get("X-Request-Id") ?? "") ? request.headers.get("X-Request-Id")! : randomUUID().replaceAll("-", "");
  const ids = { "X-Request-Id": requestId };
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  const unauthenticated = (response: Response) => {
    deps.telemetry?.answered({ requestId, method: request.method, operation: null, status: response.status, durationMs: elapsed(), source: "unauthenticated", cache: null });
    return response;
  };
  if (isWrite(request.method) && !isSameOrigin(request)) return unauthenticated(answer({ Error: "Cross-site request refused" }, 403, ids));

  const sessionId = readSessionId(request);
  let key: ActiveKey | undefined;
  try {
    key = sessionId ? await deps.store.activeKey(sessionId) : undefined;
  } catch (error) {
    // A bug is not an outage: anything else goes on to the route's answerFailures (500).
    if (!isUnavailable(error)) throw error;
    deps.telemetry?.failed("session store unavailable", error, requestId);
    return unauthenticated(unavailableAnswer(requestId));
  }
  if (!key) return unauthenticated(answer({ Error: "Not connected: connect an API key at /connect" }, 401, ids));

  // From here every answer is the key's, and is logged once. The duration runs to the Response being handed back:
  // for a body streamed from the API (writes, non-200 reads) that is the time to its headers, not to its last byte.
  // A throw (a programming error, or no Data API configured: Next answers 500) is not logged.
  const trace: Trace = { operation: null, source: "refused", cache: null };
  const response = await forward(request, version, segments, deps, { key, sessionId }, requestId, trace);
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

/** The proxy's work once the session's key is known: every return is an answer for the key, logged by the caller. */
async function forward(request: Request, version: Version, segments: readonly string[], deps: ProxyDeps, who: { key: ActiveKey; sessionId: string | undefined }, requestId: string, trace: Trace): Promise<Response> {
  const { key } = who;
  const ids = { "X-Request-Id": requestId };
  const match = matchOperation(request.method, version, segments);
  if (match.kind === "not-found") return answer({ Error: "Not found" }, 404, ids);
  if (match.kind === "method-not-allowed") return answer({ Error: `Method ${request.method} is not allowed here` }, 405, { ...ids, Allow: match.allow.join(", ") });
  const operation: AnyOperation = match.operation;
  trace.operation = operation.id;

  const url = new URL(request.url);
  const rawQuery = searchParamsToObject(url.searchParams);
  let body: string | undefined;
  let write: WriteRecord | undefined;
  // A write the audit trail keeps is recorded whatever becomes of it: refused here, or sent.
  // Once the write is sent, a trail that cannot take its answer must not hide the API's answer: the entry stays "sent".
  const answered = (status: number | null, answeredId: string | null, bytes?: Uint8Array) =>
    write?.answered(status, answeredId, bytes).catch((error: unknown) => deps.telemetry?.failed("audit answer not recorded", error, requestId));
  const refuse = async (error: unknown, status: number) => {
    await write?.refused(status, error);
    return answer(error, status, ids);
  };
  // Only a write the trail keeps is recorded; for every other operation nothing is built.
  const audit = () =>
    deps.audit && auditedWrite(operation.id) && auditWrite({ trail: deps.audit, actor: actorOf(request, who.sessionId, key), operation: operation.id, path: match.params, query: rawQuery, body, idempotencyKey: request.headers.get("Idempotency-Key"), requestId });
  write = audit();

  const path = operation.pathSchema.safeParse(match.params);
  if (!path.success) return refuse(queryErrorBody(path.error), 400);
  const query = operation.querySchema.safeParse(rawQuery);
  if (!query.success) return refuse(queryErrorBody(query.error), 400);

  if (operation.body) {
    if (!isJsonContentType(request.headers.get("Content-Type"))) return refuse({ Error: { code: "UNSUPPORTED_MEDIA_TYPE", detail: "Send the body as application/json." } }, 415);
    try {
      body = await readBodyText(request);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refuse({ Error: { code: "BODY_TOO_LARGE", detail: error.message } }, 413);
      throw error;
    }
    // From here the record names what the body names.
    write = audit();
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return refuse({ Error: { code: "MALFORMED_JSON", detail: "The body is not valid JSON." } }, 400);
    }
    const lenient = /handling\s*=\s*"?lenient/i.test(request.headers.get("Prefer") ?? "") && operation.lenientBody !== undefined;
    const checked = (lenient ? operation.lenientBody! : operation.body).safeParse(value);
    if (!checked.success) return refuse(validationErrorBody(checked.error), 400);
  }

  const upstream = await deps.upstream(key.environment, request);
  const target = upstreamUrl(upstream.v1Base, operation, path.data as Record<string, string | number>, query.data as Record<string, unknown>);
  const headers = new Headers({ "x-api-key": key.apiKey, Accept: "application/json", "X-Request-Id": requestId });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  for (const name of ["Idempotency-Key", "Prefer"]) {
    const value = request.headers.get(name);
    if (value && operation.method !== "GET") headers.set(name, value);
  }

  const now = deps.now ?? Date.now;
  const browserEtag = request.headers.get("If-None-Match");
  const lookup: CacheLookup | undefined = operation.method === "GET" && deps.cache ? await deps.cache.lookup(key.fingerprint, target.href, operation.resource) : undefined;
  const cached = lookup?.entry;
  trace.cache = lookup?.available ? "miss" : "bypass";
  // `Cache-Control: no-cache` from the page ("check now", a status poll) asks for the API's current answer: the copy is
  // revalidated (a 304 when unchanged) instead of served while fresh.
  const wantsCurrent = /(^|,)\s*(no-cache|max-age=0)\s*(,|$)/i.test(request.headers.get("Cache-Control") ?? "");
  if (cached && now() < cached.freshUntil && !wantsCurrent) {
    trace.source = "cache";
    trace.cache = "hit";
    return fromCache(cached, browserEtag, ids);
  }
  // With an entry, only its own ETag revalidates: a 304 to the browser's ETag would not vouch for our copy.
  const revalidating = cached ? cached.etag : operation.method === "GET" ? browserEtag : null;
  if (revalidating) headers.set("If-None-Match", revalidating);

  // Recorded before it is sent: a write the trail cannot take is not made (the route answers 503).
  await write?.sending();
  let response: Response;
  trace.source = "upstream";
  const timeout = AbortSignal.timeout(deps.timeoutMs);
  const sent = performance.now();
  const took = () => (performance.now() - sent) / 1000;
  try {
    response = await upstream.fetch(new Request(target, { method: operation.method, headers, body, signal: AbortSignal.any([timeout, request.signal]) }));
  } catch (error) {
    await answered(null, null);
    if (timeout.aborted) {
      deps.telemetry?.upstream(operation.id, "timeout", took());
      return answer({ Error: `The Data API did not answer within ${waited(deps.timeoutMs)}. Nothing was retried; try again.` }, 504, ids);
    }
    if (request.signal.aborted) {
      deps.telemetry?.upstream(operation.id, "cancelled", took());
      return answer({ Error: "The request was cancelled" }, 499, ids);
    }
    deps.telemetry?.upstream(operation.id, "unreachable", took());
    deps.telemetry?.failed(`${operation.id}: the Data API could not be reached`, error, requestId);
    return answer({ Error: "The Data API could not be reached. Try again in a moment." }, 502, ids);
  }
  deps.telemetry?.upstream(operation.id, String(response.status), took());
  await deps.rateLimits.note(key.fingerprint, response.headers).catch((error: unknown) => deps.telemetry?.failed("rate-limit figures unavailable", error, requestId));

  const passed = passBack(response.headers, upstream.v1Base, version, requestId);
  if (operation.method === "GET") {
    if (response.status === 304 && cached && lookup) {
      trace.source = "revalidated";
      trace.cache = "revalidated";
      await deps.cache?.refresh(lookup, now() + freshForMs(freshnessOf(operation), new Date(now())), passed);
      return fromCache({ ...cached, headers: { ...cached.headers, ...passed } }, browserEtag, ids);
    }
    if (response.status === 200) {
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        bytes = new Uint8Array(await response.arrayBuffer());
      } catch {
        // The headers came and the body did not: a failure of the API, told as such (never a 500 of ours).
        if (timeout.aborted) return answer({ Error: `The Data API stopped answering within ${waited(deps.timeoutMs)}.` }, 504, ids);
        return answer({ Error: "The Data API's answer broke off. Try again in a moment." }, 502, ids);
      }
      if (deps.audit) await learnOutcomes(deps.audit, key.fingerprint, operation.id, bytes).catch((error: unknown) => deps.telemetry?.failed("audit outcome not recorded", error, requestId));
      // An empty 200 is passed on but not kept: the cache holds answers with a body only.
      if (bytes.byteLength > 0 && lookup) {
        await deps.cache?.store(lookup, {
          status: 200, headers: passed, body: bytes, etag: response.headers.get("ETag"), storedAt: now(),
          freshUntil: now() + freshForMs(freshnessOf(operation), new Date(now())), resource: operation.resource,
        });
      }
      return new Response(bytes, { status: 200, headers: { ...passed, "Cache-Control": "private, no-store" } });
    }
  } else {
    // What the write changed is stale now, for this key, on every instance; other keys see it on their next revalidation.
    if (response.ok) await deps.cache?.invalidate(key.fingerprint, [operation.resource]);
    if (write) {
      // A recorded write's answer is read whole (a write's answer is small) so the entry holds what it says.
      let bytes: Uint8Array<ArrayBuffer> | undefined;
      try {
        bytes = new Uint8Array(await response.arrayBuffer());
      } catch {
        await answered(null, null);
        return answer({ Error: "The Data API's answer broke off. Whether the write was done is not known: look before trying again." }, 502, ids);
      }
      await answered(response.status, response.headers.get("X-Request-Id"), bytes);
      return new Response(response.status === 204 ? null : bytes, { status: response.status, headers: { ...passed, "Cache-Control": "private, no-store" } });
    }
  }
  // Streamed as it comes; fetch decoded it, so Content-Encoding and Content-Length are not passed on.
  return new Response(response.status === 204 || response.status === 304 ? null : response.body, { status: response.status, headers: { ...passed, "Cache-Control": "private, no-store" } });
}

/** A timeout in words: "50 ms" below a second, "30 s" from there on. */
function waited(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

/** The headers passed back, with `Location` moved from the upstream base to Backroom's own `/api/{version}`. */
function passBack(upstreamHeaders: Headers, v1Base: string, version: Version, requestId: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PASSED_BACK) {
    const value = upstreamHeaders.get(name);
    if (value !== null) out[name] = value;
  }
  out["X-Request-Id"] ??= requestId;
  const location = upstreamHeaders.get("Location");
  const base = v1Base.replace(/\/api\/v1$/, `/api/${version}`);
  if (location?.startsWith(`${base}/`)) out.Location = `/api/${version}${location.slice(base.length)}`;
  return out;
}

function fromCache(entry: { headers: Record<string, string>; body: Uint8Array; etag: string | null }, browserEtag: string | null, ids: Record<string, string>): Response {
  const headers = { ...entry.headers, ...ids, "Cache-Control": "private, no-store" };
  if (browserEtag && entry.etag && browserEtag.replace(/^W\//, "") === entry.etag.replace(/^W\//, "")) return new Response(null, { status: 304, headers });
  return new Response(entry.body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
