import "server-only";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, type ColumnDataType, type Migration, type MigrationProvider } from "kysely";

/**
 * The session store's tables. Conventions, so the same queries run on SQLite and PostgreSQL: timestamps are ISO 8601
 * UTC text with milliseconds (they sort as text), and binary values (iv, ciphertext, tag) are base64url text, since
 * `blob` and `bytea` differ between the two.
 */

// A session, known only by the SHA-256 of the cookie's id: a leaked table holds no working session.
export interface SessionTable {
  id_hash: string;
  created_at: string;
  last_seen_at: string;
  active_key_id: string | null;
}

// One key of a session's ring: metadata in clear, the key itself AES-256-GCM encrypted under the secret `secret_id`.
export interface SessionKeyTable {
  id: string;
  session_id_hash: string;
  environment: string;
  key_type: string;
  label: string;
  scope_json: string;
  hint: string;
  fingerprint: string;
  secret_id: string;
  iv: string;
  ciphertext: string;
  tag: string;
  added_at: string;
  last_used_at: string | null;
}

// The store's schema, as Kysely sees it.
export interface StoreDatabase {
  sessions: SessionTable;
  session_keys: SessionKeyTable;
}

/**
 * Opens the store's SQLite database: a file (in WAL mode, so readers do not wait for the writer) or `:memory:`.
 *
 * @example
 * const db = openStoreDatabase(join(dataDir, "sessions.sqlite"));
 * await migrateStore(db);
 */
export function openStoreDatabase(filename: string): Kysely<StoreDatabase> {
  const sqlite = new SQLite(filename);
  if (filename !== ":memory:") {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
  }
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<StoreDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
}

type Column = [name: string, type: ColumnDataType, nullable?: "null"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

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

const MIGRATIONS: Record<string, Migration> = { "001-initial": initial };

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Brings the store's database up to the newest schema; running it again changes nothing. Its own bookkeeping tables
 * keep it apart from any other migrator that might share the database. Throws with the failing migration's error.
 *
 * @example
 * await migrateStore(openStoreDatabase(":memory:"));
 */
export async function migrateStore(db: Kysely<StoreDatabase>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: "session_store_migration",
    migrationLockTableName: "session_store_migration_lock",
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`session store migration ${failed ?? ""} failed: ${String(error)}`, { cause: error });
  }
}
