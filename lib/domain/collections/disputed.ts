import { BUCKETS, type BucketId } from "@/lib/domain/ar-aging/aging";
import { addDecimals, requireDecimal, toDecimalString } from "@/lib/format/decimal";
import type { CollectionRow, Disputed } from "./collections";
import type { AgingEntry } from "./collections-input";

/**
 * An account's debt net of what its stores dispute, for ranking the call list: a store is not chased for what it has
 * raised a dispute about. Pure; the server brings the disputes (`openByCustomer`) and the account's kept aging rows.
 */

/** A dispute not resolved, as `openByCustomer` answers it: the store, the invoice, what is still in dispute. */
export interface OpenDispute {
  customerId: number;
  invoiceId: number;
  open: string;
}

const FIELD = {
  current: "current",
  "1-30": "due1to30",
  "31-60": "due31to60",
  "61-90": "due61to90",
  "91": "due91",
} as const satisfies Record<BucketId, keyof CollectionRow>;

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The account's figures net of its disputes (`DEFINITIONS`, "In dispute"): each dispute's open amount is taken off the bucket its
 * invoice is aged in, at most what that invoice has open there, never below nothing; an invoice in no bucket (paid,
 * credited, or not aged yet: the aging closes once a day) takes nothing off. Over 30, 60 and 90 are then added up from
 * the net buckets as the aging's are. Undefined when the account's stores have nothing in dispute.
 *
 * @example
 * netOfDisputes(row, aging, [{ customerId: 20001, invoiceId: 7001, open: "90.00" }]);
 * // { disputed: "90.00", over30: "410.00", over60: "0.00", over90: "0.00" } (7001 aged 31–60, 500.00 there)
 */
export function netOfDisputes(
  row: Pick<CollectionRow, "customerIds" | "current" | "due1to30" | "due31to60" | "due61to90" | "due91">,
  aging: readonly AgingEntry[],
  disputes: readonly OpenDispute[],
): Disputed | undefined {
  const stores = new Set(row.customerIds);
  const mine = disputes.filter((d) => stores.has(d.customerId) && requireDecimal(d.open) > 0n);
  if (!mine.length) return undefined;
  const onInvoice = new Map<number, bigint>();
  for (const d of mine) onInvoice.set(d.invoiceId, (onInvoice.get(d.invoiceId) ?? 0n) + requireDecimal(d.open));
  const net = new Map<BucketId, bigint>(BUCKETS.map((b) => [b.id, requireDecimal(row[FIELD[b.id]])]));
  for (const bucket of BUCKETS) {
    // What each disputed invoice has open in this bucket, across the account's rows (one per supplier).
    const there = new Map<number, bigint>();
    for (const entry of aging)
      for (const ref of entry[bucket.invoices] ?? [])
        if (ref?.InvoiceID != null && onInvoice.has(ref.InvoiceID))
          there.set(ref.InvoiceID, (there.get(ref.InvoiceID) ?? 0n) + requireDecimal(ref.OpenBalance ?? "0"));
    for (const [invoiceId, open] of there) {
      const left = net.get(bucket.id)!;
      const off = min(min(onInvoice.get(invoiceId)!, open), left > 0n ? left : 0n);
      if (off <= 0n) continue;
      net.set(bucket.id, left - off);
      onInvoice.set(invoiceId, onInvoice.get(invoiceId)! - off);
    }
  }
  const sum = (...ids: BucketId[]) =>
    toDecimalString(
      ids.reduce((s, id) => s + net.get(id)!, 0n),
      6,
    );
  return {
    disputed: addDecimals(...mine.map((d) => d.open)),
    over30: sum("31-60", "61-90", "91"),
    over60: sum("61-90", "91"),
    over90: sum("91"),
  };
}
