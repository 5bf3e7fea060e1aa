/** What every Data API response says in its headers. */
export interface ResponseMeta {
  status: number;
  rateLimit: { limit?: number; remaining?: number; reset?: number };
  /** Seconds to wait, from Retry-After (on 429). */
  retryAfter?: number;
  etag?: string;
  requestId?: string;
  /** True when the response is the replay of an earlier request with the same Idempotency-Key. */
  idempotencyReplayed: boolean;
  /** The Prefer tokens the service honoured. */
  preferenceApplied: string[];
  location?: string;
}

function intHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/** Retry-After is either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Reads the Data API's response headers.
 *
 * @example
 * parseResponseMeta(new Response(null, { headers: { "RateLimit-Remaining": "12" } })).rateLimit.remaining; // 12
 */
export function parseResponseMeta(response: { status: number; headers: Headers }): ResponseMeta {
  const { headers } = response;
  const applied = headers.get("Preference-Applied");
  return {
    status: response.status,
    rateLimit: {
      limit: intHeader(headers, "RateLimit-Limit"),
      remaining: intHeader(headers, "RateLimit-Remaining"),
      reset: intHeader(headers, "RateLimit-Reset"),
    },
    retryAfter: parseRetryAfter(headers.get("Retry-After")),
    etag: headers.get("ETag") ?? undefined,
    requestId: headers.get("X-Request-Id") ?? undefined,
    idempotencyReplayed: headers.get("Idempotency-Replayed") === "true",
    preferenceApplied: applied ? applied.split(",").map((s) => s.trim()).filter(Boolean) : [],
    location: headers.get("Location") ?? undefined,
  };
}
