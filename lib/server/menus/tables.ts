import "server-only";

/**
 * The menus' tables, as Kysely sees them (made by `migrations.ts` beside this file), with the core's conventions
 * (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text, JSON as text. Read with
 * `db.withTables<MenuTables>()`: the core's database handle knows the core's tables only.
 */
export type MenuTables = {
  menu_links: MenuLinkTable;
};

/** A link to a brand's public menu (migration 021, `lib/server/menus/`): the token's SHA-256, never the token. */
export interface MenuLinkTable {
  id: string;
  workspace_id: string;
  /** The Supplier key whose menu it shows. */
  key_id: string;
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  name: string;
  /** JSON arrays of the states and categories shown; empty: all. */
  states_json: string;
  categories_json: string;
  contact_email: string;
  expires_at: string;
  created_by: string;
  created_by_name: string;
  created_at: string;
  idempotency_key: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}
