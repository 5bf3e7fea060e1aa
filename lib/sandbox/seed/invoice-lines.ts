import type { InvoiceLineTable } from "../db/schema";
import type { SeedContext } from "./context";
import type { ProductInfo } from "./products";
import { applicablePromotion, type PromotionInfo } from "./promotions";
import { type Layer, pairKey } from "./purchases";

/** A product a warehouse has received, with its layers (oldest first). */
export interface StockEntry {
  product: ProductInfo;
  firstDay: string;
  layers: Layer[];
}

const BACK_ORDER_REASONS = [
  [1, "Out of stock"],
  [2, "Short shipped by supplier"],
  [3, "Allocation limit reached"],
] as const;
/** The reasons a Returned invoice's lines carry (a credit memo's too, when it gives one of them). */
export const RETURN_REASONS = [
  [11, "Damaged in transit"],
  [12, "Expired product"],
  [13, "Wrong item delivered"],
  [14, "Customer return"],
] as const;

/** Per warehouse, the products it has received, ordered by first receipt: a warehouse sells only what it has had. */
export function buildStock(
  products: ProductInfo[],
  layers: Map<number, Layer[]>,
  locationIds: number[],
): Map<number, StockEntry[]> {
  const stock = new Map<number, StockEntry[]>();
  for (const locationId of locationIds) {
    const entries: StockEntry[] = [];
    for (const product of products) {
      const list = layers.get(pairKey(locationId, product.row.product_id));
      const first = list?.[0];
      if (list && first) entries.push({ product, firstDay: first.day, layers: list });
    }
    entries.sort((a, b) =>
      a.firstDay < b.firstDay ? -1 : a.firstDay > b.firstDay ? 1 : a.product.row.product_id - b.product.row.product_id,
    );
    stock.set(locationId, entries);
  }
  return stock;
}

/** How many entries had been received on or before `day` (they form a prefix). */
export function receivedBy(entries: StockEntry[], day: string): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((entries[mid] as StockEntry).firstDay <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The FIFO layer that filled a sale on `day`: the latest one received on or before it. */
function layerOn(entry: StockEntry, day: string): Layer {
  let found = entry.layers[0] as Layer;
  for (const layer of entry.layers) if (layer.day <= day) found = layer;
  return found;
}

export interface LineRequest {
  invoiceId: number;
  customerId: number;
  state: string;
  day: string;
  /** Days before today. */
  age: number;
  credit: boolean;
  /** Lines of New invoices are not yet filled: no purchase transaction, no batch. */
  filled: boolean;
  updated: string;
  /** How many lines to try for (default: 1 to 3 for a credit, 3 to 13 otherwise). */
  wanted?: number;
}

/**
 * The lines of one invoice. Prices: FullPrice is the product's unit price; a promotion running that day in the
 * customer's state lowers UnitPrice (Discount = FullPrice - UnitPrice, per unit); a few prices are overridden by hand.
 * ExtPrice = NumUnits x UnitPrice. A credit (returned) invoice has negative units and amounts.
 */
export function buildLines(
  ctx: SeedContext,
  req: LineRequest,
  stock: StockEntry[],
  promotions: Map<number, PromotionInfo[]>,
  nextTransId: () => number,
): InvoiceLineTable[] {
  const { rng } = ctx;
  const available = receivedBy(stock, req.day);
  if (available === 0) return [];
  const wanted = req.wanted ?? (req.credit ? rng.int(1, 3) : rng.int(3, 13));
  const chosen: StockEntry[] = [];
  const seen = new Set<number>();
  for (let tries = 0; chosen.length < wanted && tries < wanted * 6; tries++) {
    const entry = stock[rng.int(0, available - 1)] as StockEntry;
    const status = entry.product.row.status_id;
    if (seen.has(entry.product.row.product_id)) continue;
    if ((status === 0 || status === 4) && req.age <= 60) continue;
    if (!rng.chance(entry.product.popularity)) continue;
    seen.add(entry.product.row.product_id);
    chosen.push(entry);
  }

  const lines: InvoiceLineTable[] = [];
  for (const entry of chosen) {
    const p = entry.product.row;
    const upc = p.wholesale_units_per_case;
    let ordered = p.case_only
      ? upc *
        rng.weighted([
          [1, 50],
          [2, 30],
          [3, 12],
          [4, 8],
        ] as const)
      : p.min_order_units * rng.int(1, 4);
    if (!p.case_only && rng.chance(0.3)) ordered = upc * rng.int(1, 2);
    let backOrder = 0;
    let reason: readonly [number, string] | undefined;
    if (req.credit) {
      ordered = -Math.max(1, Math.min(ordered, rng.int(1, upc)));
      reason = rng.pick(RETURN_REASONS);
    } else if (rng.chance(0.025)) {
      backOrder = rng.chance(0.5) ? ordered : Math.max(1, Math.floor(ordered / 2));
      reason = rng.pick(BACK_ORDER_REASONS);
    }
    const units = ordered - backOrder;
    const full = p.unit_price_micros;
    const promotion = req.credit
      ? undefined
      : applicablePromotion(promotions.get(p.supplier_id), p.product_id, full, req.state, req.day);
    let unit = promotion ? promotion.row.unit_price_micros : full;
    const overridden = !req.credit && rng.chance(0.02) && full >= 1_000_000;
    if (overridden) unit = Math.round((unit * rng.float(0.85, 0.95)) / 10_000) * 10_000;
    const filled = req.filled && units !== 0;
    const layer = filled ? layerOn(entry, req.day) : undefined;
    lines.push({
      invoice_trans_id: nextTransId(),
      invoice_id: req.invoiceId,
      customer_id: req.customerId,
      product_id: p.product_id,
      supplier_id: p.supplier_id,
      product_name: p.product_name,
      batch_code: layer?.batchCode ?? "",
      num_units: units,
      ordered,
      back_order: backOrder,
      cases_centi: Math.round((units * 100) / upc),
      full_price_micros: full,
      discount_micros: full - unit,
      unit_price_micros: unit,
      ext_price_micros: units * unit,
      promotion_id: promotion?.row.promotion_id ?? null,
      promotion_overridden: overridden ? 1 : 0,
      reason_id: reason?.[0] ?? null,
      reason: reason?.[1] ?? null,
      purchase_trans_id: layer?.purchaseTransId ?? null,
      coa_url: layer && rng.chance(0.9) ? `assets/coa/${layer.batchCode}.pdf` : null,
      time_updated: req.updated,
    });
  }
  return lines;
}
