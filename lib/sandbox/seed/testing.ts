import { type Kysely, type RawBuilder, sql } from "kysely";
import { migrateToLatest } from "../db/migrations";
import { openSandboxDatabase } from "../db/open";
import type { Database } from "../db/schema";
import type { Environment } from "../environments";
import { type SeedSummary, seedEnvironment } from "./index";

/** The fixed sandbox clock of the seed's tests. */
export const TEST_NOW = new Date("2026-11-21T12:00:00.000Z");
/** Small enough to seed in well under a second, large enough to have some of everything. */
export const TEST_SCALE = 0.05;

/** A fresh in-memory database, migrated and seeded. */
export async function seededDatabase(
  env: Environment = "test",
  scale = TEST_SCALE,
  now = TEST_NOW,
): Promise<{ db: Kysely<Database>; summary: SeedSummary }> {
  const db = openSandboxDatabase(":memory:");
  await migrateToLatest(db);
  const summary = await seedEnvironment(db, { env, now, scale });
  return { db, summary };
}

/** Every row of a table, ordered by its primary key (then every other column), for comparing two databases. */
export async function allRows(db: Kysely<Database>, table: string): Promise<unknown[]> {
  const columns = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(db);
  const keyFirst = [...columns.rows].sort((a, b) => (a.pk || 1000) - (b.pk || 1000));
  const order = sql.join(keyFirst.map((c) => sql.ref(c.name)));
  const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${order}`.execute(db);
  return result.rows;
}

/** The rows of a raw query (the invariant checks read most clearly as SQL). */
export async function rowsOf<T>(db: Kysely<Database>, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}
