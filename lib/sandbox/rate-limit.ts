/**
 * A per-key hourly request limit, like the live service's (1,028 per hour in its test environment).
 * Fixed windows: a key's window opens with its first request and lasts `windowSeconds`. Kept in memory: a restart
 * gives every key a fresh window (recorded in docs/sandbox.md).
 */
export interface RateLimitOptions {
  limit: number;
  windowSeconds: number;
  /** Milliseconds since the epoch; the real clock unless a test fixes it. */
  now: () => number;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
  allowed: boolean;
}

export const DEFAULT_RATE_LIMIT = 1028;

export function createRateLimiter(options: Partial<RateLimitOptions> = {}) {
  const limit = options.limit ?? DEFAULT_RATE_LIMIT;
  const windowMs = (options.windowSeconds ?? 3600) * 1000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();

  /**
   * Counts one request of the key, unless its limit (the key's own, else the environment's) is reached; answers the
   * figures for the response headers.
   */
  function take(key: string, keyLimit = limit): RateLimitState {
    const at = now();
    let window = windows.get(key);
    if (!window || at - window.start >= windowMs) {
      window = { start: at, count: 0 };
      windows.set(key, window);
    }
    const reset = Math.max(1, Math.ceil((window.start + windowMs - at) / 1000));
    if (window.count >= keyLimit) return { limit: keyLimit, remaining: 0, reset, allowed: false };
    window.count++;
    return { limit: keyLimit, remaining: keyLimit - window.count, reset, allowed: true };
  }

  /**
   * The figures of the key's window as they stand, counting nothing: what an answer given before the key was counted
   * (404, 405, 401, a fault's) carries. A key with no open window (or an unknown one) has its whole limit left.
   */
  function peek(key: string | undefined, keyLimit = limit): RateLimitState {
    const at = now();
    const window = key === undefined ? undefined : windows.get(key);
    if (!window || at - window.start >= windowMs)
      return { limit: keyLimit, remaining: keyLimit, reset: Math.max(1, Math.ceil(windowMs / 1000)), allowed: true };
    const reset = Math.max(1, Math.ceil((window.start + windowMs - at) / 1000));
    return {
      limit: keyLimit,
      remaining: Math.max(0, keyLimit - window.count),
      reset,
      allowed: window.count < keyLimit,
    };
  }

  return { take, peek, limit };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
