import "server-only";
import { type ColumnDataType, type Kysely, type Migration, Migrator, sql } from "kysely";
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
    await createTable(db, "sessions", [
      ["id_hash", "text"], ["created_at", "text"], ["last_seen_at", "text"], ["active_key_id", "text", "null"],
    ], "id_hash");
    await createTable(db, "session_keys", [
      ["id", "text"], ["session_id_hash", "text"], ["environment", "text"], ["key_type", "text"], ["label", "text"],
      ["scope_json", "text"], ["hint", "text"], ["fingerprint", "text"], ["secret_id", "text"], ["iv", "text"],
      ["ciphertext", "text"], ["tag", "text"], ["added_at", "text"], ["last_used_at", "text", "null"],
    ], "id");
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

/** Every migration, applied in the order of their names. A new table of Backroom's is a new entry here. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = { "001-initial": initial };

/**
 * The tables recording which migrations ran. Named when only the session store lived in this database; kept, since
 * existing databases have them under these names.
 */
export const MIGRATION_TABLE = "session_store_migration";
const MIGRATION_LOCK_TABLE = "session_store_migration_lock";

// pg_advisory_lock's key: any 64-bit number no other program on the same server uses ("backroom" in ASCII).
const ADVISORY_LOCK = sql.raw(String(0x6261636b726f6f6dn));
// A second instance's SQLite transaction can fail at once with SQLITE_BUSY instead of waiting (a reader upgrading to a
// writer); the migration is one transaction, so it is tried again from the start.
const SQLITE_BUSY_ATTEMPTS = 20;

/**
 * Brings the database up to the newest schema; running it again changes nothing, and several instances may run it at
 * the same moment:
 * - on PostgreSQL, an advisory lock (`pg_advisory_lock`, held on one connection for the whole run) lets one instance
 *   migrate while the others wait, then find nothing left to do;
 * - on SQLite, a migration that meets another process's write lock is tried again.
 * What ran is recorded in `session_store_migration`. Throws with the failing migration's name and error.
 *
 * @example
 * await migrate(openDatabase({ file: ":memory:" }));
 */
export async function migrate(database: Database): Promise<void> {
  if (database.dialect === "postgres") {
    await database.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${ADVISORY_LOCK})`.execute(connection);
      try {
        await migrateToLatest(connection);
      } finally {
        await sql`select pg_advisory_unlock(${ADVISORY_LOCK})`.execute(connection);
      }
    });
    return;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateToLatest(database.db);
    } catch (error) {
      const busy = error instanceof Error && /SQLITE_BUSY|database is locked/.test(`${String(error.cause ?? "")} ${error.message}`);
      if (!busy || attempt >= SQLITE_BUSY_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}

async function migrateToLatest(db: Kysely<BackroomDatabase>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`database migration ${failed ?? ""} failed: ${String(error)}`, { cause: error });
  }
}
