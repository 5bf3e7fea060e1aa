import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import { syncReader } from "../watch/paged-reads";
import type { ReadAll } from "./history-state";
import type { HistoryTables } from "./tables";

/** A promotion as `/promotionsProducts` lists it. */
type PromotionRow = {
  PromotionID: number;
  PromotionName?: string | null;
  StartDate?: string | null;
  EndDate?: string | null;
  AllProducts?: boolean | null;
  ProductIDs?: number[] | null;
  States?: string[] | null;
};

/**
 * The promotions the key sees (`/promotionsProducts`: a brand's own, an Employee key's every supplier's), replaced
 * whole. The live test environment answered this list with 500s (field notes): a failure other than the budget's
 * keeps what was read before, and the lift reads a promotion the list lacks from its lines.
 *
 * @example
 * await readPromotions(db, keyId, readAll);
 */
export async function readPromotions(coreDb: Kysely<BackroomDatabase>, keyId: string, readAll: ReadAll): Promise<void> {
  const db = coreDb.withTables<HistoryTables>();
  let promotions: PromotionRow[];
  try {
    promotions = await readAll<PromotionRow>("/promotionsProducts?PageSize=500");
  } catch (error) {
    if (syncReader.later(error) !== undefined) throw error;
    return;
  }
  const day = (text: string | null | undefined) => (text ? text.slice(0, 10) : undefined);
  const rows = promotions.flatMap((p) => {
    const start = day(p.StartDate);
    const end = day(p.EndDate);
    if (typeof p.PromotionID !== "number" || !start || !end) return [];
    return [
      {
        key_id: keyId,
        promotion_id: p.PromotionID,
        name: p.PromotionName?.trim() || `Promotion ${p.PromotionID}`,
        start_date: start,
        end_date: end,
        all_products: p.AllProducts ? 1 : 0,
        product_ids_json: JSON.stringify(Array.isArray(p.ProductIDs) ? p.ProductIDs : []),
        states_json: JSON.stringify(Array.isArray(p.States) ? p.States : []),
      },
    ];
  });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("history_promotions").where("key_id", "=", keyId).execute();
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto("history_promotions")
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(["key_id", "promotion_id"]).doNothing())
        .execute();
  });
}
