import type { AllocationTable, InventoryBatchTable, InventoryTable } from "../db/schema";
import { businessStamp, plusDays, type SeedContext } from "./context";
import type { CustomerInfo } from "./customers";
import type { DemoStock } from "./demo-stock";
import type { StockEntry } from "./invoice-lines";
import type { InvoiceSeed } from "./invoices";
import { LABORATORIES } from "./names";
import type { Warehouse } from "./places";
import { type Layer, pairKey } from "./purchases";

/** Units per warehouse and product in each state of the sales pipeline, from the invoices still in flight. */
interface Pipeline {
  preSales: Map<number, number>;
  picked: Map<number, number>;
  loaded: Map<number, number>;
  delivered: Map<number, number>;
  pendingSales: Map<number, number>;
  unsellable: Map<number, number>;
  allocated: Map<number, number>;
  sales90: Map<number, number>;
}

function add(map: Map<number, number>, key: number, units: number): void {
  map.set(key, (map.get(key) ?? 0) + units);
}

/**
 * Where each invoice's units are: New invoices are pre-sales; Locked for Routing, picked; Loaded, on the truck today
 * or delivered (still on a Loaded load sheet) before; Balanced, delivered and not yet verified (pending sales). Units
 * returned in the last 30 days are unsellable. Active allocations set units aside at the warehouse that serves the
 * customer.
 */
function pipeline(
  ctx: SeedContext,
  invoices: InvoiceSeed,
  customers: Map<number, CustomerInfo>,
  allocations: AllocationTable[],
): Pipeline {
  const p: Pipeline = {
    preSales: new Map(),
    picked: new Map(),
    loaded: new Map(),
    delivered: new Map(),
    pendingSales: new Map(),
    unsellable: new Map(),
    allocated: new Map(),
    sales90: new Map(),
  };
  const byId = new Map(invoices.invoices.map((i) => [i.row.invoice_id, i]));
  for (const line of invoices.lines) {
    const invoice = byId.get(line.invoice_id);
    if (!invoice || invoice.age > 90) continue;
    const key = pairKey(invoice.customer.row.location_id, line.product_id);
    const units = line.num_units;
    const status = invoice.row.status;
    if (status !== 4) add(p.sales90, key, units);
    if (status === 1) add(p.preSales, key, units);
    else if (status === 2) add(p.picked, key, units);
    else if (status === 3) add(invoice.age === 0 ? p.loaded : p.delivered, key, units);
    else if (status === 5) add(p.pendingSales, key, units);
    else if (status === 4 && invoice.age <= 30) add(p.unsellable, key, -units);
  }
  for (const a of allocations) {
    const customer = customers.get(a.customer_id);
    if (!customer || a.start_date > ctx.today || a.end_date < ctx.today) continue;
    add(p.allocated, pairKey(customer.row.location_id, a.product_id), a.units);
  }
  return p;
}

function batchRow(
  ctx: SeedContext,
  entry: StockEntry,
  layer: Layer,
  locationId: number,
  state: string,
  units: number,
): InventoryBatchTable {
  const { rng } = ctx;
  const type = entry.product.type;
  const percent = type.potencyType === "Percent";
  const smokable = type.group === "Flower" || type.group === "Pre-Rolls";
  // Percent potencies in hundredths of a percent; milligram ones per serving (10 servings) or per package, in hundredths.
  const thcValue = rng.float(type.thc[0], type.thc[1]);
  const thc = Math.round((type.potencyType === "PerServing" ? thcValue / 10 : thcValue) * 100);
  const cbd =
    type.group === "Topicals"
      ? Math.round(thc * rng.float(0.5, 1))
      : Math.round(rng.float(0, percent ? 1.5 : 0.5) * 100);
  const total = thc + cbd + (percent ? rng.int(100, 400) : 0);
  const created = businessStamp(ctx, layer.day);
  return {
    location_id: locationId,
    product_id: entry.product.row.product_id,
    supplier_id: entry.product.row.supplier_id,
    purchase_trans_id: layer.purchaseTransId,
    batch_code: layer.batchCode,
    uid: `1A4${rng.hex(21).toUpperCase()}`,
    state,
    laboratory: rng.pick(LABORATORIES),
    potency_type: type.potencyType,
    coa_url: `assets/coa/${layer.batchCode}.pdf`,
    expiration_date: layer.expirationDate,
    best_by_date: rng.chance(0.3) ? plusDays(layer.packDay, 270) : null,
    harvest_date: smokable ? plusDays(layer.packDay, -rng.int(10, 40)) : null,
    manufacture_date: smokable ? null : plusDays(layer.packDay, -rng.int(1, 10)),
    pack_date: layer.packDay,
    coa_expiration_date: rng.chance(0.7) ? plusDays(layer.packDay, 365) : null,
    vintage: type.group === "Flower" && rng.chance(0.2) ? layer.packDay.slice(0, 4) : null,
    thc_potency_centi: thc,
    cbd_potency_centi: cbd,
    total_cannabinoids_centi: total,
    label_thc_potency_centi: Math.round(thc * rng.float(0.95, 1.02)),
    label_cbd_potency_centi: cbd,
    label_total_cannabinoids_centi: Math.round(total * rng.float(0.95, 1.02)),
    inventory_units: units,
    time_created: created,
    time_updated: created > ctx.syncStamp ? created : ctx.syncStamp,
  };
}

/**
 * One inventory row per warehouse and product it has received. The pipeline quantities come from the invoices; the
 * available units are set (DOI days of the 90-day sales, a few out of stock, discontinued and unavailable products
 * mostly at zero; a few of the demo brand's as demo-stock.ts says), and Inventory is solved from the documented formulas:
 *   OnFloorInventory = Inventory + Received - (Loaded + Picked + PendingSales + Delivered + Unsellable)
 *   AvailableUnits   = OnFloorInventory - (PreSales + Allocated)
 * A few rows with stock just received show a negative Inventory, as the documentation allows. DOI is
 * OnFloorInventory / AvgDailySales90d (0 without sales). The on-floor units are spread over the 1 to 3 newest batches.
 */
export function seedInventory(
  ctx: SeedContext,
  warehouses: Warehouse[],
  stock: Map<number, StockEntry[]>,
  receivedUnits: Map<number, number>,
  invoices: InvoiceSeed,
  customers: Map<number, CustomerInfo>,
  allocations: AllocationTable[],
  restricted: Set<number>,
  demoStock: Pick<DemoStock, "stockOf">,
): { rows: InventoryTable[]; batches: InventoryBatchTable[] } {
  const { rng } = ctx;
  const p = pipeline(ctx, invoices, customers, allocations);
  const avgCentiOf = (key: number) => Math.round(((p.sales90.get(key) ?? 0) * 100) / 90);
  const setStock = demoStock.stockOf(avgCentiOf);
  const rows: InventoryTable[] = [];
  const batches: InventoryBatchTable[] = [];
  // The first row that can show a negative Inventory does, so even a small seed has one.
  let negativeShown = false;
  for (const w of warehouses) {
    const entries = [...(stock.get(w.row.location_id) ?? [])].sort(
      (a, b) => a.product.row.product_id - b.product.row.product_id,
    );
    for (const entry of entries) {
      const product = entry.product.row;
      const key = pairKey(w.row.location_id, product.product_id);
      const q = {
        received: receivedUnits.get(key) ?? 0,
        loaded: p.loaded.get(key) ?? 0,
        picked: p.picked.get(key) ?? 0,
        pendingSales: p.pendingSales.get(key) ?? 0,
        delivered: p.delivered.get(key) ?? 0,
        unsellable: p.unsellable.get(key) ?? 0,
        preSales: p.preSales.get(key) ?? 0,
        allocated: p.allocated.get(key) ?? 0,
      };
      const avgCenti = avgCentiOf(key);
      const retired = (product.status_id === 0 || product.status_id === 4) && rng.chance(0.85);
      const outOfStock = retired || rng.chance(0.08);
      const daily = Math.max(avgCenti / 100, 0.3);
      const drawn = outOfStock ? 0 : Math.max(product.wholesale_units_per_case, Math.round(daily * rng.float(5, 45)));
      // A few of the demo brand's pairs get the stock demo-stock.ts sets, after the draw.
      const available = setStock.get(key) ?? drawn;
      const outflow = q.loaded + q.picked + q.pendingSales + q.delivered + q.unsellable;
      let inventory = available + q.preSales + q.allocated - q.received + outflow;
      // Negative only where the units just received leave room for it with AvailableUnits still at zero or more.
      const room = q.received - outflow - q.preSales - q.allocated;
      if (room >= 1 && (!negativeShown || rng.chance(0.3))) {
        const negative = -rng.int(1, Math.max(1, Math.min(room, Math.floor(q.received / 4))));
        // A pair whose stock demo-stock.ts sets keeps it; the draws are the same either way.
        if (!setStock.has(key)) inventory = negative;
        negativeShown = true;
      }
      const onFloor = inventory + q.received - outflow;

      const layers = entry.layers.slice(-rng.int(1, 3));
      const shares = layers.map((_, i) =>
        i === layers.length - 1 ? 0 : Math.floor(Math.max(onFloor, 0) * rng.float(0.05, 0.3)),
      );
      shares[shares.length - 1] = Math.max(onFloor, 0) - shares.reduce((s, v) => s + v, 0);
      const fifo = layers.find((_, i) => (shares[i] ?? 0) > 0) ?? (layers[layers.length - 1] as Layer);
      layers.forEach((layer, i) =>
        batches.push(batchRow(ctx, entry, layer, w.row.location_id, w.row.state, shares[i] ?? 0)),
      );

      rows.push({
        location_id: w.row.location_id,
        product_id: product.product_id,
        purchase_trans_id: fifo.purchaseTransId,
        inventory,
        received: q.received,
        loaded: q.loaded,
        picked: q.picked,
        pending_sales: q.pendingSales,
        delivered: q.delivered,
        unsellable: q.unsellable,
        pre_sales: q.preSales,
        allocated: q.allocated,
        not_authorized: restricted.has(key) ? 1 : 0,
        doi_centi: avgCenti > 0 ? Math.max(0, Math.round((onFloor * 10_000) / avgCenti)) : 0,
        avg_daily_sales_90d_centi: avgCenti,
        time_updated: ctx.syncStamp,
      });
    }
  }
  return { rows, batches };
}
