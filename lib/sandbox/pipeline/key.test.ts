import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema";
import type { Environment } from "../environments";
import { hashKey } from "../keys";
import { key } from "./key";
import { keyedDatabases, stageApp } from "./testing";

let databases: Record<Environment, Kysely<Database>>;
beforeAll(async () => {
  databases = await keyedDatabases();
});

/** The key stage in `env`, answering the scope it set. */
const keyed = (env: Environment = "test") =>
  stageApp([key(databases)], { env }, (c) =>
    Response.json({ type: c.get("scope").type, keyHash: c.get("scope").keyHash, same: c.get("db") === databases[env] }),
  );
const send = (sent: string | null, env: Environment = "test") =>
  keyed(env).request(`/${env}/api/v1/states`, { headers: sent === null ? {} : { "x-api-key": sent } });

describe("the key stage", () => {
  it("sets the key's scope and its environment's database", async () => {
    const res = await send("test-customer-demo");
    expect(await res.json()).toEqual({ type: "Customer", keyHash: hashKey("test-customer-demo"), same: true });
  });

  it.each([
    ["no key", null, "Missing API key: send it in the x-api-key header"],
    ["an empty key", "", "Missing API key: send it in the x-api-key header"],
    ["an unknown key", "nope", "Invalid API key"],
    ["a production key in the test environment", "production-employee-demo", "Invalid API key"],
  ])("answers 401 for %s", async (_, sent, message) => {
    const res = await send(sent);
    expect([res.status, await res.json()]).toEqual([401, { Error: message }]);
  });

  it("refuses a revoked key", async () => {
    await databases.production
      .updateTable("api_keys")
      .set({ revoked_at: "2026-11-02T08:00:00.000Z" })
      .where("key_hash", "=", hashKey("production-supplier-demo"))
      .execute();
    expect((await send("production-supplier-demo", "production")).status).toBe(401);
    expect((await send("production-employee-demo", "production")).status).toBe(200);
  });
});
