import "server-only";
import type { Kysely } from "kysely";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import type { AgingEntry } from "@/lib/domain/collections/collections-input";
import { netOfDisputes, type OpenDispute } from "@/lib/domain/collections/disputed";
import type { BackroomDatabase } from "../core/db/schema";
import type { SharedPlace } from "../core/parties";
import type { CollectionsTables } from "./tables";

/** The disputes' service Collections reads (`deps.disputes.openByCustomer`). */
export type OpenByCustomer = (
  place: SharedPlace,
  customerIds: readonly number[],
) => Promise<{ disputes: readonly OpenDispute[] }>;

/**
 * The snapshot's rows with what their stores have in dispute (`netOfDisputes`), for the list to rank and show: one
 * query of the disputes for every store of the snapshot (the default order needs every row's), then, only when some
 * are disputed, the kept aging rows of those accounts (the invoices behind each bucket). The rows as they were when the
 * disputes cannot be read: the list stands without them.
 *
 * @example
 * const rows = await withDisputes(db, disputes.openByCustomer, sharedPlace(actor), keyId, view.rows);
 */
export async function withDisputes(
  coreDb: Kysely<BackroomDatabase>,
  openByCustomer: OpenByCustomer,
  place: SharedPlace,
  keyId: string,
  rows: readonly CollectionRow[],
): Promise<CollectionRow[]> {
  try {
    const { disputes } = await openByCustomer(place, [...new Set(rows.flatMap((r) => r.customerIds))]);
    if (!disputes.length) return [...rows];
    const stores = new Set(disputes.map((d) => d.customerId));
    const accounts = rows.filter((r) => r.customerIds.some((id) => stores.has(id)));
    if (!accounts.length) return [...rows];
    const aging = await coreDb
      .withTables<CollectionsTables>()
      .selectFrom("collections_aging")
      .select(["ar_account_id", "record_json"])
      .where("key_id", "=", keyId)
      .where(
        "ar_account_id",
        "in",
        accounts.map((r) => r.arAccountId),
      )
      .orderBy("position")
      .execute();
    const byAccount = new Map<number, AgingEntry[]>();
    for (const a of aging)
      byAccount.set(a.ar_account_id, [
        ...(byAccount.get(a.ar_account_id) ?? []),
        JSON.parse(a.record_json) as AgingEntry,
      ]);
    return rows.map((row) => {
      const disputed = netOfDisputes(row, byAccount.get(row.arAccountId) ?? [], disputes);
      return disputed ? { ...row, disputed } : row;
    });
  } catch {
    return [...rows];
  }
}
