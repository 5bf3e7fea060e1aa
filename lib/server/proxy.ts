import "server-only";
import { randomBytes } from "node:crypto";
import { matchOperation, type AnyOperation } from "@/lib/data-api/registry";
import { searchParamsToObject } from "@/lib/data-api/query-params";
import { BodyTooLargeError, isJsonContentType, readBodyText } from "@/lib/data-api/request-body";
import { queryErrorBody, validationErrorBody } from "@/lib/data-api/validation-errors";
import type { Version } from "@/lib/data-api/operation";
import type { Environment } from "./env";
import { freshForMs, freshnessOf } from "./freshness";
import type { RateLimitBook } from "./rate-limit-book";
import type { RequestLog, RequestSource } from "./request-log";
import type { ResponseCache } from "./response-cache";
import { isSameOrigin, isWrite } from "./same-origin";
import type { ActiveKey, SessionStore } from "./session";
import { readSessionId } from "./session-cookie";
import { upstreamUrl } from "./upstream-url";

/** Where an environment's requests go: the real API's base and fetch, or the embedded sandbox's. */
export interface Upstream {
  v1Base: string;
  fetch: (request: Request) => Promise<Response>;
}

export interface ProxyDeps {
  store: SessionStore;
  cache: ResponseCache;
  rateLimits: RateLimitBook;
  upstream: (environment: Environment, request: Request) => Upstream | Promise<Upstream>;
  timeoutMs: number;
  now?: () => number;
  /** Where each answer given for a key is noted (the dashboard's request log); none in tests that do not look. */
  requestLog?: RequestLog;
}

/** Upstream headers the browser gets back; everything else (cookies, server, encodings) stays behind. */
const PASSED_BACK = ["ETag", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "X-Request-Id", "Idempotency-Replayed", "Preference-Applied", "Content-Type"];
const REQUEST_ID = /^[A-Za-z0-9]{1,64}$/;

function answer(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store", ...headers } });
}

/**
 * The cache's handle on a key: the id of its entry in the session's ring (random, never the key), so sign-out and
 * removing a key can drop its answers without the key in clear.
 */
export function cacheKeyOf(key: Pick<ActiveKey, "id">): string {
  return `key:${key.id}`;
}

/**
 * `/api/{v1|v2}/...`: forwards one registry operation to the Data API with the session's active key.
 * - non-GET requests must come from Backroom's own pages (403 otherwise, before anything else);
 * - no session, or no key in it: 401; an unknown operation 404, a wrong method 405 with Allow;
 * - path, query and body are checked against the contract first (400, 413, 415), and the upstream URL is built from
 *   the configured base and the operation's template, never from the browser's path;
 * - GET answers are cached per key (fresh ones served without an upstream call, stale ones revalidated with
 *   If-None-Match); a write invalidates its resource's entries; writes are never retried;
 * - the answer keeps its status, body and the API's headers, `Location` rewritten to `/api/...`;
 *   `Cache-Control: private, no-store`; 504 after the timeout, 502 when the API cannot be reached;
 * - every answer given once the key is known goes to `deps.requestLog` under the key's ring id (never the key).
 *
 * @example
 * export const GET = (request: Request, ctx: { params: Promise<{ path: string[] }> }) => proxyRequest(request, "v1", (await ctx.params).path, deps);
 */
export async function proxyRequest(request: Request, version: Version, segments: readonly string[], deps: ProxyDeps): Promise<Response> {
  const started = performance.now();
  const at = new Date((deps.now ?? Date.now)()).toISOString();
  const requestId = REQUEST_ID.test(request.headers.get("X-Request-Id") ?? "") ? request.headers.get("X-Request-Id")! : randomBytes(16).toString("hex");
  const ids = { "X-Request-Id": requestId };
  if (isWrite(request.method) && !isSameOrigin(request)) return answer({ Error: "Cross-site request refused" }, 403, ids);

  const sessionId = readSessionId(request);
  const key = sessionId ? await deps.store.activeKey(sessionId) : undefined;
  if (!key) return answer({ Error: "Not connected: connect an API key at /connect" }, 401, ids);

  // From here every answer is the key's, and is logged once. The duration runs to the Response being handed back:
  // for a body streamed from the API (writes, non-200 reads) that is the time to its headers, not to its last byte.
  // A throw (a programming error, or no Data API configured: Next answers 500) is not logged.
  const trace: Trace = { operation: null, source: "refused" };
  const response = await forward(request, version, segments, deps, key, requestId, trace);
  deps.requestLog?.record(key.id, {
    at,
    method: request.method,
    // Segment by segment, as matched: for an operation, its template with the values filled in.
    path: `/api/${version}/${segments.map(encodeURIComponent).join("/")}${new URL(request.url).search}`,
    operation: trace.operation,
    status: response.status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    requestId: response.headers.get("X-Request-Id") ?? requestId,
    source: trace.source,
  });
  return response;
}

/** What the request log notes of an answer besides its status, set by `forward` as it goes. */
interface Trace {
  operation: string | null;
  source: RequestSource;
}

/** The proxy's work once the session's key is known: every return is an answer for the key, logged by the caller. */
async function forward(request: Request, version: Version, segments: readonly string[], deps: ProxyDeps, key: ActiveKey, requestId: string, trace: Trace): Promise<Response> {
  const ids = { "X-Request-Id": requestId };
  const match = matchOperation(request.method, version, segments);
  if (match.kind === "not-found") return answer({ Error: "Not found" }, 404, ids);
  if (match.kind === "method-not-allowed") return answer({ Error: `Method ${request.method} is not allowed here` }, 405, { ...ids, Allow: match.allow.join(", ") });
  const operation: AnyOperation = match.operation;
  trace.operation = operation.id;

  const url = new URL(request.url);
  const path = operation.pathSchema.safeParse(match.params);
  if (!path.success) return answer(queryErrorBody(path.error), 400, ids);
  const query = operation.querySchema.safeParse(searchParamsToObject(url.searchParams));
  if (!query.success) return answer(queryErrorBody(query.error), 400, ids);

  let body: string | undefined;
  if (operation.body) {
    if (!isJsonContentType(request.headers.get("Content-Type"))) return answer({ Error: { code: "UNSUPPORTED_MEDIA_TYPE", detail: "Send the body as application/json." } }, 415, ids);
    try {
      body = await readBodyText(request);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return answer({ Error: { code: "BODY_TOO_LARGE", detail: error.message } }, 413, ids);
      throw error;
    }
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return answer({ Error: { code: "MALFORMED_JSON", detail: "The body is not valid JSON." } }, 400, ids);
    }
    const lenient = /handling\s*=\s*"?lenient/i.test(request.headers.get("Prefer") ?? "") && operation.lenientBody !== undefined;
    const checked = (lenient ? operation.lenientBody! : operation.body).safeParse(value);
    if (!checked.success) return answer(validationErrorBody(checked.error), 400, ids);
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
  const cacheKey = cacheKeyOf(key);
  const browserEtag = request.headers.get("If-None-Match");
  const cached = operation.method === "GET" ? deps.cache.get(cacheKey, target.href) : undefined;
  // `Cache-Control: no-cache` from the page ("check now", a status poll) asks for the API's current answer: the copy is
  // revalidated (a 304 when unchanged) instead of served while fresh.
  const wantsCurrent = /(^|,)\s*(no-cache|max-age=0)\s*(,|$)/i.test(request.headers.get("Cache-Control") ?? "");
  if (cached && now() < cached.freshUntil && !wantsCurrent) {
    trace.source = "cache";
    return fromCache(cached, browserEtag, ids);
  }
  // With an entry, only its own ETag revalidates: a 304 to the browser's ETag would not vouch for our copy.
  const revalidating = cached ? cached.etag : operation.method === "GET" ? browserEtag : null;
  if (revalidating) headers.set("If-None-Match", revalidating);

  let response: Response;
  trace.source = "upstream";
  const timeout = AbortSignal.timeout(deps.timeoutMs);
  try {
    response = await upstream.fetch(new Request(target, { method: operation.method, headers, body, signal: AbortSignal.any([timeout, request.signal]) }));
  } catch (error) {
    if (timeout.aborted) return answer({ Error: `The Data API did not answer within ${waited(deps.timeoutMs)}. Nothing was retried; try again.` }, 504, ids);
    if (request.signal.aborted) return answer({ Error: "The request was cancelled" }, 499, ids);
    console.error(`proxy: ${operation.method} ${operation.path} could not reach the Data API (request ${requestId})`, error instanceof Error ? error.message : error);
    return answer({ Error: "The Data API could not be reached. Try again in a moment." }, 502, ids);
  }
  deps.rateLimits.note(key.id, response.headers);

  const passed = passBack(response.headers, upstream.v1Base, version, requestId);
  if (operation.method === "GET") {
    if (response.status === 304 && cached) {
      trace.source = "revalidated";
      deps.cache.refresh(cacheKey, target.href, now() + freshForMs(freshnessOf(operation), new Date(now())), passed);
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
      // An empty 200 is passed on but not kept: the cache holds answers with a body only.
      if (bytes.byteLength > 0) {
        deps.cache.set(cacheKey, target.href, {
          status: 200, headers: passed, body: bytes, etag: response.headers.get("ETag"), storedAt: now(),
          freshUntil: now() + freshForMs(freshnessOf(operation), new Date(now())), resource: operation.resource,
        });
      }
      return new Response(bytes, { status: 200, headers: { ...passed, "Cache-Control": "private, no-store" } });
    }
  } else if (response.ok) {
    // What the write changed is stale now, for this key; other keys see it on their next revalidation.
    deps.cache.invalidate(cacheKey, [operation.resource]);
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
