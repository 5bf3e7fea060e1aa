import "server-only";
import type { Kysely } from "kysely";
import type { DisputeDigest } from "@/lib/domain/disputes/digest";
import type { DisputeLineView } from "@/lib/domain/disputes/view";
import type { BackroomDatabase } from "../core/db/schema";
import type { SharedPlace } from "../core/parties";
import { storeOf } from "./dispute-deps";
import { disputeSummary, lineOf } from "./dispute-view";

/**
 * The disputes of some stores as Today, a customer's page and a statement show them (`DisputeDigest`): those not
 * resolved, oldest first, then, when `resolved` asks for them, the last resolved ones, newest first. Two queries (the
 * disputes, then their lines for the reasons). It checks no party: the caller asks only for stores its asker is a side
 * of (a Customer key's scope, `repStores` for the rep's side), as `openByCustomer` does.
 *
 * @example
 * await storeDisputes(db, sharedPlace(actor), [20001], { resolved: 5 }); // [{ id, invoiceNum, reasons, open, ... }]
 */
export async function storeDisputes(
  db: Kysely<BackroomDatabase>,
  place: SharedPlace,
  customerIds: readonly number[],
  { resolved = 0 }: { resolved?: number } = {},
): Promise<DisputeDigest[]> {
  if (!customerIds.length) return [];
  const store = storeOf({ db });
  const [open, ended] = await Promise.all([
    store.list(place, { customerIds, statuses: ["open", "acknowledged"] }),
    resolved > 0 ? store.list(place, { customerIds, statuses: ["resolved"] }, resolved) : [],
  ]);
  const rows = [...open.reverse(), ...ended];
  if (!rows.length) return [];
  const lines = new Map<string, DisputeLineView[]>();
  for (const l of await store.lines(rows.map((r) => r.id)))
    lines.set(l.dispute_id, [...(lines.get(l.dispute_id) ?? []), lineOf(l)]);
  return rows.map((row) => {
    const d = disputeSummary(row, "rep", lines.get(row.id) ?? [], { replies: 0, photos: 0 }, false);
    return {
      id: d.id,
      customerId: d.customerId,
      customerName: d.customerName,
      invoiceId: d.invoiceId,
      invoiceNum: d.invoiceNum,
      status: d.status,
      reasons: d.reasons,
      amount: d.amount,
      open: d.open,
      openedAt: d.openedAt,
      acknowledgedAt: d.acknowledgedAt,
      resolvedAt: d.resolvedAt,
    };
  });
}
