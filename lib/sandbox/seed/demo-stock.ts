import type { ProductTable, PurchaseLineTable, PurchaseTable, VendorPickupDayTable, VendorTable } from "../db/schema";
import type { StockEntry } from "./invoice-lines";
import { pairKey } from "./purchases";

/**
 * What the demo brand's stock gives the replenishment planner whatever the scale and the day. The draws
 * leave products under and over their vendors' targets; these few pairs make sure of the cases a small seed may miss:
 *
 * - at each Californian warehouse (where the default vendor requires batch codes), up to three selling products under
 *   the target: the two whose units on order cover the fewest days hold half the target's days of cover counting what
 *   is on order (no stock at all when the order alone covers more), and the lowest-numbered one with nothing on order
 *   half the target's days;
 * - at the Nevada warehouse, two products without a sale in the last 90 days (AvgDailySales90d 0: dead stock), and a
 *   slow seller (one sale in that time) holding the stock for which the vendor's target asks for a case that its
 *   maximum days of cover forbids: the planner's "capped" case.
 *
 * Chosen without the generator among the Active products each warehouse has stocked (in Nevada, the slow seller among
 * those with nothing on order, so that no order changes its story, and the unsold preferably so). The stalled
 * products' recent invoice lines are dropped after being drawn, and the stock set after its draw: every other record
 * stays as drawn.
 */

/** The state whose warehouses get products under the target. */
const SHORT_STATE = "CA";
/** The state whose warehouse gets the unsold and the slow seller: the demo stores are Californian, their invoices stay whole. */
const STALLED_STATE = "NV";
/** Statuses of posted purchases not yet received: their units are on order. */
const OPEN = new Set(["New", "Accepted"]);
/** The window of AvgDailySales90d, in days before today (an invoice of age 90 counts). */
const WINDOW = 90;

export interface DemoStock {
  /** Pairs (pairKey) without a sale in the last 90 days. */
  unsold: ReadonlySet<number>;
  /** Pairs with one sale in the last 90 days. */
  slow: ReadonlySet<number>;
  /**
   * Whether an invoice line is written. Invoices are made oldest first, so a slow seller keeps the oldest sale of the
   * window. Returns (credits) of the stalled products in the window are dropped too.
   */
  keeps(locationId: number, productId: number, age: number, units: number): boolean;
  /**
   * The available units of the pairs whose stock is set, instead of the drawn ones, given each pair's AvgDailySales90d
   * in hundredths (from the invoices as written).
   */
  stockOf(avgDailyCenti: (key: number) => number): Map<number, number>;
}

interface Input {
  supplierId: number;
  warehouses: readonly { row: { location_id: number; state: string } }[];
  stock: ReadonlyMap<number, readonly StockEntry[]>;
  vendors: readonly VendorTable[];
  pickupDays: readonly VendorPickupDayTable[];
  purchases: readonly PurchaseTable[];
  purchaseLines: readonly PurchaseLineTable[];
}

/** A warehouse of the demo brand, with what the cases need to know of it. */
interface BrandWarehouse {
  locationId: number;
  state: string;
  /** The vendor an order goes to by default: the lowest active VendorID delivering to the warehouse. */
  vendor: VendorTable;
  hasPickupDays: boolean;
  /** The brand's Active products the warehouse has stocked, by ProductID. */
  products: ProductTable[];
}

/**
 * The demo brand's planner cases, from the data drawn before the invoices.
 *
 * @example
 * const demoStock = planDemoStock({ supplierId: 101, warehouses, stock, vendors, pickupDays, purchases, purchaseLines });
 * demoStock.keeps(3, 10004, 12, 10); // false when product 10004 is unsold at warehouse 3
 */
export function planDemoStock(input: Input): DemoStock {
  const { supplierId } = input;
  // Units on order per pair: lines of the brand's posted purchases not yet received.
  const open = new Map(
    input.purchases
      .filter((p) => p.supplier_id === supplierId && OPEN.has(p.status))
      .map((p) => [p.purchase_global_id, p.to_location_id]),
  );
  const onOrder = new Map<number, number>();
  for (const line of input.purchaseLines) {
    const locationId = open.get(line.purchase_global_id);
    if (locationId === undefined) continue;
    const key = pairKey(locationId, line.product_id);
    onOrder.set(key, (onOrder.get(key) ?? 0) + line.ordered);
  }
  const ordered = (key: number) => onOrder.get(key) ?? 0;

  const warehouses: BrandWarehouse[] = [];
  for (const { row } of input.warehouses) {
    const locationId = row.location_id;
    const vendor = input.vendors
      .filter((v) => v.supplier_id === supplierId && v.location_id === locationId && v.active === 1)
      .sort((a, b) => a.vendor_id - b.vendor_id)[0];
    if (!vendor) continue;
    const products = (input.stock.get(locationId) ?? [])
      .map((e) => e.product.row)
      .filter((p) => p.supplier_id === supplierId && p.status_id === 1)
      .sort((a, b) => a.product_id - b.product_id);
    const hasPickupDays = input.pickupDays.some(
      (d) => d.vendor_id === vendor.vendor_id && d.location_id === locationId,
    );
    warehouses.push({ locationId, state: row.state, vendor, hasPickupDays, products });
  }

  // The stalled products: the slow seller (when the vendor has a maximum to meet) among those with nothing on order,
  // then the two unsold, those with nothing on order first.
  const slow = new Set<number>();
  const unsold = new Set<number>();
  for (const w of warehouses.filter((x) => x.state === STALLED_STATE)) {
    const keys = w.products.map((p) => pairKey(w.locationId, p.product_id));
    const idle = keys.filter((key) => ordered(key) === 0);
    if (w.vendor.max_doi !== null && idle[0] !== undefined) slow.add(idle[0]);
    [...idle, ...keys.filter((key) => ordered(key) > 0)]
      .filter((key) => !slow.has(key))
      .slice(0, 2)
      .forEach((key) => unsold.add(key));
  }

  const soldOnce = new Set<number>();
  return {
    unsold,
    slow,
    keeps(locationId, productId, age, units) {
      if (age > WINDOW) return true;
      const key = pairKey(locationId, productId);
      if (unsold.has(key)) return false;
      if (!slow.has(key)) return true;
      if (units <= 0 || soldOnce.has(key)) return false;
      soldOnce.add(key);
      return true;
    },
    stockOf(avgDailyCenti) {
      const stock = new Map<number, number>();
      for (const w of warehouses) {
        const { vendor } = w;
        const selling = w.products
          .map((p) => ({ key: pairKey(w.locationId, p.product_id), p }))
          .map((x) => ({ ...x, perDay: avgDailyCenti(x.key) / 100 }))
          .filter((x) => x.perDay > 0);
        if (w.state === SHORT_STATE) {
          // The two products whose units on order cover the fewest days, and the lowest-numbered one with nothing on order.
          const withOrder = selling
            .filter((x) => ordered(x.key) > 0)
            .sort((a, b) => ordered(a.key) / a.perDay - ordered(b.key) / b.perDay)
            .slice(0, 2);
          const without = selling.find((x) => ordered(x.key) === 0);
          for (const x of [...withOrder, without])
            if (x) stock.set(x.key, Math.max(0, Math.floor((x.perDay * vendor.target_doi) / 2) - ordered(x.key)));
        }
        for (const x of selling.filter((y) => slow.has(y.key))) {
          const units =
            vendor.max_doi === null
              ? undefined
              : cappedStock(
                  x.perDay,
                  x.p.wholesale_units_per_case,
                  vendor.lead_time_days,
                  w.hasPickupDays,
                  vendor.target_doi,
                  vendor.max_doi,
                );
          if (units !== undefined) stock.set(x.key, units);
        }
      }
      return stock;
    },
  };
}

/**
 * Units of stock for which the target asks for cases but the maximum allows none, for every day an order may be placed:
 * with v the sales per day, u the case size and d the days until an order arrives (the lead time, plus one to seven
 * days until the next pickup when the vendor has pickup days), the stock P must satisfy P < v × (d + target) (something
 * to order) and P + u > v × (d + maximum) (one case too many) for every d. The middle of that range, in whole units;
 * undefined when it is empty (the product sells too fast for its case size to pass the maximum).
 *
 * @example
 * // 0.3 a day, cases of 10, arrives in 7 days, 28 days' target, 42 days' maximum: the target wants 10.5 units, so
 * // 7 in stock asks for a case, but 7 + 10 passes the maximum's 14.7.
 * cappedStock(0.3, 10, 7, false, 28, 42); // 7
 */
export function cappedStock(
  perDay: number,
  unitsPerCase: number,
  leadTime: number,
  hasPickupDays: boolean,
  target: number,
  maximum: number,
): number | undefined {
  const soonest = leadTime + (hasPickupDays ? 1 : 0);
  const latest = leadTime + (hasPickupDays ? 7 : 0);
  const above = perDay * (latest + maximum) - unitsPerCase;
  const below = perDay * (soonest + target);
  const stock = Math.max(0, Math.floor((above + below) / 2));
  return stock > above && stock < below ? stock : undefined;
}
