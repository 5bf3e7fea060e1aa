import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrateStore, openStoreDatabase } from "./database";

const dir = mkdtempSync(join(tmpdir(), "backroom-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key = {
  id: "k1", session_id_hash: "s1", environment: "test", key_type: "Customer", label: "Valley", scope_json: "{}", hint: "abcd",
  fingerprint: "f1", secret_id: "0011aabb", iv: "iv", ciphertext: "ct", tag: "tag", added_at: "2030-01-01T00:00:00.000Z", last_used_at: null,
};

describe("session store database", () => {
  it("creates both tables, and migrating again changes nothing", async () => {
    const db = openStoreDatabase(":memory:");
    await migrateStore(db);
    await migrateStore(db);
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(["sessions", "session_keys"]));
    await db.destroy();
  });

  it("holds one entry per key and environment in a session", async () => {
    const db = openStoreDatabase(":memory:");
    await migrateStore(db);
    await db.insertInto("session_keys").values(key).execute();
    await expect(db.insertInto("session_keys").values({ ...key, id: "k2" }).execute()).rejects.toThrow(/UNIQUE/);
    await db.insertInto("session_keys").values({ ...key, id: "k3", environment: "production" }).execute();
    await db.insertInto("session_keys").values({ ...key, id: "k4", session_id_hash: "s2" }).execute();
    await db.destroy();
  });

  it("keeps a file database across a reopen, in WAL mode", async () => {
    const file = join(dir, "sessions.sqlite");
    const first = openStoreDatabase(file);
    await migrateStore(first);
    await first.insertInto("sessions").values({ id_hash: "h", created_at: "c", last_seen_at: "s", active_key_id: null }).execute();
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first);
    expect(mode.rows[0]?.journal_mode).toBe("wal");
    await first.destroy();
    const second = openStoreDatabase(file);
    await migrateStore(second);
    expect(await second.selectFrom("sessions").select("id_hash").execute()).toEqual([{ id_hash: "h" }]);
    await second.destroy();
  });
});
