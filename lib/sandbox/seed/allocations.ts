import type { AllocationTable, RetailerInventoryTable } from "../db/schema";
import { businessStamp, dayFromToday, type SeedContext, scaled } from "./context";
import type { CustomerInfo } from "./customers";
import type { StockEntry } from "./invoice-lines";
import type { InvoiceSeed } from "./invoices";
import { pairKey } from "./purchases";

export const FIRST_ALLOCATION_ID = 7001;

export interface AllocationSeed {
  rows: AllocationTable[];
  /** Products (per warehouse, key `pairKey`) reserved for authorized accounts: NotAuthorized on their inventory. */
  restricted: Set<number>;
}

/**
 * A few dozen allocations: stock of an Active product set aside for one to four customers of one warehouse, over a
 * date range that is current (most), past or future. The first is current and includes the demo Customer key's store;
 * the second sets aside a product of the demo Supplier key's brand, so every demo key has allocations to look at.
 */
export function seedAllocations(
  ctx: SeedContext,
  customers: CustomerInfo[],
  stock: Map<number, StockEntry[]>,
  demoSupplierId: number,
): AllocationSeed {
  const { rng } = ctx;
  const seed: AllocationSeed = { rows: [], restricted: new Set() };
  const count = scaled(ctx, 36, 6);
  const demo = customers[0] as CustomerInfo;
  const sellableOf = (e: StockEntry) => e.product.row.status_id === 1 && e.product.row.is_sample === 0;
  // A warehouse stocking the demo brand's sellable products and serving an Active customer.
  const brandHome = [...stock.keys()].find(
    (l) =>
      (stock.get(l) ?? []).some((e) => sellableOf(e) && e.product.row.supplier_id === demoSupplierId) &&
      customers.some((c) => c.row.location_id === l && c.row.account_status === "Active"),
  );
  for (let k = 0; k < count; k++) {
    const locationId =
      k === 0 ? demo.row.location_id : k === 1 && brandHome !== undefined ? brandHome : rng.pick([...stock.keys()]);
    const sellable = (stock.get(locationId) ?? []).filter(sellableOf);
    const brand = sellable.filter((e) => e.product.row.supplier_id === demoSupplierId);
    const candidates = k === 1 && brand.length > 0 ? brand : sellable;
    const served = customers.filter((c) => c.row.location_id === locationId && c.row.account_status === "Active");
    if (candidates.length === 0 || served.length === 0) continue;
    const products = rng.sample(candidates, rng.chance(0.15) ? 2 : 1);
    const chosen = rng.sample(served, rng.int(1, 4));
    if (k === 0 && !chosen.includes(demo)) chosen[0] = demo;
    const when =
      k === 0
        ? "current"
        : rng.weighted([
            ["current", 60],
            ["past", 20],
            ["future", 20],
          ] as const);
    const start = when === "past" ? -rng.int(60, 120) : when === "future" ? rng.int(3, 20) : -rng.int(1, 30);
    const end =
      when === "past" ? start + rng.int(14, 45) : when === "future" ? start + rng.int(14, 60) : rng.int(5, 40);
    const type = rng.weighted([
      [1, 60],
      [2, 25],
      [3, 15],
    ] as const);
    const allocationId = FIRST_ALLOCATION_ID + k;
    const startDay = dayFromToday(ctx, start);
    const restricted = when === "current" && rng.chance(0.35);
    for (const entry of [...products].sort((a, b) => a.product.row.product_id - b.product.row.product_id)) {
      if (restricted) seed.restricted.add(pairKey(locationId, entry.product.row.product_id));
      for (const c of [...chosen].sort((a, b) => a.row.customer_id - b.row.customer_id)) {
        seed.rows.push({
          allocation_id: allocationId,
          product_id: entry.product.row.product_id,
          customer_id: c.row.customer_id,
          units: entry.product.row.wholesale_units_per_case * rng.int(1, 4),
          allocation_type_id: type,
          start_date: startDay,
          end_date: dayFromToday(ctx, end),
          time_updated: businessStamp(ctx, start < 0 ? startDay : ctx.today),
        });
      }
    }
  }
  return seed;
}

/**
 * Shelf inventory reported by some stores (about one in seven Active ones, and the demo key's first store): one row
 * per product they bought in the last 90 days, at most 25.
 */
export function seedRetailerInventory(
  ctx: SeedContext,
  customers: CustomerInfo[],
  invoices: InvoiceSeed,
): RetailerInventoryTable[] {
  const { rng } = ctx;
  const reporting = new Set(customers.filter((c) => c.reportsInventory).map((c) => c.row.customer_id));
  const recent = new Set(
    invoices.invoices
      .filter((i) => i.age <= 90 && i.row.status !== 4 && reporting.has(i.row.customer_id))
      .map((i) => i.row.invoice_id),
  );
  const bought = new Map<number, Map<number, number>>();
  const written = new Set<string>();
  // Unwritten lines (all recent; their returns have negative units) are drawn for as if bought, in the order drawn.
  const unwritten = new Set(invoices.unwritten);
  const lines = [...invoices.lines, ...invoices.unwritten].sort((a, b) => a.invoice_trans_id - b.invoice_trans_id);
  for (const line of lines) {
    const isWritten = !unwritten.has(line);
    if ((isWritten ? !recent.has(line.invoice_id) : !reporting.has(line.customer_id)) || line.num_units <= 0) continue;
    const products = bought.get(line.customer_id) ?? new Map<number, number>();
    products.set(line.product_id, line.num_units);
    bought.set(line.customer_id, products);
    if (isWritten) written.add(`${line.customer_id}:${line.product_id}`);
  }
  const rows: RetailerInventoryTable[] = [];
  for (const customerId of [...bought.keys()].sort((a, b) => a - b)) {
    const products = [...(bought.get(customerId) ?? new Map<number, number>()).entries()]
      .sort((a, b) => a[0] - b[0])
      .slice(0, 25);
    for (const [productId, units] of products) {
      const last = dayFromToday(ctx, -rng.int(0, 6));
      const inventory = rng.int(0, units * 2) * 100 + (rng.chance(0.2) ? 50 : 0);
      const dailySales = rng.int(10, Math.max(20, units * 15));
      const updated = businessStamp(ctx, last);
      if (!written.has(`${customerId}:${productId}`)) continue;
      rows.push({
        id: rows.length + 1,
        product_id: productId,
        customer_id: customerId,
        inventory_centi: inventory,
        daily_sales_centi: dailySales,
        last_inventory_date: last,
        time_updated: updated,
      });
    }
  }
  return rows;
}
