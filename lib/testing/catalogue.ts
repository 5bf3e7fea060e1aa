import { type Kysely, type Selectable, sql } from "kysely";

/**
 * Keeps a Kysely schema (TypeScript interfaces) and the tables its migrations make from drifting apart. Types do not
 * exist at run time, so a test writes each table's columns once more as an object typed `satisfies ColumnsOf<DB>`:
 * TypeScript (npm run typecheck) refuses it unless it names exactly the interface's columns, each with the kind and
 * nullability its type says; the test then compares the object with SQLite's own catalogue after migrating
 * (`sqliteColumns`). A column added, removed, renamed or made nullable on one side only fails one of the two.
 * Used by `*.test.ts` files only.
 *
 * @example
 * const COLUMNS = { sessions: { id_hash: "text", active_key_id: "text null" } } satisfies ColumnsOf<BackroomDatabase>;
 * const tables = await sqliteTables(db, ["kysely_migration", "kysely_migration_lock"]);
 * expect(tables).toEqual(Object.keys(COLUMNS).sort());
 * const found = await sqliteColumns(db, tables);
 * expect(found).toEqual(expectedColumns(COLUMNS, found));
 */

/** A column's kind as SQLite stores it: `text`, `number` for integer, bigint and real, or `blob` for bytes. */
type Kind<V> = [V] extends [string]
  ? "text"
  : [V] extends [number]
    ? "number"
    : [V] extends [string | number]
      ? "number or text"
      : [V] extends [Uint8Array]
        ? "blob"
        : never;

/** How a column of TypeScript type V reads in the catalogue: its kind, then ` null` when the type admits null. */
export type ColumnSpec<V> = null extends V ? `${Kind<Exclude<V, null>>} null` : Kind<V>;

/** Every table of a Kysely database, each with every column of its interface (as selected: `Generated` unwrapped). */
export type ColumnsOf<DB> = { [T in keyof DB]: { [C in keyof Selectable<DB[T]>]-?: ColumnSpec<Selectable<DB[T]>[C]> } };

type Columns = Record<string, Record<string, string>>;

/** The tables of a SQLite database, but SQLite's own (`sqlite_*`) and those named in `except`, sorted. */
export async function sqliteTables<DB>(db: Kysely<DB>, except: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`.execute(
    db,
  );
  return rows.map((r) => r.name).filter((name) => !except.includes(name));
}

/**
 * Each table's columns as SQLite's catalogue (`pragma table_info`) has them, in the form of `ColumnSpec`. A column is
 * nullable when it has no NOT NULL and is not the primary key (an `integer primary key` is the rowid, never null).
 */
export async function sqliteColumns<DB>(db: Kysely<DB>, tables: readonly string[]): Promise<Columns> {
  const result: Columns = {};
  for (const table of tables) {
    const { rows } = await sql<{
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }>`select name, type, "notnull", pk from pragma_table_info(${table})`.execute(db);
    result[table] = Object.fromEntries(
      rows.map((c) => [
        c.name,
        `${/^(integer|bigint|real)$/i.test(c.type) ? "number" : /^(text|blob)$/i.test(c.type) ? c.type.toLowerCase() : c.type}${c.notnull === 0 && c.pk === 0 ? " null" : ""}`,
      ]),
    );
  }
  return result;
}

/**
 * The columns `spec` declares, in the catalogue's form: a column whose type is `number | string` (an id read back as a
 * string on PostgreSQL) takes the kind the catalogue has, when that is one of the two.
 */
export function expectedColumns(spec: Columns, catalogue: Columns): Columns {
  const either = (declared: string, found: string | undefined) =>
    found !== undefined &&
    declared.startsWith("number or text") &&
    ["number", "text"].some((kind) => declared.replace("number or text", kind) === found);
  return Object.fromEntries(
    Object.entries(spec).map(([table, columns]) => [
      table,
      Object.fromEntries(
        Object.entries(columns).map(([name, declared]) => [
          name,
          either(declared, catalogue[table]?.[name]) ? catalogue[table]![name]! : declared,
        ]),
      ),
    ]),
  );
}
