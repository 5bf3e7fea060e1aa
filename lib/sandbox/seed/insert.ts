import { CompiledQuery, type Insertable, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/** SQLite binds at most 32766 variables per statement; stay a little under. */
const MAX_VARIABLES = 32_000;

/**
 * Inserts rows in multi-row statements of floor(32000 / columns) rows each. The columns are the first row's keys, and
 * every row must carry the same ones (nulls included). The statement is built directly rather than through Kysely's
 * query builder: at a few hundred thousand rows the builder's per-value nodes cost more time than SQLite's insert.
 * Identifiers come from the typed table and row keys only, never from data; values are always bound.
 */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const perStatement = Math.floor(MAX_VARIABLES / columns.length);
  const tuple = `(${columns.map(() => "?").join(",")})`;
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(",")}) values `;
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const parameters: unknown[] = [];
    for (const row of chunk) {
      const values = row as Record<string, unknown>;
      for (const column of columns) {
        const value = values[column];
        if (value === undefined) throw new Error(`seed: ${table}.${column} is undefined in a row`);
        parameters.push(value);
      }
    }
    await db.executeQuery(CompiledQuery.raw(head + Array(chunk.length).fill(tuple).join(","), parameters));
  }
}
