import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";

/** Every table of a key's synced history (migration 011): what goes when the key goes. */
export const HISTORY_TABLES = [
  "history_lines",
  "history_promotions",
  "history_invoices",
  "history_reps",
  "history_products",
  "history_shelf",
  "history_customers",
  "history_suppliers",
  "history_state",
] as const;

/** The key store's forgetter (`KeyForgetter`): a removed key's history goes, in the removal's transaction. */
export async function forgetHistory(trx: Kysely<BackroomDatabase>, keyId: string): Promise<void> {
  for (const table of HISTORY_TABLES) await trx.deleteFrom(table).where("key_id", "=", keyId).execute();
}
