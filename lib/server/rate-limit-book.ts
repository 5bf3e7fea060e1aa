import "server-only";

/** The last rate-limit figures the Data API gave for a key: what the dashboard shows as the budget left this hour. */
export interface RateLimitFigures {
  limit: number;
  remaining: number;
  /** When the window resets (ISO), from RateLimit-Reset seconds at the time seen. */
  resetsAt: string;
  seenAt: string;
}

/**
 * The last figures per stored key (by its id), kept in memory: they are a hint for the UI, refreshed by every answer,
 * and a restart only loses them until the next request.
 */
export function createRateLimitBook(now: () => Date = () => new Date()) {
  const figures = new Map<string, RateLimitFigures>();
  return {
    /** Notes the figures of an answer, when it carries them. */
    note(keyId: string, headers: Headers): void {
      const limit = Number(headers.get("RateLimit-Limit"));
      const remaining = Number(headers.get("RateLimit-Remaining"));
      const reset = Number(headers.get("RateLimit-Reset"));
      if (!headers.has("RateLimit-Remaining") || !Number.isFinite(limit) || !Number.isFinite(remaining) || !Number.isFinite(reset)) return;
      const at = now();
      figures.set(keyId, { limit, remaining, resetsAt: new Date(at.getTime() + reset * 1000).toISOString(), seenAt: at.toISOString() });
    },
    get: (keyId: string): RateLimitFigures | undefined => figures.get(keyId),
    forget: (keyId: string): void => void figures.delete(keyId),
  };
}

export type RateLimitBook = ReturnType<typeof createRateLimitBook>;
