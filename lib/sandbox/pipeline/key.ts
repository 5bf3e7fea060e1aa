import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Environment } from "../environments";
import { SandboxError } from "../handler";
import { resolveKey } from "../keys";
import type { Stage } from "./context";

/**
 * The key: `x-api-key` must name a key of the environment that is not revoked (401 otherwise: `Missing API key` without
 * one, `Invalid API key` for one unknown here, a production key in the test environment included). Sets the
 * environment's database and the key's scope for the stages after it.
 */
export function key(databases: Record<Environment, Kysely<Database>>): Stage {
  return async (c, next) => {
    const db = databases[c.get("env")];
    const sent = c.req.header("x-api-key");
    if (!sent) throw new SandboxError(401, { Error: "Missing API key: send it in the x-api-key header" });
    const scope = await resolveKey(db, sent);
    if (!scope) throw new SandboxError(401, { Error: "Invalid API key" });
    c.set("db", db);
    c.set("scope", scope);
    await next();
  };
}
