import { type Arrival, vendorArrival, warehouseToday } from "./arrival";
import {
  type InventoryInput,
  type LocationInput,
  type ProductInput,
  type PurchasesV1Input,
  type PurchaseV2Input,
  rowKey,
  type StateInput,
  type VendorInput,
} from "./inputs";
import { openOrders } from "./on-order";
import { shortText, toMicros, toNumber } from "./quantities";
import { caseSize, coverDays, isBelowTarget, suggest } from "./suggestion";
import { type PlanVendor, vendorChoices } from "./vendors";

/**
 * The replenishment plan: one row per product and warehouse the supplier has `/inventory` rows for, with what is
 * available, on order and selling, the vendor that would deliver an order, when it would arrive, and how many cases to
 * order. Pure: the clock is an argument, and each row carries what explain() needs to say why.
 */

/** Why a row has no suggestion, in the order the planner checks. */
export type NoSuggestionReason =
  /** No `/products` record: status and case size unknown. */
  | "unknown-product"
  /** A `/products` record without StatusID. */
  | "no-status"
  /** StatusID other than 1 (Active) or 2 (Pre-order). */
  | "inactive-product"
  /** No AvailableUnits on any of the pair's inventory rows. */
  | "no-stock-figure"
  /** No AvgDailySales90d on any of the pair's inventory rows. */
  | "no-sales-figure"
  /** Sells 0 a day. */
  | "no-sales"
  /** No active vendor of the supplier delivers to the warehouse. */
  | "no-vendor"
  | "no-lead-time"
  | "no-target"
  /** Available + on order already covers the target. */
  | "above-target"
  /** The target asks for cases, but even one would pass the vendor's MaxDOI. */
  | "capped-to-zero";

export interface PlanRow {
  /** rowKey(productId, locationId). */
  key: string;
  productId: number;
  locationId: number;
  supplierId?: number;
  productName?: string;
  supplierProductNumber?: string;
  warehouseName?: string;
  statusId?: number;
  /** The product is reserved for specifically authorized accounts (any of its inventory rows says so). */
  notAuthorized: boolean;
  /** The case size counted in: WholesaleUnitsPerCase, or 1 when missing or 0. */
  unitsPerCase: number;
  /** Sum of AvailableUnits; undefined when no row has it. */
  available?: number;
  /** Units on Submitted, New and Accepted purchases to this warehouse. */
  onOrder: number;
  /** Units on drafts (InProgress) to this warehouse, shown apart. */
  inDrafts: number;
  /** Whether inDrafts counts in the stock (the page's "Count drafts" box). */
  draftsCounted: boolean;
  /** Sum of AvgDailySales90d as short decimal text ("12.4"); undefined when no row has it. */
  sellsPerDay?: string;
  /** (Available + on order) ÷ sells per day; undefined without sales or without an available figure. */
  daysOfCover?: number;
  /** Days of cover under the target days, or no stock while selling; never without a target (targetDays). */
  belowTarget: boolean;
  /** The vendor an order would go to: the person's choice, or the lowest VendorID. */
  vendor?: PlanVendor;
  /** Every vendor the person may pick for this row (active, the supplier's, delivering to the warehouse). */
  vendorChoices: PlanVendor[];
  /** The person's chosen vendor is in use. */
  vendorChosen: boolean;
  /** A vendor was chosen for this row but is not among its choices (inactive or gone): the default is used. */
  chosenVendorMissing: boolean;
  /** The zone the days are counted in, and whether it is the warehouse state's (false: UTC, for want of one). */
  timeZone: string;
  zoneKnown: boolean;
  /** Today on the warehouse's clock. */
  today: string;
  /** When an order placed today arrives; undefined without a vendor or its lead time. */
  arrival?: Arrival;
  /** arrival.inDays. */
  arrivesIn?: number;
  /** The vendor's TargetDOI. */
  targetDays?: number;
  /** The vendor's MaxDOI. */
  maxDays?: number;
  suggestedCases?: number;
  suggestedUnits?: number;
  /** The cases the target asked for when the maximum lowered them (to suggestedCases, or to none). */
  uncappedCases?: number;
  /** Set exactly when there is no suggestion. */
  reason?: NoSuggestionReason;
}

export interface PlanInput {
  inventory: readonly InventoryInput[];
  products: readonly ProductInput[];
  vendors: readonly VendorInput[];
  locations: readonly LocationInput[];
  states: readonly StateInput[];
  /** v2 purchases with their lines inline. */
  purchases?: readonly PurchaseV2Input[];
  /** v1 purchases and their lines, for a service without v2 (or alongside it: duplicates count once). */
  purchasesV1?: PurchasesV1Input;
}

export interface PlanOptions {
  /** The instant the plan is for; "today" is its date on each warehouse's clock. */
  now: Date;
  /** Count drafts (InProgress) as on order. */
  countDrafts?: boolean;
  /** The person's vendor per row key (VendorID), overriding the lowest VendorID. */
  chosenVendors?: ReadonlyMap<string, number>;
}

interface Pair {
  productId: number;
  locationId: number;
  available?: bigint;
  perDay?: bigint;
  notAuthorized: boolean;
}

function add(a: bigint | undefined, b: bigint | undefined): bigint | undefined {
  return a === undefined ? b : b === undefined ? a : a + b;
}

/** The inventory rows summed per product and warehouse, in first-seen order. */
function pairsOf(inventory: readonly InventoryInput[]): Pair[] {
  const pairs = new Map<string, Pair>();
  for (const row of inventory) {
    if (typeof row.ProductID !== "number" || typeof row.LocationID !== "number") continue;
    const key = rowKey(row.ProductID, row.LocationID);
    const pair = pairs.get(key) ?? { productId: row.ProductID, locationId: row.LocationID, notAuthorized: false };
    pair.available = add(pair.available, toMicros(row.AvailableUnits));
    pair.perDay = add(pair.perDay, toMicros(row.AvgDailySales90d));
    pair.notAuthorized ||= row.NotAuthorized === true;
    pairs.set(key, pair);
  }
  return [...pairs.values()];
}

function byId<T>(
  records: readonly T[],
  id: (record: T) => number | string | null | undefined,
): Map<number | string, T> {
  const map = new Map<number | string, T>();
  for (const record of records) {
    const key = id(record);
    if (key !== null && key !== undefined && !map.has(key)) map.set(key, record);
  }
  return map;
}

/**
 * The plan's rows, ordered by warehouse, then product name, then product id.
 *
 * @example
 * planRows({ inventory, products, vendors, locations, states, purchases }, { now: new Date(), countDrafts: false });
 */
export function planRows(input: PlanInput, options: PlanOptions): PlanRow[] {
  const products = byId(input.products, (p) => p.ProductID);
  const locations = byId(input.locations, (l) => l.LocationID);
  const states = byId(input.states, (s) => s.StateAbbreviation);
  const open = openOrders(
    { v2: input.purchases, v1: input.purchasesV1 },
    (id) => products.get(id)?.WholesaleUnitsPerCase,
  );
  const countDrafts = options.countDrafts ?? false;

  const rows = pairsOf(input.inventory).map((pair): PlanRow => {
    const key = rowKey(pair.productId, pair.locationId);
    const product = products.get(pair.productId);
    const location = locations.get(pair.locationId);
    const timeZone = location?.State ? states.get(location.State)?.TimeZone : undefined;
    const zone = warehouseToday(options.now, timeZone);
    const supplierId = product?.SupplierID ?? undefined;
    const choice = vendorChoices(input.vendors, pair.locationId, supplierId, options.chosenVendors?.get(key));
    const vendor = choice.vendor;

    const onOrder = open.onOrder.get(key) ?? 0n;
    const inDrafts = open.inDrafts.get(key) ?? 0n;
    const stock = (pair.available ?? 0n) + onOrder + (countDrafts ? inDrafts : 0n);
    const arrival = vendor ? vendorArrival(options.now, timeZone, vendor) : undefined;
    const targetDays = vendor?.targetDays;

    const row: PlanRow = {
      key,
      productId: pair.productId,
      locationId: pair.locationId,
      supplierId: supplierId ?? vendor?.supplierId,
      productName: product?.ProductName ?? undefined,
      supplierProductNumber: product?.SupplierProductNumber ?? undefined,
      warehouseName: location?.Location ?? undefined,
      statusId: product?.StatusID ?? undefined,
      notAuthorized: pair.notAuthorized,
      unitsPerCase: caseSize(product?.WholesaleUnitsPerCase),
      available: pair.available === undefined ? undefined : toNumber(pair.available),
      onOrder: toNumber(onOrder),
      inDrafts: toNumber(inDrafts),
      draftsCounted: countDrafts,
      sellsPerDay: pair.perDay === undefined ? undefined : shortText(pair.perDay),
      daysOfCover:
        pair.available === undefined || pair.perDay === undefined ? undefined : coverDays(stock, pair.perDay),
      belowTarget: isBelowTarget({ perDay: pair.perDay, stock, available: pair.available, targetDays }),
      vendor,
      vendorChoices: choice.choices,
      vendorChosen: choice.chosen,
      chosenVendorMissing: choice.chosenMissing,
      timeZone: zone.timeZone,
      zoneKnown: zone.zoneKnown,
      today: zone.today,
      arrival,
      arrivesIn: arrival?.inDays,
      targetDays,
      maxDays: vendor?.maxDays,
    };
    return { ...row, ...outcome(row, product !== undefined, pair, stock) };
  });
  return rows.sort(
    (a, b) =>
      a.locationId - b.locationId ||
      (a.productName ?? "").localeCompare(b.productName ?? "") ||
      a.productId - b.productId,
  );
}

type Outcome = Pick<PlanRow, "suggestedCases" | "suggestedUnits" | "uncappedCases" | "reason">;

/** The suggestion, or the first reason there is none. */
function outcome(row: PlanRow, productFound: boolean, pair: Pair, stock: bigint): Outcome {
  if (!productFound) return { reason: "unknown-product" };
  if (row.statusId === undefined) return { reason: "no-status" };
  if (row.statusId !== 1 && row.statusId !== 2) return { reason: "inactive-product" };
  if (pair.available === undefined) return { reason: "no-stock-figure" };
  if (pair.perDay === undefined) return { reason: "no-sales-figure" };
  if (pair.perDay <= 0n) return { reason: "no-sales" };
  if (!row.vendor) return { reason: "no-vendor" };
  if (!row.arrival) return { reason: "no-lead-time" };
  if (row.targetDays === undefined) return { reason: "no-target" };
  const s = suggest({
    perDay: pair.perDay,
    stock,
    arrivesIn: row.arrival.inDays,
    targetDays: row.targetDays,
    maxDays: row.maxDays,
    unitsPerCase: row.unitsPerCase,
  });
  switch (s.kind) {
    case "order":
      return { suggestedCases: s.cases, suggestedUnits: s.units, uncappedCases: s.uncappedCases };
    case "capped-to-zero":
      return { reason: "capped-to-zero", uncappedCases: s.uncappedCases };
    default:
      return { reason: s.kind };
  }
}
