import "server-only";
import type { DataApiClient, RecordOf } from "@/lib/data-api/client";
import { apiWalkOptions } from "@/lib/domain/api-query";
import { casePrice, priceInForce } from "@/lib/domain/order-guide/guide";
import { bucketBound } from "@/lib/domain/order-guide/review";
import {
  askedProduct,
  type DetailLine,
  type KeptSubstitute,
  type ListDetail,
  type ListEvent,
  matchWords,
  priced,
  type ReorderRequest,
  type SharedLine,
  sharedLines,
  stageOf,
  type SubstituteCandidate,
} from "@/lib/domain/order-guide/shared-list";
import { idBatches } from "@/lib/domain/today/requests";
import type { Party, PartyStore, Side } from "../core/parties";
import { matchOf } from "./shared-lists";
import type { OrderListTable } from "./tables";

/**
 * A shared list as each side reads it: its lines with the serving warehouse's stock now, its events, its match; and
 * the products the rep may offer in a line's place. Reads through the asker's own key (the proxy, as the person).
 */

/** The serving warehouse's stock: each product's bucket and whether it is in stock. */
export type Stock = Map<number, { bucket: string | null; inStock: boolean }>;

const walkAll = async <R>(api: DataApiClient, request: Parameters<typeof apiWalkOptions>[1], signal?: AbortSignal) =>
  (await apiWalkOptions(api, request, 0, 10).queryFn({ signal: signal ?? new AbortController().signal }))
    .records as R[];

/** What the store's serving warehouse holds now (`/availableInventory`, one request a page). */
export async function readStock(api: DataApiClient, store: PartyStore, signal?: AbortSignal): Promise<Stock> {
  const records = await walkAll<RecordOf<"listAvailableInventory">>(
    api,
    {
      operation: "listAvailableInventory",
      query: {
        CustomerIDs: String(store.customerId),
        ...(store.locationId !== null ? { LocationIDs: String(store.locationId) } : {}),
      },
    },
    signal,
  );
  const stock: Stock = new Map();
  for (const r of records) {
    if (typeof r.ProductID !== "number") continue;
    if (store.locationId !== null && r.LocationID !== store.locationId) continue;
    stock.set(r.ProductID, {
      bucket: typeof r.InventoryBucket === "string" ? r.InventoryBucket : null,
      inStock: r.InStock === true,
    });
  }
  return stock;
}

/** Whether the warehouse cannot fill `cases` of a product: not listed, out of stock, or more than its bucket holds. */
export function cannotFill(stock: Stock, productId: number, cases: number): boolean {
  if (cases <= 0) return false;
  const at = stock.get(productId);
  if (!at || !at.inStock) return true;
  const bound = bucketBound(at.bucket);
  return bound !== undefined && cases >= bound;
}

/** A line as the page shows it: the product asked now, its stock, whether the warehouse can fill it. */
function detailLine(line: SharedLine & { substitute: KeptSubstitute | null; total: string }, stock: Stock): DetailLine {
  const asked = askedProduct(line);
  const { casePrice: _kept, ...substitute } = line.substitute ?? { casePrice: "" };
  return {
    lineId: line.lineId,
    productId: line.productId,
    name: line.name,
    cases: line.cases,
    askedCases: line.askedCases,
    casePrice: line.substitute?.status === "accepted" ? line.substitute.casePrice : line.casePrice,
    total: line.total,
    available: stock.get(asked)?.bucket ?? null,
    short: cannotFill(stock, asked, line.cases),
    substitute: line.substitute ? (substitute as DetailLine["substitute"]) : null,
  };
}

/** Whether a side may act on a list at its stage (the role's own check is the route's). */
export function mayAct(side: Side, row: OrderListTable): boolean {
  const stage = stageOf(row);
  if (stage === "withdrawn") return false;
  return side === "rep" || stage !== "entered";
}

/** The list as `GET /api/order-guide/lists/{id}` answers it to one side. */
export function listDetail(
  row: OrderListTable,
  party: Party,
  events: ListEvent[],
  stock: Stock,
  mayWrite: boolean,
): ListDetail {
  const lines = priced(sharedLines(row.lines_json));
  const match = matchOf(row);
  return {
    id: row.id,
    version: row.version,
    side: party.side,
    customerId: row.customer_id,
    customerName: row.customer_name,
    stage: stageOf(row),
    sentAt: row.sent_at,
    sentBy: row.sent_by_name,
    priceDay: row.price_day,
    totalCases: lines.totalCases,
    total: lines.total,
    acknowledged: row.acknowledged_at ? { at: row.acknowledged_at, by: row.acknowledged_by_name ?? "" } : null,
    entered: row.entered_at ? { at: row.entered_at, by: row.entered_by_name ?? "", erpRef: row.erp_ref } : null,
    withdrawn: row.withdrawn_at ? { at: row.withdrawn_at, by: row.withdrawn_by_name ?? "" } : null,
    lines: lines.lines.map((l) => detailLine(l, stock)),
    events,
    match,
    matchWords: matchWords(match),
    mayEdit: mayWrite && mayAct(party.side, row),
  };
}

/** A list as the rep's requests list it. */
export function reorderRequest(row: OrderListTable): ReorderRequest {
  const lines = priced(sharedLines(row.lines_json));
  const match = matchOf(row);
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    stage: stageOf(row),
    sentAt: row.sent_at,
    sentBy: row.sent_by_name,
    lineCount: lines.lines.filter((l) => l.cases > 0).length,
    totalCases: lines.totalCases,
    total: lines.total,
    matchWords: matchWords(match),
    matchStatus: match?.status ?? "waiting",
  };
}

export type { SubstituteCandidate };

const CLOSENESS_ORDER: SubstituteCandidate["closeness"][] = ["brand-and-category", "category", "brand", "other"];

/** At most this many are offered (the closest first). */
export const SUBSTITUTES_OFFERED = 40;

/**
 * The products the rep may offer instead of a line's: in stock at the store's serving warehouse, with a case price
 * for the store on the list's day, not a sample, not the line's own nor another line's; the same brand and category
 * first, then the category, then the brand, then the rest, by name. Three or four requests.
 */
export async function readSubstitutes(
  api: DataApiClient,
  store: PartyStore,
  stock: Stock,
  line: SharedLine,
  onList: ReadonlySet<number>,
  day: string,
  signal?: AbortSignal,
): Promise<SubstituteCandidate[]> {
  const inStock = [...stock.entries()].filter(([id, s]) => s.inStock && !onList.has(id)).map(([id]) => id);
  const ids = [line.productId, ...inStock];
  const [products, prices] = await Promise.all([
    Promise.all(
      idBatches(ids).map((ProductIDs) =>
        walkAll<RecordOf<"listProducts">>(api, { operation: "listProducts", query: { ProductIDs } }, signal),
      ),
    ).then((pages) => pages.flat()),
    walkAll<RecordOf<"listCustomerPricing">>(
      api,
      { operation: "listCustomerPricing", query: { CustomerIDs: String(store.customerId), EffectiveDate: day } },
      signal,
    ),
  ]);
  const productOf = new Map(products.map((p) => [p.ProductID, p]));
  const priceOf = new Map(prices.filter((p) => p.CustomerID === store.customerId).map((p) => [p.ProductID, p]));
  const own = productOf.get(line.productId);
  const text = (v: unknown) => (typeof v === "string" && v ? v : null);
  const ownBrand = text(own?.BrandName);
  const ownCategory = text(own?.ProductTypeName);
  const out: SubstituteCandidate[] = [];
  for (const id of inStock) {
    const product = productOf.get(id);
    const price = priceOf.get(id);
    if (!product || !price || product.IsSample === true) continue;
    const perCase = typeof product.WholesaleUnitsPerCase === "number" ? product.WholesaleUnitsPerCase : undefined;
    const priceOfCase = casePrice(priceInForce(price, day), perCase);
    if (!priceOfCase) continue;
    const brand = text(product.BrandName);
    const category = text(product.ProductTypeName);
    const sameBrand = brand !== null && brand === ownBrand;
    const sameCategory = category !== null && category === ownCategory;
    out.push({
      productId: id,
      name: String(product.ProductName ?? `Product ${id}`),
      brand,
      category,
      casePrice: priceOfCase,
      bucket: stock.get(id)?.bucket ?? null,
      closeness:
        sameBrand && sameCategory ? "brand-and-category" : sameCategory ? "category" : sameBrand ? "brand" : "other",
    });
  }
  return out
    .sort(
      (a, b) =>
        CLOSENESS_ORDER.indexOf(a.closeness) - CLOSENESS_ORDER.indexOf(b.closeness) ||
        a.name.localeCompare(b.name) ||
        a.productId - b.productId,
    )
    .slice(0, SUBSTITUTES_OFFERED);
}
