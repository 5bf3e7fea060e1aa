import { type Context, Hono } from "hono";
import type { Kysely } from "kysely";
import type { KeyType } from "@/lib/data-api/operation";
import { migrateToLatest } from "../db/migrations";
import { openSandboxDatabase } from "../db/open";
import type { Database } from "../db/schema";
import { ENVIRONMENTS, type Environment } from "../environments";
import { demoKeys, type KeyScope, storeKey } from "../keys";
import { API_ROUTE, type ApiEnv, type ApiVariables, type Stage } from "./context";
import { answerError } from "./errors";

/** A key's scope as the key stage would set it, for stages after it. */
export function scopeOf(type: KeyType, keyHash = `${type.toLowerCase()}-hash`): KeyScope {
  return {
    keyHash,
    type,
    company: "Test",
    userId: 1,
    customerIds: type === "Customer" ? [10] : [],
    supplierIds: type === "Supplier" ? [7] : [],
  };
}

/**
 * A small app for a stage's tests: on the API's route, the given variables are set (as the stages before would set
 * them), then `stages` run, then `answer` (200 `{"ok": true}` unless given); errors are answered by the pipeline's
 * error stage, as in the sandbox.
 *
 * @example
 * const app = stageApp([access()], { operation: operations.listVendors, scope: scopeOf("Customer") });
 * (await app.request("/test/api/v1/vendors")).status; // 403
 */
export function stageApp(
  stages: Stage[],
  variables: Partial<ApiVariables> = {},
  answer: (c: Context<ApiEnv>) => Response | Promise<Response> = () => Response.json({ ok: true }),
) {
  const app = new Hono<ApiEnv>();
  app.onError(answerError);
  app.use(API_ROUTE, async (c, next) => {
    c.set("requestId", "stage0test");
    for (const [name, value] of Object.entries(variables)) c.set(name as keyof ApiVariables, value as never);
    await next();
  });
  for (const stage of stages) app.use(API_ROUTE, stage);
  app.all(API_ROUTE, answer);
  return app;
}

/** Both environments' databases, migrated and holding only the demo keys (no seed): enough for the key stage. */
export async function keyedDatabases(): Promise<Record<Environment, Kysely<Database>>> {
  const entries = await Promise.all(
    ENVIRONMENTS.map(async (env) => {
      const db = openSandboxDatabase(":memory:");
      await migrateToLatest(db);
      const keys = demoKeys(env);
      for (const type of ["Employee", "Customer", "Supplier"] as const) {
        await storeKey(
          db,
          env,
          {
            type,
            company: "Test",
            userId: 1,
            customerIds: type === "Customer" ? [10] : undefined,
            supplierIds: type === "Supplier" ? [7] : undefined,
            createdAt: "2026-11-01T08:00:00.000Z",
          },
          keys[type],
        );
      }
      return [env, db] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Environment, Kysely<Database>>;
}
