import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";

/** Every table of a key's collections snapshot (migrations 014 and 016): what goes when the key goes. */
export const COLLECTIONS_TABLES = [
  "collections_pages",
  "collections_accounts",
  "collections_state",
  "collections_aging",
] as const;

/** The key store's forgetter (`KeyForgetter`): a removed key's snapshot goes, in the removal's transaction. */
export async function forgetCollections(trx: Kysely<BackroomDatabase>, keyId: string): Promise<void> {
  for (const table of COLLECTIONS_TABLES) await trx.deleteFrom(table).where("key_id", "=", keyId).execute();
}
