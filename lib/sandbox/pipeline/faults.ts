import type { Context } from "hono";
import { isEnvironment } from "../environments";
import { type Faults, withFault } from "../faults";
import { type ApiEnv, replaceResponse, type Stage } from "./context";

/**
 * Fault injection (`../faults.ts`): a request meets its environment's fault rules before anything else is checked, as
 * a network or gateway failure would: delayed, answered 500 or 429, dropped or held, before or after the rest of the
 * pipeline runs. Paths are matched relative to the environment (`/api/v1/invoices`); a path outside the two
 * environments meets none. A fault's own answer (500, 429) carries the rate-limit headers every answer does: a 429's
 * are a spent budget's, a 500's the key's as they stand (`figures`, when given: `standingFigures` in the sandbox).
 */
export function faultStage(
  faults: Faults,
  basePath: string,
  rateLimit: number,
  figures?: (c: Context<ApiEnv>) => Promise<Record<string, string>>,
): Stage {
  return async (c, next) => {
    const env = c.req.param("env") ?? "";
    if (!isEnvironment(env)) return next();
    const fault = faults.pick(
      env,
      c.req.method,
      c.req.path.slice(basePath.length + env.length + 1),
      c.req.header("x-api-key"),
    );
    if (!fault) return next();
    const answer = await withFault(
      fault,
      async () => {
        await next();
        return c.res;
      },
      c.req.raw.signal,
      rateLimit,
    );
    if (figures && answer.headers.has("X-Sandbox-Fault") && !answer.headers.has("RateLimit-Limit"))
      for (const [name, value] of Object.entries(await figures(c))) answer.headers.set(name, value);
    replaceResponse(c, answer);
  };
}
