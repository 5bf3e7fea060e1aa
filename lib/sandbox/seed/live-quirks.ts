import type { PaymentTable, RetailerInventoryTable } from "../db/schema";
import type { CustomerInfo } from "./customers";
import { GENERIC_PAYMENT_TYPE_ID } from "./payment-model";
import type { ProductInfo } from "./products";
import { applicablePromotion, type PromotionInfo, promotionsBySupplier } from "./promotions";
import { NEVER_COUNTED, NEVER_COUNTED_SHIFTED } from "./sentinels";

/**
 * What integrators saw the live service send that the documentation does not say (field notes, "More from
 * integrators"), laid over the drawn data: sentinel dates, test garbage, schedules in other forms or missing, and the
 * generic payment type on brand credits. A small share of records everywhere, at any scale, chosen by position among
 * the records (never by the generator, so every other record stays as drawn), and some visible to the demo keys; the
 * demo stores keep their own records as they were.
 */

/** A promotion's `EndDate`, hence its prices', when it has no end. */
export const OPEN_ENDED = "3000-12-31";
/** Test garbage in customers' `LicenseNum`. */
export const GARBAGE_LICENSES = ["LIC-99999-FAKE", "#N/A"] as const;

/**
 * `count` items spread evenly over a list (all of them when there are fewer), the first at `phase` of the first
 * interval: a choice by position, the same every time for the same list.
 */
export function spread<T>(items: readonly T[], count: number, phase = 0.5): T[] {
  const n = items.length;
  if (count >= n) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor(((i + phase) * n) / count)] as T);
}

const share = (total: number, p: number, min: number) => Math.max(min, Math.round(total * p));

/**
 * Customers, besides the demo stores, all among Active ones (what a default list shows):
 * - `LicenseNum` `LIC-99999-FAKE` on 0.5 % and `#N/A` on 0.5 % (at least one each);
 * - no delivery schedule (`delivery_days` null) on 5 % (at least two);
 * - among those with two days or more, days joined by semicolons in no order ("4;1": the drawn days, the first moved
 *   last) on 1 %, by commas ("2,5") on 1 % (at least one each); the others keep digits run together ("25");
 * - next delivery dates computed by a sync as of the start of yesterday (`delivery_dates_lag_days` 1) on 10 % of those
 *   with a schedule (at least two): their first listed date may have passed.
 */
export function customerQuirks(customers: readonly CustomerInfo[], demoIds: ReadonlySet<number>): void {
  const total = customers.length;
  const others = customers.filter((c) => !demoIds.has(c.row.customer_id) && c.row.account_status === "Active");
  const [fake, na] = GARBAGE_LICENSES;
  for (const c of spread(others, share(total, 0.005, 1), 0.2)) c.row.license_num = fake;
  for (const c of spread(others, share(total, 0.005, 1), 0.7)) c.row.license_num = na;

  const unscheduled = new Set(spread(others, share(total, 0.05, 2), 0.5));
  for (const c of unscheduled) c.row.delivery_days = null;
  const scheduled = others.filter((c) => !unscheduled.has(c));
  const several = scheduled.filter((c) => (c.row.delivery_days ?? "").length >= 2);
  const semicolons = new Set(spread(several, share(total, 0.01, 1), 0.3));
  for (const c of semicolons) {
    const days = (c.row.delivery_days ?? "").split("");
    c.row.delivery_days = [...days.slice(1), days[0]].join(";");
  }
  const commas = spread(
    several.filter((c) => !semicolons.has(c)),
    share(total, 0.01, 1),
    0.8,
  );
  for (const c of commas) c.row.delivery_days = (c.row.delivery_days ?? "").split("").join(",");
  for (const c of spread(scheduled, share(total, 0.1, 2), 0.1)) c.row.delivery_dates_lag_days = 1;
}

/**
 * Shelves never counted: `LastInventoryDate` 2000-01-01 on 3 % of the retailer inventory rows (at least two) and its
 * shifted form, 1999-12-31T16:00Z, on 0.5 % (at least one), with the Inventory and DailySales such a row holds before
 * any count (0.00 both) and the nightly sync's TimeUpdated. At least one of them is a row of a demo store (the demo
 * Customer key's) and one a row of the demo brand's products (the demo Supplier key's); chosen in the middle of their
 * lists, never their first rows.
 */
export function neverCountedShelves(
  rows: RetailerInventoryTable[],
  supplierOf: ReadonlyMap<number, number>,
  demo: { customerIds: readonly number[]; supplierId: number },
  syncStamp: string,
): void {
  const sentinel = new Set(spread(rows, share(rows.length, 0.03, 2), 0.4));
  const shifted = new Set(
    spread(
      rows.filter((r) => !sentinel.has(r)),
      share(rows.length, 0.005, 1),
      0.6,
    ),
  );
  const seenBy = [
    (r: RetailerInventoryTable) => demo.customerIds.includes(r.customer_id),
    (r: RetailerInventoryTable) => supplierOf.get(r.product_id) === demo.supplierId,
  ];
  // The 2000-01-01 form itself (not only the shifted one), on a row that is not the key's first.
  for (const sees of seenBy) {
    if ([...sentinel].some(sees)) continue;
    const own = rows.filter(sees);
    const candidates = own.slice(1).filter((r) => !shifted.has(r));
    for (const r of spread(candidates, 1, 0.5)) sentinel.add(r);
  }
  for (const r of rows) {
    if (!sentinel.has(r) && !shifted.has(r)) continue;
    r.last_inventory_date = sentinel.has(r) ? NEVER_COUNTED : NEVER_COUNTED_SHIFTED;
    r.inventory_centi = 0;
    r.daily_sales_centi = 0;
    r.time_updated = syncStamp;
  }
}

/**
 * Open-ended promotions: every third promotion running today (in id order, the first included), and the one that sets
 * the price of an Active product of the demo stores' state today (the lowest id if several), end on 3000-12-31, so
 * their prices carry it as their EndDate. Only promotions already running change: the drawn end was after today, so
 * no invoice (all dated today or before) is priced otherwise. Menu promotions keep their ends.
 */
export function openEndedPromotions(
  promotions: readonly PromotionInfo[],
  products: readonly ProductInfo[],
  today: string,
  demoState: string,
): void {
  const running = promotions.filter((p) => p.row.start_date <= today && p.row.end_date >= today);
  const chosen = new Set(running.filter((_, k) => k % 3 === 0));
  const bySupplier = promotionsBySupplier([...promotions]);
  let demoPrice: PromotionInfo | undefined;
  for (const p of products) {
    if (p.row.status_id !== 1 || p.row.state !== demoState) continue;
    const best = applicablePromotion(
      bySupplier.get(p.row.supplier_id),
      p.row.product_id,
      p.row.unit_price_micros,
      demoState,
      today,
    );
    if (best && (!demoPrice || best.row.promotion_id < demoPrice.row.promotion_id)) demoPrice = best;
  }
  if (demoPrice) chosen.add(demoPrice);
  for (const p of chosen) p.row.end_date = OPEN_ENDED;
}

/**
 * Brand credits of the generic type −1 (SupplierCredit), the type the live service gave every payment a Supplier key
 * saw: of each supplier's credits in date order, all but every third (the first, fourth, ...), which keep the brand's
 * own type. A supplier with two credits or more (the demo brand has several at any scale) has both kinds.
 */
export function genericBrandCredits(payments: PaymentTable[]): void {
  const seen = new Map<number, number>();
  for (const p of [...payments].sort((a, b) => a.payment_id - b.payment_id)) {
    if (p.supplier_id === null) continue;
    const k = seen.get(p.supplier_id) ?? 0;
    seen.set(p.supplier_id, k + 1);
    if (k % 3 !== 0) p.payment_type_id = GENERIC_PAYMENT_TYPE_ID;
  }
}
