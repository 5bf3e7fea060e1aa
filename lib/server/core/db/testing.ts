import "server-only";
import { randomBytes } from "node:crypto";
import type { ColumnsOf } from "@/lib/testing/catalogue";
import { sql } from "kysely";
import { CORE_MIGRATIONS, MIGRATION_LOCK_TABLE, MIGRATION_TABLE, type Migrations, migrate } from "./migrations";
import { type Database, type DialectName, openDatabase } from "./open";
import type { BackroomDatabase } from "./schema";

/**
 * The database profiles unit tests run against: SQLite in memory always, PostgreSQL when `DATABASE_URL` is set (CI
 * sets it; `scripts/test-services.sh` starts a server on loopback). Each database a test opens starts as freshly
 * migrated with `migrations` (the core's unless given; a feature's tests take every migration from
 * `lib/server/testing.ts`), its tables empty: a copy of a migrated SQLite memory database, or a PostgreSQL schema of
 * its own until `close()` (then emptied for the next test; `migrated: false` gives a new one, dropped by `close()`).
 * Used by `*.test.ts` files only.
 *
 * @example
 * describe.each(databaseProfiles())("session store on $name", ({ open }) => {
 *   it("...", async () => { const database = await open(); ... await database.close(); });
 * });
 */
export interface DatabaseProfile {
  name: DialectName;
  /** A freshly migrated database with empty tables; `close()` also removes what it held. */
  open(options?: { migrated?: boolean }): Promise<Database>;
}

// Tests read the variable themselves: the server's env module is not theirs to configure.
const url = process.env.DATABASE_URL || undefined;

/**
 * A migrated database is made once per set of migrations and test process, then copied: SQLite from its bytes, and
 * PostgreSQL by handing a closed test's schema to the next, its tables emptied (all but the migrations' own).
 * Creating and migrating a schema per test was a third of a PostgreSQL test's time (about 300 ms for 24 migrations);
 * a copy takes a few milliseconds, and each test still starts from freshly migrated, empty tables.
 */
const sqliteImages = new WeakMap<Migrations, Buffer>();
interface MigratedSchema {
  schema: string;
  /** Its tables but the migrations' own. */
  tables: string[];
}
const idleSchemas = new WeakMap<Migrations, MigratedSchema[]>();

export function databaseProfiles(migrations: Migrations = CORE_MIGRATIONS): DatabaseProfile[] {
  const sqlite: DatabaseProfile = {
    name: "sqlite",
    async open({ migrated = true } = {}) {
      if (!migrated) return openDatabase({ file: ":memory:" });
      let image = sqliteImages.get(migrations);
      if (!image) {
        const template = openDatabase({ file: ":memory:" });
        await migrate(template, migrations);
        image = template.serialize!();
        sqliteImages.set(migrations, image);
        await template.close();
      }
      return openDatabase({ image });
    },
  };
  if (!url) return [sqlite];
  const postgres: DatabaseProfile = {
    name: "postgres",
    async open({ migrated = true } = {}) {
      if (!migrated) {
        const schema = await createSchema();
        const database = openDatabase({ url: url!, schema, poolMax: 4 });
        return { ...database, close: () => dropSchema(database, schema) };
      }
      const idle = idleSchemas.get(migrations) ?? [];
      idleSchemas.set(migrations, idle);
      const reused = idle.pop();
      const made = reused ?? (await migratedSchema(migrations));
      const database = openDatabase({ url: url!, schema: made.schema, poolMax: 4 });
      if (reused) await emptyTables(database, reused.tables);
      let closed = false;
      return {
        ...database,
        // The pool ends first (every query of the test done), then the schema waits for the next test.
        close: async () => {
          if (closed) return;
          closed = true;
          await database.close();
          idle.push(made);
        },
      };
    },
  };
  return [sqlite, postgres];
}

async function createSchema(name = freshSchema()): Promise<string> {
  const admin = openDatabase({ url: url!, poolMax: 1 });
  await admin.db.schema.createSchema(name).execute();
  await admin.close();
  return name;
}

/**
 * A kept schema is named by its process (`test_pool_<pid>_...`): a test process does not live to drop it (Vitest ends
 * its workers without an exit event), so the first one a process makes drops those of processes no longer running on this machine.
 */
const POOL_PREFIX = "test_pool_";
let swept = false;

async function migratedSchema(migrations: Migrations): Promise<MigratedSchema> {
  if (!swept) {
    swept = true;
    await dropSchemasOfEndedProcesses();
  }
  const schema = await createSchema(`${POOL_PREFIX}${process.pid}_${randomBytes(4).toString("hex")}`);
  const database = openDatabase({ url: url!, schema, poolMax: 1 });
  try {
    await migrate(database, migrations);
    const tables = (await database.db.introspection.getTables()).map((t) => t.name);
    return { schema, tables: tables.filter((name) => name !== MIGRATION_TABLE && name !== MIGRATION_LOCK_TABLE) };
  } finally {
    await database.close();
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function dropSchemasOfEndedProcesses(): Promise<void> {
  const admin = openDatabase({ url: url!, poolMax: 1 });
  try {
    const { rows } = await sql<{
      name: string;
    }>`select nspname as name from pg_namespace where nspname like ${`${POOL_PREFIX}%`}`.execute(admin.db);
    for (const { name } of rows) {
      const pid = Number(name.slice(POOL_PREFIX.length).split("_")[0]);
      if (!running(pid)) await admin.db.schema.dropSchema(name).ifExists().cascade().execute();
    }
  } finally {
    await admin.close();
  }
}

/** Every table emptied and its identities restarted: as freshly migrated (no migration writes rows). */
async function emptyTables(database: Database, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await sql`truncate table ${sql.join(tables.map((name) => sql.id(name)))} restart identity cascade`.execute(
    database.db,
  );
}

/** DATABASE_URL as the tests see it: undefined when PostgreSQL is not configured (its tests are skipped). */
export function postgresUrl(): string | undefined {
  return url;
}

/** A schema name no other test run uses. */
export function freshSchema(): string {
  return `test_${randomBytes(6).toString("hex")}`;
}

async function dropSchema(database: Database, schema: string): Promise<void> {
  await database.close();
  const admin = openDatabase({ url: url!, poolMax: 1 });
  try {
    await admin.db.schema.dropSchema(schema).ifExists().cascade().execute();
  } finally {
    await admin.close();
  }
}

/**
 * Every table of the core's Kysely schema (`schema.ts`) with every column, as its type says: TypeScript refuses this
 * object unless it names exactly the interface's tables and columns, each with the kind and nullability of its type
 * (`lib/testing/catalogue.ts`). The migrations' tests compare it with what the migrations make: the core's alone
 * (`migrations.test.ts` here), and the core's with every feature's (`lib/server/migrations.test.ts`).
 * audit_events.id is `number | string` (an identity read back as a string on PostgreSQL).
 */
export const CORE_COLUMNS = {
  audit_events: {
    id: "number or text",
    at: "text",
    event: "text",
    operation: "text null",
    environment: "text null",
    key_fingerprint: "text null",
    key_label: "text null",
    key_type: "text null",
    key_scope: "text null",
    session_hash: "text null",
    client_address: "text",
    reference_json: "text",
    idempotency_key: "text null",
    request_id: "text null",
    upstream_status: "number null",
    result: "text",
    answer_json: "text",
    outcome: "text null",
    outcome_final: "number",
    outcome_at: "text null",
    user_id: "text null",
    user_email: "text null",
    workspace_id: "text null",
  },
  workspace_keys: {
    id: "text",
    workspace_id: "text",
    environment: "text",
    key_type: "text",
    label: "text",
    scope_json: "text",
    hint: "text",
    fingerprint: "text",
    secret_id: "text",
    iv: "text",
    ciphertext: "text",
    tag: "text",
    added_at: "text",
    added_by: "text null",
    last_used_at: "text null",
  },
  workspace_active_keys: { user_id: "text", workspace_id: "text", key_id: "text" },
  jobs: {
    id: "text",
    kind: "text",
    key: "text null",
    data: "text",
    state: "text",
    attempt: "number",
    retry_limit: "number",
    retry_delay_seconds: "number",
    run_at: "text",
    locked_by: "text null",
    locked_until: "text null",
    created_at: "text",
    finished_at: "text null",
    error: "text null",
  },
  job_effects: { key: "text", state: "text", at: "text" },
  notifications: {
    id: "text",
    user_id: "text",
    workspace_id: "text null",
    kind: "text",
    effect_key: "text",
    title: "text",
    link: "text null",
    created_at: "text",
    read_at: "text null",
    inbox: "number",
    grouped_in: "text null",
  },
  notification_settings: { user_id: "text", kind: "text", channel: "text", updated_at: "text" },
  notification_people: {
    user_id: "text",
    digest: "number",
    digest_time: "text",
    time_zone: "text",
    last_digest_on: "text null",
    last_digest_at: "text null",
    updated_at: "text",
  },
  invitation_links: { invitation_id: "text", secret_hash: "text", created_at: "text" },
  demo_visits: { session_id: "text", visitor: "text", started_at: "text" },
} satisfies ColumnsOf<BackroomDatabase>;
