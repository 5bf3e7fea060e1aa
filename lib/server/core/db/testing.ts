import "server-only";
import { randomBytes } from "node:crypto";
import { CORE_MIGRATIONS, type Migrations, migrate } from "./migrations";
import { type Database, type DialectName, openDatabase } from "./open";

/**
 * The database profiles unit tests run against: SQLite in memory always, PostgreSQL when `DATABASE_URL` is set (CI
 * sets it; `scripts/test-services.sh` starts a server on loopback). Each database a test opens is fresh: a new SQLite
 * memory database, or a new PostgreSQL schema dropped again by `close()`, migrated with `migrations`: the core's
 * unless given (a feature's tests take every migration from `lib/server/testing.ts`). Used by `*.test.ts` files only.
 *
 * @example
 * describe.each(databaseProfiles())("session store on $name", ({ open }) => {
 *   it("...", async () => { const database = await open(); ... await database.close(); });
 * });
 */
export interface DatabaseProfile {
  name: DialectName;
  /** A fresh, migrated database; `close()` also removes what it held. */
  open(options?: { migrated?: boolean }): Promise<Database>;
}

// Tests read the variable themselves: the server's env module is not theirs to configure.
const url = process.env.DATABASE_URL || undefined;

export function databaseProfiles(migrations: Migrations = CORE_MIGRATIONS): DatabaseProfile[] {
  const sqlite: DatabaseProfile = {
    name: "sqlite",
    async open({ migrated = true } = {}) {
      const database = openDatabase({ file: ":memory:" });
      if (migrated) await migrate(database, migrations);
      return database;
    },
  };
  if (!url) return [sqlite];
  const postgres: DatabaseProfile = {
    name: "postgres",
    async open({ migrated = true } = {}) {
      const schema = freshSchema();
      const admin = openDatabase({ url, poolMax: 1 });
      await admin.db.schema.createSchema(schema).execute();
      await admin.close();
      const database = openDatabase({ url, schema, poolMax: 4 });
      if (migrated) await migrate(database, migrations);
      return { ...database, close: () => dropSchema(database, schema) };
    },
  };
  return [sqlite, postgres];
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
