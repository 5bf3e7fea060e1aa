import type { Context } from "hono";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { type Environment, isEnvironment } from "../environments";
import { SandboxError } from "../handler";
import { type KeyScope, resolveKey } from "../keys";
import type { RateLimiter, RateLimitState } from "../rate-limit";
import type { ApiEnv, Stage } from "./context";

/** The documentation's `RateLimit-*` headers for a window's figures. */
export function rateLimitHeaders(rate: RateLimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(rate.limit),
    "RateLimit-Remaining": String(rate.remaining),
    "RateLimit-Reset": String(rate.reset),
  };
}

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
    const figures = rateLimitHeaders(rate);
    if (!rate.allowed)
      throw new SandboxError(429, { Error: "Rate limit exceeded" }, { ...figures, "Retry-After": String(rate.reset) });
    await next();
    for (const [name, value] of Object.entries(figures)) c.res.headers.set(name, value);
  };
}

/**
 * The figures for an answer given before the rate limit counted the request (a 404 or 405 of the route, a 401, a
 * fault's 500): the window of the key it sends (`sent`, in environment `env`) as that window stands, counting nothing;
 * the environment's whole limit when the key is missing or unknown (such requests are not counted: the documentation
 * counts per key). `scope` spares the lookup when the key stage has already resolved the key.
 */
export async function standingFigures(
  databases: Record<Environment, Kysely<Database>>,
  limiter: RateLimiter,
  env: string,
  sent: string | undefined,
  scope?: KeyScope,
): Promise<Record<string, string>> {
  if (!isEnvironment(env) || !sent) return rateLimitHeaders(limiter.peek(undefined));
  const known = scope ?? (await resolveKey(databases[env], sent));
  return rateLimitHeaders(limiter.peek(known && `${env}:${known.keyHash}`, known?.rateLimit));
}

/** `standingFigures` for a request of the API's route. */
export function standingFiguresOf(
  databases: Record<Environment, Kysely<Database>>,
  limiter: RateLimiter,
): (c: Context<ApiEnv>) => Promise<Record<string, string>> {
  // `scope` is read raw: it is unset until the key stage has passed, which these answers mostly did not reach.
  return (c) =>
    standingFigures(
      databases,
      limiter,
      c.req.param("env") ?? "",
      c.req.header("x-api-key"),
      c.get("scope") as KeyScope | undefined,
    );
}

/**
 * Every answer of the API carries the `RateLimit-*` headers, as the documentation says: this stage, right inside the
 * fault stage, gives the standing figures (`standingFigures`) to an answer that left the pipeline without them, because
 * a stage before the rate limit refused it (404, 405, 400 MALFORMED_PATH, 401).
 */
export function rateLimitFigures(databases: Record<Environment, Kysely<Database>>, limiter: RateLimiter): Stage {
  const figures = standingFiguresOf(databases, limiter);
  return async (c, next) => {
    await next();
    if (c.res.headers.has("RateLimit-Limit")) return;
    for (const [name, value] of Object.entries(await figures(c))) c.res.headers.set(name, value);
  };
}
