import "server-only";
import type { CollectionRow, RowCredit } from "@/lib/domain/collections/collections";
import type { KeyActor } from "../core/parties";

/**
 * The Collections page's and its export's credit: each account's limit and what is left of it, as the credit feature
 * figures the staff's credit list (`deps.credit.creditRows`, `GET /api/credit`'s rows: its limits, its stores' open
 * reorder lists and the same snapshot's total outstanding), so the two lists cannot differ. Backroom's own records
 * alone: no request to the API.
 */

/** What Collections reads of the credit feature (`deps.credit`). */
export interface CreditRowsRead {
  creditRows(
    actor: KeyActor,
    options?: { score?: boolean },
  ): Promise<{ rows: readonly (RowCredit & { arAccountId: number })[] } | undefined>;
}

/**
 * The rows with their credit (`row.credit`), read once for every account (without the scores: the list shows none).
 * The rows as they were (no `credit`: the page says the credit is unread, not "no limit") when the feature is absent,
 * the snapshot's first walk is not in, or the read fails: the list stands without it.
 *
 * @example
 * const rows = await withCredit(deps.credit, actor, view.rows);
 * rows[0].credit; // { limit: "10000.00", openLists: "500.00", openListCount: 1, available: "2140.00", used: 0.786 }
 */
export async function withCredit(
  credit: CreditRowsRead | undefined,
  actor: KeyActor,
  rows: readonly CollectionRow[],
): Promise<CollectionRow[]> {
  const found = await credit?.creditRows(actor, { score: false }).catch(() => undefined);
  if (!found) return [...rows];
  const byAccount = new Map(found.rows.map((r) => [r.arAccountId, r]));
  return rows.map((row) => {
    const c = byAccount.get(row.arAccountId);
    if (!c) return row;
    const figures: RowCredit = {
      limit: c.limit,
      openLists: c.openLists,
      openListCount: c.openListCount,
      available: c.available,
      used: c.used,
    };
    return { ...row, credit: figures };
  });
}
