import type { PurchaseLineTable, PurchaseTable, VendorTable } from "../db/schema";
import { businessStamp, dayFromToday, dollars, plusDays, roundCents, type SeedContext, scaled } from "./context";
import { termDays, termName } from "./places";
import type { ProductInfo } from "./products";
import type { SupplierInfo } from "./suppliers";

export const FIRST_PURCHASE_ID = 700001;
export const FIRST_PURCHASE_TRANS_ID = 2000001;
const FIRST_SHIPMENT_ID = 880001;

type Status = "New" | "Accepted" | "Received" | "Confirmed" | "Verified";

/** A received purchase line: a FIFO layer of one product at one warehouse. */
export interface Layer {
  purchaseTransId: number;
  batchCode: string;
  /** Receive date, YYYY-MM-DD. */
  day: string;
  packDay: string;
  expirationDate: string | null;
  units: number;
}

export interface PurchaseSeed {
  purchases: PurchaseTable[];
  lines: PurchaseLineTable[];
  /** Received layers per warehouse and product (key: `pairKey`), oldest first. */
  layers: Map<number, Layer[]>;
  /** Units of purchases in status Received (received, not yet on the floor), per pair. */
  receivedUnits: Map<number, number>;
}

/** The key of a warehouse and product pair in `layers` and `receivedUnits`. */
export function pairKey(locationId: number, productId: number): number {
  return locationId * 10_000_000 + productId;
}

interface Plan {
  supplier: SupplierInfo;
  vendor: VendorTable;
  offset: number;
  /** An opening order, or the demo supplier's big delivery just received: up to 20 lines of 5 to 40 cases. */
  large: boolean;
  status?: Status;
}

function statusFor(ctx: SeedContext, offset: number): Status {
  if (offset > 0) return offset > 4 ? "New" : ctx.rng.pick(["New", "Accepted"] as const);
  if (offset >= -3) return "Received";
  if (offset >= -14) return ctx.rng.chance(0.6) ? "Confirmed" : "Verified";
  if (offset >= -30) return ctx.rng.chance(0.2) ? "Confirmed" : "Verified";
  return "Verified";
}

function yymmdd(day: string): string {
  return day.slice(2).replaceAll("-", "");
}

/** The purchases to post, in date order: an opening order per warehouse, then replenishments, then the demo's four. */
function purchasePlans(ctx: SeedContext, suppliers: SupplierInfo[], vendors: VendorTable[]): Plan[] {
  const { rng } = ctx;
  const perSupplier = scaled(ctx, 15, 4);
  const plans: Plan[] = [];
  for (const supplier of suppliers) {
    const rows = vendors.filter((v) => v.supplier_id === supplier.row.supplier_id);
    const usable = supplier.row.active ? rows.filter((v) => v.active === 1) : rows;
    const locations = [...new Set(usable.map((v) => v.location_id))];
    for (const loc of locations) {
      plans.push({
        supplier,
        vendor: usable.find((v) => v.location_id === loc) as VendorTable,
        offset: -rng.int(540, 548),
        large: true,
      });
    }
    const regular = Math.max(2, perSupplier - locations.length);
    for (let k = 0; k < regular; k++) {
      const offset = supplier.row.active ? rng.int(-530, 10) : rng.int(-530, -200);
      plans.push({ supplier, vendor: rng.pick(usable), offset, large: false });
    }
    if (supplier === suppliers[0]) {
      const forced: [number, Status][] = [
        [6, "New"],
        [2, "Accepted"],
        [-1, "Received"],
        [-8, "Confirmed"],
      ];
      forced.forEach(([offset, status], k) =>
        plans.push({
          supplier,
          vendor: usable[k % usable.length] as VendorTable,
          offset,
          large: status === "Received",
          status,
        }),
      );
    }
  }
  // Purchase ids and line ids run in date order, as the ERP's would.
  plans.sort((a, b) => a.offset - b.offset || a.supplier.row.supplier_id - b.supplier.row.supplier_id);
  return plans;
}

/** The products a plan may order: its supplier's, in its vendor's state, of a status the ERP would order then. */
function eligibleProducts(plan: Plan, products: ProductInfo[]): ProductInfo[] {
  const { supplier, vendor, offset } = plan;
  const received = offset <= 0;
  return products.filter((p) => {
    const s = p.row.status_id;
    if (p.row.supplier_id !== supplier.row.supplier_id || p.row.state !== vendor.vendor_state || s === 3) return false;
    if (!received) return s === 1 || s === 2 || s === 5;
    return s === 1 || s === 5 || ((s === 0 || s === 4) && offset < -150);
  });
}

/** What the seed's purchases share as they are drawn: the rows so far and the running ids. */
interface PurchaseDraw {
  seed: PurchaseSeed;
  poCounters: Map<number, number>;
  nextTransId: number;
  shipments: number;
}

/** A purchase's header as drawn: its status and days, and what its lines are stamped with. */
interface PurchaseHeader {
  plan: Plan;
  status: Status;
  receivedStatus: boolean;
  delivery: string;
  globalId: string;
  updated: string;
}

/**
 * The lines of one purchase (the received ones also FIFO layers of their warehouse's stock), their laid-in cost
 * spread over the units with the freight. Answers the freight.
 */
function seedLines(ctx: SeedContext, draw: PurchaseDraw, header: PurchaseHeader, chosen: ProductInfo[]): number {
  const { rng } = ctx;
  const { seed } = draw;
  const { plan, status, receivedStatus, delivery, globalId, updated } = header;
  const { supplier, vendor } = plan;
  const freight = rng.chance(0.6) ? dollars(rng.int(25, 250)) : 0;
  let totalUnits = 0;
  const lineStart = seed.lines.length;
  for (const product of chosen) {
    const upc = product.row.wholesale_units_per_case;
    const cases = plan.large ? rng.int(5, 40) : rng.int(2, 30);
    const ordered = cases * upc;
    const short = receivedStatus && cases > 2 && rng.chance(0.05);
    const units = short ? ordered - upc * rng.int(1, cases - 1) : ordered;
    totalUnits += units;
    const packDay = plusDays(delivery, -rng.int(5, 40));
    const batchCode =
      receivedStatus || vendor.require_po_batch_codes
        ? `${supplier.prefix}${yymmdd(packDay)}-${rng.hex(2).toUpperCase()}`
        : null;
    const perishable = product.type.potencyType !== "Percent";
    const expiration =
      perishable || rng.chance(0.3)
        ? plusDays(packDay, perishable && product.type.group === "Beverages" ? 180 : 365)
        : null;
    const fob = product.row.is_sample ? 0 : roundCents(product.row.unit_price_micros * rng.float(0.5, 0.65));
    const grams = product.type.group === "Flower" ? Number.parseFloat(product.type.netWeight) : 0;
    const transId = draw.nextTransId++;
    seed.lines.push({
      purchase_trans_id: transId,
      purchase_global_id: globalId,
      product_id: product.row.product_id,
      ordered,
      num_units: units,
      cases_centi: Math.round((units * 100) / upc),
      fob_micros: fob,
      deposit_cost_micros: 0,
      laid_in_cost_micros: fob,
      weight_centi: grams ? Math.round(((units * grams) / 453.59) * 100) : null,
      expiration_date: expiration,
      code_date: receivedStatus ? packDay : null,
      batch_code: batchCode,
      pallet_tag: rng.chance(0.4) ? `PT-${rng.int(10000, 99999)}` : null,
      time_updated: updated,
    });
    if (receivedStatus && batchCode) {
      const key = pairKey(vendor.location_id, product.row.product_id);
      const list = seed.layers.get(key) ?? [];
      list.push({ purchaseTransId: transId, batchCode, day: delivery, packDay, expirationDate: expiration, units });
      seed.layers.set(key, list);
      if (status === "Received") seed.receivedUnits.set(key, (seed.receivedUnits.get(key) ?? 0) + units);
    }
  }
  // Laid-in cost: FOB plus the freight spread evenly over the units (whole cents).
  const freightPerUnit = totalUnits > 0 ? roundCents(freight / totalUnits) : 0;
  for (let i = lineStart; i < seed.lines.length; i++) {
    const line = seed.lines[i] as PurchaseLineTable;
    line.laid_in_cost_micros = line.fob_micros + line.deposit_cost_micros + freightPerUnit;
  }
  return freight;
}

/** One planned purchase: its header drawn, its lines, and its row. */
function seedPurchase(
  ctx: SeedContext,
  draw: PurchaseDraw,
  plan: Plan,
  eligible: ProductInfo[],
  supplierTerms: Map<number, number>,
  createdBy: number,
): void {
  const { rng } = ctx;
  const { seed } = draw;
  const { supplier, vendor, offset } = plan;
  const status = plan.status ?? statusFor(ctx, offset);
  const delivery = dayFromToday(ctx, offset);
  const post = dayFromToday(ctx, Math.min(0, offset - vendor.lead_time_days));
  const receivedStatus = status === "Received" || status === "Confirmed" || status === "Verified";
  const purchaseId = FIRST_PURCHASE_ID + seed.purchases.length;
  const globalId = rng.uuid();
  const poSeq = (draw.poCounters.get(supplier.row.supplier_id) ?? 1000) + 1;
  draw.poCounters.set(supplier.row.supplier_id, poSeq);
  const termId = supplierTerms.get(supplier.row.supplier_id) ?? 4;
  const created = businessStamp(ctx, post);
  const updatedDay =
    status === "Verified"
      ? plusDays(delivery, rng.int(3, 10))
      : status === "Confirmed"
        ? plusDays(delivery, rng.int(1, 3))
        : status === "Accepted"
          ? plusDays(post, 1)
          : receivedStatus
            ? delivery
            : post;
  const stamped = updatedDay > ctx.today ? ctx.nowIso : businessStamp(ctx, updatedDay);
  const updated = status === "New" || stamped < created ? created : stamped;
  const withShipment = receivedStatus && rng.chance(0.7);

  const chosen = rng.sample(eligible, plan.large ? 20 : rng.int(3, 20));
  // A small catalog still gives three lines: a product can come in two batches.
  for (let k = 0; chosen.length < 3; k++) chosen.push(chosen[k] as ProductInfo);
  const freight = seedLines(ctx, draw, { plan, status, receivedStatus, delivery, globalId, updated }, chosen);

  seed.purchases.push({
    purchase_global_id: globalId,
    purchase_id: purchaseId,
    source: "erp",
    supplier_id: supplier.row.supplier_id,
    supplier_name: supplier.row.supplier,
    vendor_id: vendor.vendor_id,
    to_location_id: vendor.location_id,
    po_num: rng.chance(0.7) ? `PO-${supplier.prefix}-${poSeq}` : String(4_500_000 + poSeq),
    status,
    delivery_date: delivery,
    shipment_id: withShipment ? FIRST_SHIPMENT_ID + draw.shipments : null,
    shipment_num: withShipment ? `SHP-${FIRST_SHIPMENT_ID + draw.shipments++}` : null,
    receiving_num: receivedStatus ? `RCV-${300000 + purchaseId - FIRST_PURCHASE_ID}` : null,
    public_pdf_link: `assets/purchases/${globalId}.pdf?token=${rng.hex(32)}`,
    memo: rng.chance(0.5) ? `Supplier: ${supplier.row.supplier}` : null,
    terms: termName(termId),
    term_id: termId,
    freight_micros: freight,
    tax_micros: 0,
    other_cost_micros: rng.chance(0.1) ? dollars(rng.int(10, 100)) : 0,
    purchase_pdf_url_api_key_id: null,
    created_by_user_id: createdBy,
    receive_date: receivedStatus ? delivery : null,
    post_date: post,
    invoice_date: receivedStatus ? delivery : null,
    due_date: receivedStatus ? plusDays(delivery, termDays(termId)) : null,
    last_edit_time: updated,
    last_calc_time: updated,
    submitted_at: null,
    time_created: created,
    time_updated: updated,
  });
}

/**
 * ERP-posted purchases, about 15 per supplier over the last 18 months: first an opening order per warehouse (so
 * stock exists from the start of the invoice history), then replenishments. The demo supplier's last four are placed
 * so that every ERP status exists whatever the scale.
 *
 * @example
 * const { purchases, layers } = seedPurchases(ctx, suppliers, products, vendors, supplierTerms, staff.purchasing.user_id);
 */
export function seedPurchases(
  ctx: SeedContext,
  suppliers: SupplierInfo[],
  products: ProductInfo[],
  vendors: VendorTable[],
  supplierTerms: Map<number, number>,
  createdBy: number,
): PurchaseSeed {
  const draw: PurchaseDraw = {
    seed: { purchases: [], lines: [], layers: new Map(), receivedUnits: new Map() },
    poCounters: new Map(),
    nextTransId: FIRST_PURCHASE_TRANS_ID,
    shipments: 0,
  };
  for (const plan of purchasePlans(ctx, suppliers, vendors)) {
    const eligible = eligibleProducts(plan, products);
    if (eligible.length > 0) seedPurchase(ctx, draw, plan, eligible, supplierTerms, createdBy);
  }
  return draw.seed;
}
