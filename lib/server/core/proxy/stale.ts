import "server-only";
import { matchesEtag } from "@/lib/data-api/request-check";
import { formatStaleHeader, parseRetryAfter, STALE_HEADER, type StaleReason } from "@/lib/data-api/response-meta";
import type { CachedResponse } from "../response-cache";

/**
 * The proxy's last-known answers (RFC 5861 `stale-if-error`): when a GET's upstream answer is a 429, a 5xx, a timeout
 * or no answer at all, the cached answer for the same key and URL is served instead (status 200, the body as it was),
 * marked with `Age` and `X-Backroom-Stale: <why>; at=<when it was read>[; until=<when the budget returns>]`, so the
 * page shows what it showed and says how old it is. The proxy's cache and store stages (`proxy/`) decide when; this file says whether and how.
 */

/** Why an upstream status is a reason to answer with the last-known copy; undefined when the answer stands. */
export function staleReasonOf(status: number): StaleReason | undefined {
  if (status === 429) return "rate-limited";
  if (status >= 500) return "api-error";
  return undefined;
}

/**
 * How old a last-known answer the request accepts may be, in ms: the configured allowance, or less when the request
 * says so with `Cache-Control: stale-if-error=<seconds>` (0: never; an export must not mix pages of different ages).
 *
 * @example
 * staleAllowanceMs(new Headers({ "Cache-Control": "no-cache, stale-if-error=0" }), 86_400_000); // 0
 */
export function staleAllowanceMs(headers: Headers, configuredMs: number): number {
  const asked = /(?:^|,)\s*stale-if-error\s*=\s*"?(\d+)"?\s*(?:,|$)/i.exec(headers.get("Cache-Control") ?? "");
  return asked ? Math.min(Number(asked[1]) * 1000, configuredMs) : configuredMs;
}

/** When the budget returns, from a 429's Retry-After, else its RateLimit-Reset (seconds from now). */
function returnsAt(upstream: Headers | undefined, now: number): string | undefined {
  if (!upstream) return undefined;
  const retryAfter = parseRetryAfter(upstream.get("Retry-After"), now);
  const reset = /^\s*\d+\s*$/.test(upstream.get("RateLimit-Reset") ?? "")
    ? Number(upstream.get("RateLimit-Reset"))
    : undefined;
  const seconds = retryAfter ?? reset;
  return seconds === undefined ? undefined : new Date(now + seconds * 1000).toISOString();
}

const RATE_LIMIT_HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After"];
const IS_RATE_LIMIT = new Set(RATE_LIMIT_HEADERS.map((name) => name.toLowerCase()));

export interface LastKnown {
  entry: CachedResponse;
  reason: StaleReason;
  now: number;
  /** The failed answer's headers, when there was one: its rate-limit figures are the current ones, the copy's are not. */
  upstream?: Headers;
  requestId: string;
  browserEtag: string | null;
}

/**
 * The cached answer as the last-known one: its body and headers, without the rate-limit figures it was stored with
 * (the failed answer's current ones instead, when it had them), with `Age` and `X-Backroom-Stale`; 304 when the
 * browser's If-None-Match names its ETag.
 *
 * @example
 * return lastKnownAnswer({ entry, reason: "rate-limited", now: Date.now(), upstream: response.headers, requestId, browserEtag: null });
 */
export function lastKnownAnswer({ entry, reason, now, upstream, requestId, browserEtag }: LastKnown): Response {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(entry.headers))
    if (!IS_RATE_LIMIT.has(name.toLowerCase())) headers[name] = value;
  for (const name of RATE_LIMIT_HEADERS) {
    const value = upstream?.get(name);
    if (value) headers[name] = value;
  }
  const until = reason === "rate-limited" ? returnsAt(upstream, now) : undefined;
  Object.assign(headers, {
    Age: String(Math.max(0, Math.floor((now - entry.storedAt) / 1000))),
    [STALE_HEADER]: formatStaleHeader({
      reason,
      at: new Date(entry.storedAt).toISOString(),
      ...(until ? { until } : {}),
    }),
    "X-Request-Id": upstream?.get("X-Request-Id") ?? requestId,
    "Cache-Control": "private, no-store",
  });
  if (entry.etag && matchesEtag(browserEtag, entry.etag)) return new Response(null, { status: 304, headers });
  return new Response(entry.body, { status: 200, headers });
}
