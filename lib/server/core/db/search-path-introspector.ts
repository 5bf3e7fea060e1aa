import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from "kysely";

/**
 * PostgreSQL as Kysely speaks it, but whose introspection reads the tables of the connection's search path only (its
 * schema), not of every schema of the database.
 *
 * Kysely's migrator and better-auth's schema check ask the introspector for the tables. Kysely's reads every schema's
 * and resolves each table's name as it goes (`pg_get_serial_sequence`, `has_schema_privilege`): a schema of another
 * deployment, or of another unit test, dropped during that read failed it ("schema ... does not exist", naming the
 * other schema). Seen with four unit-test workers, a few times a run (2026-11-25). Reading our own schema, nothing
 * another drops can fail it, and the read stays as small as our schema however many others the database holds.
 */
export class SearchPathPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}

/** The row Kysely's own PostgreSQL introspector reads, one per column. */
interface ColumnRow {
  column: string;
  not_null: boolean;
  has_default: boolean;
  table: string;
  table_type: string;
  schema: string;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: string | null;
}

class SearchPathIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    // Names only, from pg_namespace: nothing resolved, nothing to fail.
    return new PostgresIntrospector(this.#db).getSchemas();
  }

  /** Kysely's query (`PostgresIntrospector.getTables`), kept to the search path's schemas. */
  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select a.attname as "column", a.attnotnull as not_null, a.atthasdef as has_default, c.relname as "table",
        c.relkind as table_type, ns.nspname as "schema", typ.typname as "type", dtns.nspname as type_schema,
        col_description(a.attrelid, a.attnum) as column_description,
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as auto_incrementing
      from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on a.attrelid = c.oid
        join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
        join pg_catalog.pg_type typ on a.atttypid = typ.oid
        join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
      where ns.nspname = any(pg_catalog.current_schemas(false))
        and c.relkind in ('r', 'v', 'p')
        and a.attnum >= 0 and not a.attisdropped
      order by ns.nspname, c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      // Kysely leaves out its own tables unless asked (by their default names; ours are named otherwise).
      if (
        !options.withInternalKyselyTables &&
        [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE].includes(row.table)
      )
        continue;
      const key = `${row.schema}.${row.table}`;
      let table = tables.get(key);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === "v", columns: [] };
        tables.set(key, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing !== null,
        comment: row.column_description ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
