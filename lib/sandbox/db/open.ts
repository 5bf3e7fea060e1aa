import { rmSync } from "node:fs";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "./schema";

/**
 * Opens one environment's SQLite database (a file, or `:memory:` for tests). A file database uses WAL, so readers
 * do not wait for the writer and a crash loses nothing committed. All queries go through Kysely, written so that a
 * PostgreSQL dialect can serve the same code.
 */
export function openSandboxDatabase(filename: string): Kysely<Database> {
  const sqlite = new SQLite(filename);
  if (filename !== ":memory:") {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
  }
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Removes a database file and the WAL and shared-memory files beside it (absent ones are no error). */
export function removeDatabaseFiles(file: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
}
