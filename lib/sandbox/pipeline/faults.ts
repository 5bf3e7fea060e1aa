import { isEnvironment } from "../environments";
import { type Faults, withFault } from "../faults";
import { replaceResponse, type Stage } from "./context";

/**
 * Fault injection (`../faults.ts`): a request meets its environment's fault rules before anything else is checked, as
 * a network or gateway failure would: delayed, answered 500 or 429, dropped or held, before or after the rest of the
 * pipeline runs. Paths are matched relative to the environment (`/api/v1/invoices`); a path outside the two
 * environments meets none.
 */
export function faultStage(faults: Faults, basePath: string, rateLimit: number): Stage {
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
    replaceResponse(c, answer);
  };
}
