import { rowKey, type PurchasesV1Input, type PurchaseV2Input, type WireQuantity } from "./inputs";
import { toMicros } from "./quantities";
import { caseSize } from "./suggestion";

/**
 * Units on their way to each warehouse, per product: the supplier's purchases not yet received. API orders in
 * `Submitted` and ERP-posted purchases in `New` or `Accepted` are on order; drafts (`InProgress`) are counted apart,
 * for the page's "Count drafts" box; `Received`, `Confirmed` and `Verified` purchases are in the inventory already.
 */

/** Statuses whose units are on order. */
export const ON_ORDER_STATUSES: ReadonlySet<string> = new Set(["Submitted", "New", "Accepted"]);
/** The status of an API draft, not yet handed off. */
export const DRAFT_STATUS = "InProgress";
const ERP_STATUSES: ReadonlySet<string> = new Set(["New", "Accepted", "Received", "Confirmed", "Verified"]);

/** Units on order and in drafts, in micro-units, keyed by rowKey(productId, locationId). */
export interface OpenOrders {
  onOrder: Map<string, bigint>;
  inDrafts: Map<string, bigint>;
}

interface OpenLine {
  productId?: number | null;
  ordered?: WireQuantity;
  numUnits?: WireQuantity;
  cases?: WireQuantity;
}

interface OpenPurchase {
  ids: string[];
  status: string;
  locationId: number;
  lines: OpenLine[];
}

/**
 * A line's units. A posted line carries `ordered`, `num_units` and `cases` (all dec-strings, none defined by the
 * documentation); by the documentation's invoice lines, where NumUnits = Ordered − BackOrder, `ordered` is the
 * quantity ordered and `num_units` the quantity filled (received), so for a purchase not yet received `ordered` is
 * what is coming. Then `num_units` (a draft line has only that: the units, or cases × WholesaleUnitsPerCase), then
 * `cases` × the product's case size. A line with none of them counts nothing.
 */
function lineUnits(line: OpenLine, unitsPerCase: (productId: number) => number | null | undefined): bigint | undefined {
  const units = toMicros(line.ordered) ?? toMicros(line.numUnits);
  if (units !== undefined) return units;
  const cases = toMicros(line.cases);
  if (cases === undefined || typeof line.productId !== "number") return undefined;
  return cases * BigInt(caseSize(unitsPerCase(line.productId)));
}

function field(raw: object, name: string): unknown {
  return (raw as Record<string, unknown>)[name];
}

function wire(value: unknown): WireQuantity {
  return typeof value === "number" || typeof value === "string" ? value : undefined;
}

/** A v2 line (draft or posted), read field by field: the client types `purchase_transactions` as unknown. */
function v2Line(raw: unknown): OpenLine | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const productId = field(raw, "product_id");
  return {
    productId: typeof productId === "number" ? productId : undefined,
    ordered: wire(field(raw, "ordered")),
    numUnits: wire(field(raw, "num_units")),
    cases: wire(field(raw, "cases")),
  };
}

function idsOf(globalId: string | null | undefined, purchaseId: number | null | undefined): string[] {
  return [...(globalId ? [`g:${globalId}`] : []), ...(typeof purchaseId === "number" ? [`n:${purchaseId}`] : [])];
}

/**
 * The open units per product and warehouse, from v2 purchases (with their lines inline) and/or v1 purchases with their
 * `/purchaseTrans` lines (a service without the v2 endpoints has only those, and no drafts). A purchase seen twice (in
 * both lists, or as an API order and as the ERP's posted purchase it became) is counted once, the ERP's copy first.
 *
 * @example
 * openOrders({ v2: [{ status: "Submitted", to_location_id: 1, purchase_transactions: [{ product_id: 7, num_units: 24 }] }] }, () => 12).onOrder.get("1:7"); // 24_000_000n
 */
export function openOrders(
  purchases: { v2?: readonly PurchaseV2Input[]; v1?: PurchasesV1Input },
  unitsPerCase: (productId: number) => number | null | undefined,
): OpenOrders {
  const all: OpenPurchase[] = [];
  for (const p of purchases.v2 ?? []) {
    if (typeof p.to_location_id !== "number" || !p.status) continue;
    const lines = Array.isArray(p.purchase_transactions) ? p.purchase_transactions.flatMap((l) => v2Line(l) ?? []) : [];
    all.push({
      ids: idsOf(p.purchase_global_id, p.purchase_id),
      status: p.status,
      locationId: p.to_location_id,
      lines,
    });
  }
  if (purchases.v1) {
    const linesOf = new Map<number, OpenLine[]>();
    for (const l of purchases.v1.lines) {
      if (typeof l.PurchaseID !== "number") continue;
      const list = linesOf.get(l.PurchaseID) ?? [];
      list.push({ productId: l.ProductID, ordered: l.Ordered, numUnits: l.NumUnits, cases: l.Cases });
      linesOf.set(l.PurchaseID, list);
    }
    for (const p of purchases.v1.purchases) {
      if (typeof p.ToLocationID !== "number" || typeof p.PurchaseID !== "number" || !p.Status) continue;
      all.push({
        ids: idsOf(p.PurchaseGlobalID, p.PurchaseID),
        status: p.Status,
        locationId: p.ToLocationID,
        lines: linesOf.get(p.PurchaseID) ?? [],
      });
    }
  }
  // The ERP's posted copy wins over the API order it came from (stable sort keeps the rest in order).
  all.sort((a, b) => Number(ERP_STATUSES.has(b.status)) - Number(ERP_STATUSES.has(a.status)));

  const open: OpenOrders = { onOrder: new Map(), inDrafts: new Map() };
  const seen = new Set<string>();
  for (const purchase of all) {
    if (purchase.ids.some((id) => seen.has(id))) continue;
    purchase.ids.forEach((id) => seen.add(id));
    const into = ON_ORDER_STATUSES.has(purchase.status)
      ? open.onOrder
      : purchase.status === DRAFT_STATUS
        ? open.inDrafts
        : undefined;
    if (!into) continue;
    for (const line of purchase.lines) {
      const units = lineUnits(line, unitsPerCase);
      if (units === undefined || typeof line.productId !== "number") continue;
      const key = rowKey(line.productId, purchase.locationId);
      into.set(key, (into.get(key) ?? 0n) + units);
    }
  }
  return open;
}
