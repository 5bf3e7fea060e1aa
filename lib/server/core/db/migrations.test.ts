import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PostgresIntrospector, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { expectedColumns, sqliteColumns, sqliteTables } from "@/lib/testing/catalogue";
import { AUTH_TABLES } from "./migration-accounts";
import { CORE_MIGRATIONS, MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrate } from "./migrations";
import type { Database } from "./open";
import { openDatabase } from "./open";
import { CORE_COLUMNS, databaseProfiles, freshSchema, postgresUrl } from "./testing";

const dir = mkdtempSync(join(tmpdir(), "backroom-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations a database has recorded as run, by name. */
async function recorded(database: Database, table = MIGRATION_TABLE): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from ${sql.table(table)} order by name`.execute(database.db);
  return rows.rows.map((r) => r.name);
}

/**
 * Kysely's own introspector reads every schema of the server; the other test files create and drop theirs meanwhile,
 * and a schema dropped between its catalogue's rows and their names fails the read with 3F000 or 42P01. Read again.
 */
async function everySchemasTables(db: Database["db"]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await new PostgresIntrospector(db).getTables({ withInternalKyselyTables: true });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 10 || (code !== "3F000" && code !== "42P01")) throw error;
    }
  }
}

describe.each(databaseProfiles())("the core's migrations on $name", ({ open }) => {
  it("make every core table, record each migration, and change nothing when run again", async () => {
    const database = await open({ migrated: false });
    try {
      await expect(recorded(database)).rejects.toThrow();
      await migrate(database, CORE_MIGRATIONS);
      await migrate(database, CORE_MIGRATIONS);
      expect(await recorded(database)).toEqual(Object.keys(CORE_MIGRATIONS).sort());
      // Every table of the core's schema exists and answers, empty.
      for (const table of Object.keys(CORE_COLUMNS) as (keyof typeof CORE_COLUMNS)[]) {
        expect(await database.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      }
    } finally {
      await database.close();
    }
  });
});

describe("the core's migrations on SQLite", () => {
  it("make exactly the core schema's tables, each with the columns and nullability its type says", async () => {
    const database = openDatabase({ file: ":memory:" });
    try {
      await migrate(database, CORE_MIGRATIONS);
      // better-auth's own tables are checked against better-auth (lib/server/core/auth/auth-schema.test.ts).
      const tables = await sqliteTables(database.db, [
        MIGRATION_TABLE,
        MIGRATION_LOCK_TABLE,
        ...Object.keys(AUTH_TABLES),
      ]);
      expect(tables).toEqual(Object.keys(CORE_COLUMNS).sort());
      const found = await sqliteColumns(database.db, tables);
      expect(found).toEqual(expectedColumns(CORE_COLUMNS, found));
    } finally {
      await database.close();
    }
  });
});

describe("migrations on a SQLite file", () => {
  it("keeps the data across a reopen, in WAL mode", async () => {
    const file = join(dir, "backroom.sqlite");
    const first = openDatabase({ file });
    await migrate(first, CORE_MIGRATIONS);
    await first.db
      .insertInto("audit_events")
      .values({
        at: "2030-01-01T00:00:00.000Z",
        event: "sign-in",
        operation: null,
        environment: null,
        key_fingerprint: null,
        key_label: null,
        key_type: null,
        key_scope: null,
        session_hash: null,
        client_address: "127.0.0.1",
        reference_json: "{}",
        idempotency_key: null,
        request_id: null,
        upstream_status: null,
        result: "done",
        answer_json: "{}",
        outcome: null,
        outcome_at: null,
        user_id: "u",
        user_email: "ana@shop.example",
        workspace_id: null,
      })
      .execute();
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.db);
    expect(mode.rows[0]?.journal_mode).toBe("wal");
    await first.close();
    const second = openDatabase({ file });
    await migrate(second, CORE_MIGRATIONS);
    expect(await second.db.selectFrom("audit_events").select("user_email").execute()).toEqual([
      { user_email: "ana@shop.example" },
    ]);
    await second.close();
  });
});

describe.skipIf(!postgresUrl())("migrations on PostgreSQL, several instances", () => {
  it("lets four instances starting at the same moment on one empty database migrate it once", async () => {
    const url = postgresUrl()!;
    const schema = freshSchema();
    const admin = openDatabase({ url, poolMax: 1 });
    await admin.db.schema.createSchema(schema).execute();
    const instances = Array.from({ length: 4 }, () => openDatabase({ url, schema, poolMax: 2 }));
    try {
      await Promise.all(instances.map((instance) => migrate(instance, CORE_MIGRATIONS)));
      for (const instance of instances) expect(await recorded(instance)).toEqual(Object.keys(CORE_MIGRATIONS).sort());
      expect(await recorded(admin, `${schema}.${MIGRATION_TABLE}`)).toHaveLength(Object.keys(CORE_MIGRATIONS).length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await admin.db.schema.dropSchema(schema).cascade().execute();
      await admin.close();
    }
  });

  it("migrates its own schema when another schema of the database holds Backroom's tables already", async () => {
    const url = postgresUrl()!;
    const [first, second] = [freshSchema(), freshSchema()];
    const admin = openDatabase({ url, poolMax: 1 });
    for (const schema of [first, second]) await admin.db.schema.createSchema(schema).execute();
    const [one, two] = [
      openDatabase({ url, schema: first, poolMax: 1 }),
      openDatabase({ url, schema: second, poolMax: 1 }),
    ];
    try {
      await migrate(one, CORE_MIGRATIONS);
      // Kysely, told no schema, would find the first schema's migration tables and take them for the second's.
      await migrate(two, CORE_MIGRATIONS);
      expect(await recorded(two)).toEqual(Object.keys(CORE_MIGRATIONS).sort());
      expect(await two.db.selectFrom("workspace_keys").selectAll().execute()).toEqual([]);
    } finally {
      await Promise.all([one.close(), two.close()]);
      for (const schema of [first, second]) await admin.db.schema.dropSchema(schema).cascade().execute();
      await admin.close();
    }
  });

  it("introspects its own schema only, as Kysely's introspector reads that schema", async () => {
    const url = postgresUrl()!;
    const [ours, other] = [freshSchema(), freshSchema()];
    const admin = openDatabase({ url, poolMax: 1 });
    for (const schema of [ours, other]) await admin.db.schema.createSchema(schema).execute();
    const [one, two] = [
      openDatabase({ url, schema: ours, poolMax: 1 }),
      openDatabase({ url, schema: other, poolMax: 1 }),
    ];
    try {
      await migrate(one, CORE_MIGRATIONS);
      await migrate(two, CORE_MIGRATIONS);
      const read = await one.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(new Set(read.map((table) => table.schema))).toEqual(new Set([ours]));
      // Kysely's own, over every schema, then kept to ours: the same tables, the same columns.
      const kysely = (await everySchemasTables(admin.db)).filter((table) => table.schema === ours);
      expect(read).toEqual(kysely);
      expect(read.map((table) => table.name)).toContain(MIGRATION_TABLE);
    } finally {
      await Promise.all([one.close(), two.close()]);
      for (const schema of [ours, other]) await admin.db.schema.dropSchema(schema).cascade().execute();
      await admin.close();
    }
  });

  it("answers a ping, and rejects one when the server cannot be reached", async () => {
    const reachable = openDatabase({ url: postgresUrl()! });
    await expect(reachable.ping()).resolves.toBeUndefined();
    await reachable.close();
    const unreachable = openDatabase({ url: "postgres://nobody@127.0.0.1:1/none" });
    await expect(unreachable.ping(1000)).rejects.toThrow();
    await unreachable.close();
  });
});
