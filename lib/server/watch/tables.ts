import "server-only";

/**
 * The watches' tables, as Kysely sees them (made by `migrations.ts` beside this file), with the core's conventions
 * (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text, JSON as text. Read with
 * `db.withTables<WatchTables>()`: the core's database handle knows the core's tables only.
 */
export type WatchTables = {
  watch_holds: WatchHoldTable;
};

/** A customer a key's watch last saw on hold, and since when (migration 009, `lib/server/watch/hold-store.ts`). */
export interface WatchHoldTable {
  key_id: string;
  customer_id: number;
  since: string;
}
