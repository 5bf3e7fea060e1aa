import "server-only";
import { type ColumnDataType, type Kysely, type Migration, Migrator, PostgresAdapter, sql } from "kysely";
import { accounts } from "./migration-accounts";
import { notificationSummaries, notifications, notificationSettings } from "./migration-notifications";
import { invitationLinks } from "./migration-invitation-links";
import { demoVisits } from "./migration-demo-visits";
import type { Database } from "./open";
import type { BackroomDatabase } from "./schema";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;
type Column = [name: string, type: ColumnDataType, nullable?: "null"];

async function createTable(db: AnyDb, name: string, columns: Column[], primaryKey: string) {
  let builder = db.schema.createTable(name);
  for (const [column, type, nullable] of columns) {
    builder = builder.addColumn(column, type, (c) => (nullable ? c : c.notNull()));
  }
  await builder.addPrimaryKeyConstraint(`${name}_pk`, [primaryKey] as never[]).execute();
}

const initial: Migration = {
  async up(db: AnyDb) {
    await createTable(
      db,
      "sessions",
      [
        ["id_hash", "text"],
        ["created_at", "text"],
        ["last_seen_at", "text"],
        ["active_key_id", "text", "null"],
      ],
      "id_hash",
    );
    await createTable(
      db,
      "session_keys",
      [
        ["id", "text"],
        ["session_id_hash", "text"],
        ["environment", "text"],
        ["key_type", "text"],
        ["label", "text"],
        ["scope_json", "text"],
        ["hint", "text"],
        ["fingerprint", "text"],
        ["secret_id", "text"],
        ["iv", "text"],
        ["ciphertext", "text"],
        ["tag", "text"],
        ["added_at", "text"],
        ["last_used_at", "text", "null"],
      ],
      "id",
    );
    // One entry per key and environment in a ring. Its leading column also serves every lookup by session, so a
    // separate index on session_id_hash alone would only cost writes.
    await db.schema
      .createIndex("session_keys_session_environment_fingerprint_idx")
      .on("session_keys")
      .columns(["session_id_hash", "environment", "fingerprint"])
      .unique()
      .execute();
  },
};

/** The audit trail's columns set when an entry is written, which nothing may change afterwards (as of 002, then 004). */
const AUDIT_FIXED_002 = [
  "id",
  "at",
  "event",
  "operation",
  "environment",
  "key_fingerprint",
  "key_label",
  "key_type",
  "key_scope",
  "session_hash",
  "client_address",
  "reference_json",
  "idempotency_key",
];
const AUDIT_FIXED = [...AUDIT_FIXED_002, "user_id", "user_email", "workspace_id"];
/** Entries younger than this are never deleted, whatever AUDIT_RETENTION_DAYS says (its minimum). */
export const AUDIT_MIN_RETENTION_DAYS = 30;

const audit: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    // The entry's number orders entries written in the same millisecond; an identity (PostgreSQL) or rowid alias.
    await db.schema
      .createTable("audit_events")
      .addColumn("id", postgres ? "bigint" : "integer", (c) =>
        postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
      )
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("event", "text", (c) => c.notNull())
      .addColumn("operation", "text")
      .addColumn("environment", "text")
      .addColumn("key_fingerprint", "text")
      .addColumn("key_label", "text")
      .addColumn("key_type", "text")
      .addColumn("key_scope", "text")
      .addColumn("session_hash", "text")
      .addColumn("client_address", "text", (c) => c.notNull())
      .addColumn("reference_json", "text", (c) => c.notNull())
      .addColumn("idempotency_key", "text")
      .addColumn("request_id", "text")
      .addColumn("upstream_status", "integer")
      .addColumn("result", "text", (c) => c.notNull())
      .addColumn("answer_json", "text", (c) => c.notNull())
      .addColumn("outcome", "text")
      .addColumn("outcome_final", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("outcome_at", "text")
      .execute();
    // The Activity page's reads: one key's entries, newest first.
    await db.schema
      .createIndex("audit_events_key_at_idx")
      .on("audit_events")
      .columns(["key_fingerprint", "at", "id"])
      .execute();
    // A write sent again with its Idempotency-Key is the same entry.
    await db.schema
      .createIndex("audit_events_idempotency_idx")
      .on("audit_events")
      .columns(["key_fingerprint", "operation", "idempotency_key"])
      .unique()
      .where(sql.ref("idempotency_key"), "is not", null)
      .execute();
    // The daily purge.
    await db.schema.createIndex("audit_events_at_idx").on("audit_events").column("at").execute();

    await guardAuditEntries(db, postgres, AUDIT_FIXED_002);
  },
};

/**
 * Append-only, enforced by the database as well as by the code: the columns written with an entry (`fixed`) never
 * change, and an entry younger than the minimum retention is never deleted. Made by 002, made again by 004 with the
 * columns it added.
 */
async function guardAuditEntries(db: AnyDb, postgres: boolean, fixed: readonly string[]): Promise<void> {
  const list = fixed.join(", ");
  if (postgres) {
    await sql
      .raw(`
      create or replace function audit_events_guard() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          if old.at > to_char((now() at time zone 'utc') - interval '${AUDIT_MIN_RETENTION_DAYS} days', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') then
            raise exception 'audit entries younger than ${AUDIT_MIN_RETENTION_DAYS} days are never deleted';
          end if;
          return old;
        end if;
        if (${fixed.map((c) => `new.${c}`).join(", ")}) is distinct from (${fixed.map((c) => `old.${c}`).join(", ")}) then
          raise exception 'audit entries are append-only';
        end if;
        return new;
      end $$`)
      .execute(db);
    await sql.raw("drop trigger if exists audit_events_append_only on audit_events").execute(db);
    await sql
      .raw(
        "create trigger audit_events_append_only before update or delete on audit_events for each row execute function audit_events_guard()",
      )
      .execute(db);
  } else {
    await sql.raw("drop trigger if exists audit_events_fixed").execute(db);
    await sql.raw("drop trigger if exists audit_events_kept").execute(db);
    await sql
      .raw(
        `create trigger audit_events_fixed before update of ${list} on audit_events begin select raise(abort, 'audit entries are append-only'); end`,
      )
      .execute(db);
    await sql
      .raw(`
      create trigger audit_events_kept before delete on audit_events
      when old.at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${AUDIT_MIN_RETENTION_DAYS} days')
      begin select raise(abort, 'audit entries younger than ${AUDIT_MIN_RETENTION_DAYS} days are never deleted'); end`)
      .execute(db);
  }
}

/**
 * People in the audit trail: each entry names the person (better-auth's user id, and their email at the time) and the
 * workspace, beside the key's fingerprint; the Activity page reads a workspace's entries and filters by person.
 */
const auditPeople: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema.alterTable("audit_events").addColumn("user_id", "text").execute();
    await db.schema.alterTable("audit_events").addColumn("user_email", "text").execute();
    await db.schema.alterTable("audit_events").addColumn("workspace_id", "text").execute();
    await db.schema
      .createIndex("audit_events_workspace_at_idx")
      .on("audit_events")
      .columns(["workspace_id", "at", "id"])
      .execute();
    await guardAuditEntries(db, postgres, AUDIT_FIXED);
  },
};

/**
 * The anonymous key ring goes: keys belong to workspaces now (`workspace_keys`, 003), and nothing reads a
 * session's ring. Its rows are dropped, not moved: a ring was one browser's, with no person or workspace to give its
 * keys to; the people who connected them sign in and add them to a workspace once. And the Activity page's personal
 * entries (sign-ins, failed ones: no workspace) are read by address for a workspace's members.
 */
const ringGone: Migration = {
  async up(db: AnyDb) {
    await db.schema.dropTable("session_keys").ifExists().execute();
    await db.schema.dropTable("sessions").ifExists().execute();
    await db.schema
      .createIndex("audit_events_personal_idx")
      .on("audit_events")
      .columns(["user_email", "at"])
      .where(sql.ref("workspace_id"), "is", null)
      .execute();
  },
};

/**
 * Background jobs: the embedded profile's queue (`jobs`: on PostgreSQL pg-boss keeps its jobs in its own
 * schema, and this table is made all the same, empty, so the schema is one on both), and the effects claimed once
 * (`job_effects`, on both). Plain types both dialects share; the partial unique index is written once for both.
 */
const jobs: Migration = {
  async up(db: AnyDb) {
    await createTable(
      db,
      "jobs",
      [
        ["id", "text"],
        ["kind", "text"],
        ["key", "text", "null"],
        ["data", "text"],
        ["state", "text"],
        ["attempt", "integer"],
        ["retry_limit", "integer"],
        ["retry_delay_seconds", "integer"],
        ["run_at", "text"],
        ["locked_by", "text", "null"],
        ["locked_until", "text", "null"],
        ["created_at", "text"],
        ["finished_at", "text", "null"],
        ["error", "text", "null"],
      ],
      "id",
    );
    // One queued job per kind and key: a second send meets this index and is dropped (insert ... on conflict do nothing).
    await sql`create unique index jobs_queued_key_idx on jobs (kind, "key") where state = 'queued' and "key" is not null`.execute(
      db,
    );
    // The runner's look for due jobs, and the purge of ended ones.
    await db.schema.createIndex("jobs_state_run_at_idx").on("jobs").columns(["state", "run_at"]).execute();
    await createTable(
      db,
      "job_effects",
      [
        ["key", "text"],
        ["state", "text"],
        ["at", "text"],
      ],
      "key",
    );
  },
};

/** Migrations by name. A database records the names it ran: a name, once released, never changes. */
export type Migrations = Readonly<Record<string, Migration>>;

/**
 * The core's own migrations (its tables: the audit trail, the accounts, the workspace keys, the jobs, the
 * notifications, the invitation links, the demo's visits). Each feature keeps its own beside it (`migrations.ts` in its folder, declared
 * by its `Feature`); all run together, in the order of their names, as `lib/server/features.ts` composes them.
 */
export const CORE_MIGRATIONS: Migrations = {
  "001-initial": initial,
  "002-audit": audit,
  "003-accounts": accounts,
  "004-audit-people": auditPeople,
  "005-ring-gone": ringGone,
  "006-jobs": jobs,
  "007-notifications": notifications,
  "008-notification-settings": notificationSettings,
  "015-notification-summaries": notificationSummaries,
  "022-invitation-links": invitationLinks,
  "027-demo-visits": demoVisits,
};

/**
 * The tables recording which migrations ran. Named when only the session store lived in this database; kept, since
 * existing databases have them under these names.
 */
export const MIGRATION_TABLE = "session_store_migration";
export const MIGRATION_LOCK_TABLE = "session_store_migration_lock";

// pg_advisory_lock's key: a 64-bit hash of "backroom:" and the schema migrated, so that the instances of one deployment
// wait for each other and those of another schema (another deployment, each unit test's own) do not wait for them.
// Until 2026-11-25 the key was one number for every schema: each unit test's migration, hundreds a run on four
// workers, waited for any other's. An instance of before that and one of after, migrating the same schema at the
// same moment, hold different keys; Kysely's own lock (its lock table's row) still runs their migrations one at a time.
const schemaAndLock = sql<{ schema: string; lock: string }>`
  select current_schema() as schema, hashtextextended('backroom:' || current_schema(), 0) as lock`;
// A second instance's SQLite transaction can fail at once with SQLITE_BUSY instead of waiting (a reader upgrading to a
// writer); the migration is one transaction, so it is tried again from the start.
const SQLITE_BUSY_ATTEMPTS = 20;

/**
 * Brings the database up to the newest schema; running it again changes nothing, and several instances may run it at
 * the same moment:
 * - on PostgreSQL, an advisory lock (`pg_advisory_lock`, held on one connection for the whole run) lets one instance
 *   migrate while the others wait, then find nothing left to do;
 * - on SQLite, a migration that meets another process's write lock is tried again.
 * What ran is recorded in `session_store_migration`. `migrations` is the whole record, the core's and every feature's
 * (`lib/server/features.ts`'s `MIGRATIONS`): they run in the order of their names. Throws with the failing
 * migration's name and error.
 *
 * @example
 * await migrate(openDatabase({ file: ":memory:" }), MIGRATIONS);
 */
export async function migrate(database: Database, migrations: Migrations): Promise<void> {
  if (database.dialect === "postgres") {
    await database.db.connection().execute(async (connection) => {
      // Kysely looks for its tables in every schema unless told one: another schema's lock table (a second
      // deployment's, a test's) would be taken for ours, and ours never made.
      const { schema, lock } = (await schemaAndLock.execute(connection)).rows[0]!;
      await sql`select pg_advisory_lock(${lock}::bigint)`.execute(connection);
      try {
        await migrateToLatest(connection, migrations, schema);
      } finally {
        await sql`select pg_advisory_unlock(${lock}::bigint)`.execute(connection);
      }
    });
    return;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateToLatest(database.db, migrations);
    } catch (error) {
      const busy =
        error instanceof Error &&
        /SQLITE_BUSY|database is locked/.test(`${String(error.cause ?? "")} ${error.message}`);
      if (!busy || attempt >= SQLITE_BUSY_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}

async function migrateToLatest(db: Kysely<BackroomDatabase>, migrations: Migrations, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`database migration ${failed ?? ""} failed: ${String(error)}`, { cause: error });
  }
}
