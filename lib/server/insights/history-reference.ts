import "server-only";
import { readGroupings } from "./history-groupings";
import {
  customerBatches,
  type HistoryContext,
  type HistoryState,
  REFERENCE_DAYS,
  REFERENCE_VERSION,
  type ReadAll,
} from "./history-state";

/** A retailer's stock of a product as `/retailerInventory` lists it. */
type ShelfApiRow = {
  CustomerID: number;
  ProductID: number;
  Inventory: string;
  DailySales: string;
  LastInventoryDate?: string | null;
};

/**
 * What is replaced whole at a walk's end: the retailers' stock of the brand's products (the shelf watch's snapshot)
 * every time; once a week (`REFERENCE_DAYS`), what the pages group and date by, which rarely changes: the brand's
 * active products, the retailers (with their state's zone) and the reps; sooner when what was kept lacks what the
 * reference keeps now (`REFERENCE_VERSION`). A backfill reads those before its first window (`readOpening` in
 * history-walk.ts), so at its end they are not due.
 *
 * @example
 * await readReference(ctx, keyId, state, readAll); // at a walk's last window
 */
export async function readReference(
  ctx: HistoryContext,
  keyId: string,
  state: HistoryState,
  readAll: ReadAll,
): Promise<void> {
  const due =
    !state.referencedAt ||
    (state.referenceVersion ?? 1) < REFERENCE_VERSION ||
    ctx.now() - Date.parse(state.referencedAt) >= REFERENCE_DAYS * 86_400_000;
  if (due) {
    await readGroupings(ctx.db, keyId, state, readAll);
    state.referencedAt = new Date(ctx.now()).toISOString();
  }
  const shelf: ShelfApiRow[] = [];
  for (const batch of customerBatches(state))
    shelf.push(
      ...(await readAll<ShelfApiRow>(`/retailerInventory?PageSize=500${batch ? `&CustomerIDs=${batch}` : ""}`)),
    );
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("history_shelf").where("key_id", "=", keyId).execute();
    for (let i = 0; i < shelf.length; i += 500) {
      await trx
        .insertInto("history_shelf")
        .values(
          shelf.slice(i, i + 500).map((r) => ({
            key_id: keyId,
            customer_id: r.CustomerID,
            product_id: r.ProductID,
            inventory: r.Inventory,
            daily_sales: r.DailySales,
            last_inventory_date: r.LastInventoryDate ?? null,
          })),
        )
        .onConflict((oc) => oc.columns(["key_id", "customer_id", "product_id"]).doNothing())
        .execute();
    }
  });
}
