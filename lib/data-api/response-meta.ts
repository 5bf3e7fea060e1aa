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
  /**
   * Set when a cache in front of the API (Backroom's proxy) answered with its last-known copy because the API did not
   * answer well (RFC 5861 `stale-if-error`), from `X-Backroom-Stale`: why, when the copy was read from the API, and
   * for a spent rate limit when the budget returns. Undefined for an answer of the API itself.
   */
  stale?: StaleNote;
}

/** Why a cache answered with its last-known copy: the API's 429, its 5xx, no answer in time, or none at all. */
export type StaleReason = "rate-limited" | "api-error" | "timeout" | "unreachable";
export const STALE_REASONS: readonly StaleReason[] = ["rate-limited", "api-error", "timeout", "unreachable"];

/** A last-known answer's note: `X-Backroom-Stale: rate-limited; at=2026-11-23T14:02:00.000Z; until=2026-11-23T15:00:00.000Z`. */
export interface StaleNote {
  reason: StaleReason;
  /** When the copy was read from the API (ISO). */
  at: string;
  /** When the API's budget returns (ISO), for `rate-limited` when the API said (Retry-After, RateLimit-Reset). */
  until?: string;
}

/** The header a cache sets on a last-known answer. */
export const STALE_HEADER = "X-Backroom-Stale";

/**
 * The value of `X-Backroom-Stale` for a note, and back. An unreadable value reads as undefined.
 *
 * @example
 * formatStaleHeader({ reason: "timeout", at: "2026-11-23T14:02:00.000Z" }); // "timeout; at=2026-11-23T14:02:00.000Z"
 * parseStaleHeader("timeout; at=2026-11-23T14:02:00.000Z"); // { reason: "timeout", at: "2026-11-23T14:02:00.000Z" }
 */
export function formatStaleHeader(note: StaleNote): string {
  return [note.reason, `at=${note.at}`, ...(note.until ? [`until=${note.until}`] : [])].join("; ");
}

export function parseStaleHeader(value: string | null): StaleNote | undefined {
  if (!value) return undefined;
  const [reason, ...params] = value.split(";").map((part) => part.trim());
  if (!STALE_REASONS.includes(reason as StaleReason)) return undefined;
  const fields = new Map(
    params.map((p) => [p.slice(0, p.indexOf("=")).toLowerCase(), p.slice(p.indexOf("=") + 1)] as const),
  );
  const iso = (name: string) => {
    const text = fields.get(name);
    return text && !Number.isNaN(Date.parse(text)) ? new Date(text).toISOString() : undefined;
  };
  const at = iso("at");
  if (!at) return undefined;
  const until = iso("until");
  return { reason: reason as StaleReason, at, ...(until ? { until } : {}) };
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

function stale(headers: Headers): { stale?: StaleNote } {
  const note = parseStaleHeader(headers.get(STALE_HEADER));
  return note ? { stale: note } : {};
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
    preferenceApplied: applied
      ? applied
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    location: headers.get("Location") ?? undefined,
    ...stale(headers),
  };
}
