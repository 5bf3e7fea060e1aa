import "server-only";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { LRUCache } from "lru-cache";
import pg from "pg";
import type { BackroomDatabase } from "./schema";
import { SearchPathPostgresDialect } from "./search-path-introspector";

/** Which database holds Backroom's tables: a SQLite file beside the process, or a PostgreSQL server several share. */
export type DialectName = "sqlite" | "postgres";

/** Backroom's database, opened once per process. */
export interface Database {
  db: Kysely<BackroomDatabase>;
  dialect: DialectName;
  /** Where the data is, for logs and errors, never with a password: `sqlite:.data/backroom.sqlite`, `postgres://db.internal:5432/backroom`. */
  where: string;
  /** One round trip (`select 1`); rejects when the database does not answer within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  /** Ends the pool (PostgreSQL) or closes the file (SQLite). */
  close(): Promise<void>;
  /** SQLite only: the whole database as bytes, which `openDatabase({ image })` opens again (tests copy a migrated one). */
  serialize?(): Buffer;
}

export interface OpenDatabaseOptions {
  /** `postgres://...`: PostgreSQL through a pool; otherwise `file` is opened with SQLite. */
  url?: string;
  /** A SQLite file, or `:memory:`. */
  file?: string;
  /** SQLite: a database's bytes (`Database.serialize`), opened in memory instead of `file`. */
  image?: Buffer;
  /** Connections in the PostgreSQL pool. Default 10. */
  poolMax?: number;
  /** PostgreSQL schema to work in (tests isolate themselves with one); default the server's search path. */
  schema?: string;
  /** Told when an idle pooled connection fails (the server restarted, say): the pool replaces it by itself. */
  onPoolError?: (error: Error) => void;
}

/**
 * Opens Backroom's database: PostgreSQL when `url` is given (Kysely's `PostgresDialect` over a `pg` pool), else the
 * SQLite `file` (WAL mode, so readers never wait for the writer). Nothing is read or written until the first query;
 * `migrate` (migrations.ts) makes the tables.
 *
 * @example
 * const database = openDatabase({ url: serverEnv.DATABASE_URL, file: join(serverEnv.DATA_DIR, "backroom.sqlite") });
 * await migrate(database, MIGRATIONS);
 */
export function openDatabase(options: OpenDatabaseOptions): Database {
  if (options.url) return openPostgres(options.url, options);
  if (!options.file && !options.image) throw new Error("openDatabase needs a PostgreSQL url or a SQLite file");
  const sqlite = new SQLite(options.image ?? options.file);
  if (!options.image && options.file !== ":memory:") {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
  }
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<BackroomDatabase>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: "sqlite",
    where: `sqlite:${options.image ? ":memory:" : options.file}`,
    // A file answers or throws at once; there is nothing to wait for.
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
    serialize: () => sqlite.serialize(),
  };
}

/** Statements kept prepared: Backroom's queries are a few dozen texts, each run again and again. */
const MAX_STATEMENTS = 200;

/**
 * better-sqlite3 with its prepared statements kept by SQL text. Kysely prepares every query it runs, and preparing
 * costs more than running the session lookup it serves (about 70 µs of the 450 µs a proxied request took; see the
 * commit). A statement is safe to reuse: Kysely runs one query at a time on the connection, and SQLite prepares a
 * statement again by itself when a migration changes the schema under it.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new LRUCache<string, SQLite.Statement>({ max: MAX_STATEMENTS });
  return {
    prepare(sql: string): SQLite.Statement {
      let statement = statements.get(sql);
      if (!statement) statements.set(sql, (statement = sqlite.prepare(sql)));
      return statement;
    },
    close: () => void sqlite.close(),
  };
}

function openPostgres(url: string, options: OpenDatabaseOptions): Database {
  const parsed = new URL(url);
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema))
    throw new Error(`not a schema name: ${options.schema}`);
  const settings = [
    // A query that hangs (a lock held elsewhere, a server in trouble) fails instead of holding a request forever.
    "-c statement_timeout=15000",
    ...(options.schema ? [`-c search_path=${options.schema}`] : []),
  ];
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    options: settings.join(" "),
  });
  // Without a listener, an idle connection's error (the server restarting) would end the process.
  pool.on("error", (error) => options.onPoolError?.(error));
  const db = new Kysely<BackroomDatabase>({ dialect: new SearchPathPostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    where: `postgres://${parsed.host}${parsed.pathname}`,
    ping: (timeoutMs = 2_000) =>
      withTimeout(
        sql`select 1`.execute(db).then(() => undefined),
        timeoutMs,
        "the database did not answer",
      ),
    close: () => db.destroy(),
  };
}

/** `promise`, or a rejection naming `what` once `ms` have passed. */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
