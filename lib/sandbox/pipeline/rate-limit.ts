import { SandboxError } from "../handler";
import type { RateLimiter } from "../rate-limit";
import type { Stage } from "./context";

/**
 * The rate limit (`../rate-limit.ts`): each request of a key is counted in its environment's window; past the limit
 * (the key's own when the operator gave it one, else the environment's),
 * 429 `{"Error": "Rate limit exceeded"}` with `Retry-After`. Every answer to a known key carries the figures
 * (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`), errors included.
 */
export function rateLimit(limiter: RateLimiter): Stage {
  return async (c, next) => {
    const scope = c.get("scope");
    const rate = limiter.take(`${c.get("env")}:${scope.keyHash}`, scope.rateLimit);
    const figures = {
      "RateLimit-Limit": String(rate.limit),
      "RateLimit-Remaining": String(rate.remaining),
      "RateLimit-Reset": String(rate.reset),
    };
    if (!rate.allowed)
      throw new SandboxError(429, { Error: "Rate limit exceeded" }, { ...figures, "Retry-After": String(rate.reset) });
    await next();
    for (const [name, value] of Object.entries(figures)) c.res.headers.set(name, value);
  };
}
