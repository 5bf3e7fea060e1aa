import type { DataApiClient, RecordOf } from "@/lib/data-api/client";
import type { OperationId } from "@/lib/data-api/registry";
import type { StaleNote } from "@/lib/data-api/response-meta";
import { type ApiRequest, apiWalkOptions, type Walked } from "@/lib/domain/api-query";
import { oldestStale } from "@/lib/domain/stale";
import { idBatches } from "@/lib/domain/today/requests";
import { addDays } from "@/lib/format/days";
import { netMicros, netSale, RETURNED_STATUS } from "@/lib/domain/invoices/net-sales";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import {
  BOUGHT_WITHIN_DAYS,
  casePrice,
  cover,
  neverCounted,
  priceInForce,
  promotionEnds,
  suggestedCases,
  usualCases,
} from "./guide";

/** One product of a store's order guide: what `GET /api/order-guide` answers, row by row. */
export interface GuideRow {
  productId: number;
  name: string;
  brand: string | null;
  category: string | null;
  unitsPerCase: number | null;
  /** Units on the store's shelf at its last count; null when not counted. */
  shelf: string | null;
  /** The store's count of it is the API's never-counted sentinel (2000-01-01, or 1999); false when it has no record. */
  neverCounted: boolean;
  daysOfCover: string | null;
  usualCases: string | null;
  /** Cases of it the store bought in the last 180 days, returns taken off (2 decimals); null when none. */
  boughtCases: string | null;
  unitPrice: string | null;
  casePrice: string | null;
  /** On promotion for the store today. */
  onPromotion: boolean;
  /** The promotion's last day; null when open-ended (3000-12-31) or none. */
  promotionEnds: string | null;
  /** The serving warehouse's bucket (`/availableInventory` InventoryBucket); null when it does not list the product. */
  bucket: string | null;
  inStock: boolean;
  /** A sample (`IsSample`): never suggested. */
  sample: boolean;
  /** Whole cases to ask for (`suggestedCases`: its rules bound it by what the store buys). */
  suggestedCases: number;
}

/** A store's order guide: its rows by name, and what it was read from. */
export interface GuideData {
  customerId: number;
  customerName: string | null;
  /** Whether the key sees the store's record at all (a CustomerID typed by staff may name none). */
  found: boolean;
  /** The store's rep's address, where its record has one (sparse records leave it out). */
  salesRepEmail: string | null;
  day: string;
  coverDays: number;
  /** What the store bought: what its suggestions are bounded by, said beside them (`storePurchases`). */
  purchases: StorePurchases;
  rows: GuideRow[];
  complete: boolean;
  stale?: StaleNote;
}

/** Money and cases a store bought, its invoices' lines net of returns (`netSale`). */
export interface Bought {
  /** 2 decimals. */
  total: string;
  cases: string;
}

/** A store's purchases in the last `coverDays` days (today included), and at its pace of the last 180 for as many. */
export interface StorePurchases {
  /** The first of the last `coverDays` days. */
  from: string;
  lastDays: Bought;
  /** The 180 days' purchases × coverDays ÷ 180. */
  pace: Bought;
}

/** Pages of 500 walked per list at most: one store's half year is far within. */
const GUIDE_PAGES = 10;
const EVERY_STATUS = "1,2,3,4,5,7";

/**
 * Reads a store's order guide through a Data API client (the server's proxy, as the person): the store, its orders
 * of the last 180 days and their lines, its prices today, its shelf counts, the serving warehouse's stock and the
 * products' names. 6 lists, one request each for a store (plus one a 400 invoices' lines).
 *
 * @example
 * const guide = await readGuide(requestApi(request, deps), 20001, "2026-11-25", 14);
 */
export async function readGuide(
  api: DataApiClient,
  customerId: number,
  day: string,
  coverDays: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<GuideData> {
  const context = { signal: signal ?? new AbortController().signal };
  const walks: Walked<unknown>[] = [];
  const walk = async <K extends OperationId>(request: ApiRequest<K>) => {
    const walked = await apiWalkOptions(api, request, 0, GUIDE_PAGES).queryFn(context);
    walks.push(walked);
    return walked.records;
  };
  const CustomerIDs = String(customerId);
  const [customers, invoices, prices, counts] = await Promise.all([
    walk({ operation: "listCustomers", query: { CustomerIDs, AccountStatuses: "Active,Inactive,OutOfBus" } }),
    walk({
      operation: "listInvoices",
      query: { CustomerIDs, Statuses: EVERY_STATUS, StartDate: addDays(day, 1 - BOUGHT_WITHIN_DAYS) },
    }),
    walk({ operation: "listCustomerPricing", query: { CustomerIDs, EffectiveDate: day } }),
    walk({ operation: "listRetailerInventory", query: { CustomerIDs } }),
  ]);
  const customer = customers.find((c) => c.CustomerID === customerId);
  // Its orders, and its returns: what it bought is net of them.
  const bought = invoices.filter((i) => i.CustomerID === customerId);
  const orders = bought.filter((i) => i.Status !== RETURNED_STATUS);
  const lineBatches = await Promise.all(
    idBatches(bought.map((i) => i.InvoiceID).filter((id): id is number => typeof id === "number")).map((InvoiceIDs) =>
      walk({ operation: "listInvoiceTransactions", query: { InvoiceIDs, Statuses: EVERY_STATUS } }),
    ),
  );
  const allLines = lineBatches.flat();
  const orderIds = new Set(orders.map((o) => o.InvoiceID));
  const lines = allLines.filter((l) => orderIds.has(l.InvoiceID));
  const boughtSince = boughtLines(bought, allLines);
  const promoted = prices.filter(
    (p) => p.CustomerID === customerId && p.PromotionID != null && priceInForce(p, day) !== p.FullPrice,
  );
  const productIds = new Set<number>();
  for (const l of lines) if (typeof l.ProductID === "number") productIds.add(l.ProductID);
  for (const p of promoted) if (typeof p.ProductID === "number") productIds.add(p.ProductID);

  const location = customer?.LocationID;
  const [products, stock] = await Promise.all([
    Promise.all(idBatches(productIds).map((ProductIDs) => walk({ operation: "listProducts", query: { ProductIDs } }))),
    productIds.size
      ? walk({
          operation: "listAvailableInventory",
          query: { CustomerIDs, ...(typeof location === "number" ? { LocationIDs: String(location) } : {}) },
        })
      : Promise.resolve([] as RecordOf<"listAvailableInventory">[]),
  ]);

  const rows = guideRows({
    customerId,
    day,
    coverDays,
    location: typeof location === "number" ? location : undefined,
    productIds,
    orders,
    lines,
    bought: boughtSince,
    prices,
    counts,
    products: products.flat(),
    stock,
  });
  const stale = oldestStale(walks.map((w) => w.stale));
  return {
    customerId,
    customerName: typeof customer?.CustomerName === "string" ? customer.CustomerName : null,
    found: customer !== undefined,
    salesRepEmail:
      typeof customer?.SalesRepEmail === "string" && customer.SalesRepEmail ? customer.SalesRepEmail : null,
    day,
    coverDays,
    purchases: storePurchases(boughtSince, day, coverDays),
    rows,
    complete: walks.every((w) => w.complete),
    ...(stale ? { stale } : {}),
  };
}

/** A line of the store's invoices (orders and returns) as it counts in what the store bought (`netSale`). */
export interface BoughtLine {
  productId: number;
  /** The invoice's date (YYYY-MM-DD). */
  day: string;
  /** Micro-units, net of returns. */
  micros: bigint;
  caseMicros: bigint;
}

/**
 * The lines of a store's invoices as they count in what it bought: a Returned invoice's taken off (`netSale`). A line
 * without a readable amount or cases adds nothing of it.
 *
 * @example
 * boughtLines(invoices, lines).reduce((sum, l) => sum + l.micros, 0n); // what the store bought, returns taken off
 */
export function boughtLines(
  invoices: readonly RecordOf<"listInvoices">[],
  lines: readonly RecordOf<"listInvoiceTransactions">[],
): BoughtLine[] {
  const of = new Map(invoices.map((i) => [i.InvoiceID, i]));
  const out: BoughtLine[] = [];
  for (const l of lines) {
    const invoice = of.get(l.InvoiceID);
    if (!invoice || typeof l.ProductID !== "number") continue;
    const returned = invoice.Status === RETURNED_STATUS;
    const amount = typeof l.ExtPrice === "string" && parseDecimal(l.ExtPrice) !== undefined ? l.ExtPrice : "0";
    const units = typeof l.NumUnits === "number" ? l.NumUnits : 0;
    const cases = typeof l.Cases === "string" ? (parseDecimal(l.Cases) ?? 0n) : 0n;
    out.push({
      productId: l.ProductID,
      day: String(invoice.Date ?? "").slice(0, 10),
      micros: netSale({ units, amount }, returned).micros,
      caseMicros: netMicros(cases, returned),
    });
  }
  return out;
}

/**
 * What a store bought in the last `coverDays` days (from `day` − coverDays + 1 on) and at its pace of the last 180
 * days for as many days (the 180 days' sums × coverDays ÷ 180): the scale a fill of its suggestions is read against.
 * An invoice counts on its `Date` (the ERP's calendar day).
 *
 * @example
 * storePurchases(boughtLines(invoices, lines), "2026-11-28", 14).pace.total; // "4791.85"
 */
export function storePurchases(lines: readonly BoughtLine[], day: string, coverDays: number): StorePurchases {
  const from = addDays(day, 1 - coverDays);
  const since = addDays(day, 1 - BOUGHT_WITHIN_DAYS);
  let last = 0n;
  let lastCases = 0n;
  let all = 0n;
  let allCases = 0n;
  for (const l of lines) {
    if (l.day < since) continue;
    all += l.micros;
    allCases += l.caseMicros;
    if (l.day >= from) {
      last += l.micros;
      lastCases += l.caseMicros;
    }
  }
  const pace = (micros: bigint) => toDecimalString((micros * BigInt(coverDays)) / BigInt(BOUGHT_WITHIN_DAYS), 2);
  return {
    from,
    lastDays: { total: toDecimalString(last, 2), cases: toDecimalString(lastCases, 2) },
    pace: { total: pace(all), cases: pace(allCases) },
  };
}

interface GuideLists {
  customerId: number;
  day: string;
  coverDays: number;
  location: number | undefined;
  productIds: Set<number>;
  orders: RecordOf<"listInvoices">[];
  lines: RecordOf<"listInvoiceTransactions">[];
  /** The store's orders' and returns' lines as they count in what it bought (`boughtLines`). */
  bought: BoughtLine[];
  prices: RecordOf<"listCustomerPricing">[];
  counts: RecordOf<"listRetailerInventory">[];
  products: RecordOf<"listProducts">[];
  stock: RecordOf<"listAvailableInventory">[];
}

/** The rows of the lists, sorted by name: the rules of `guide.ts` applied product by product. */
export function guideRows(lists: GuideLists): GuideRow[] {
  const { customerId, day, coverDays } = lists;
  const dateOf = new Map(lists.orders.map((o) => [o.InvoiceID, String(o.Date ?? "")]));
  // Each product's orders' cases, newest first (one order's several lines of it added).
  const ordersOf = new Map<number, Map<number, { date: string; micros: bigint }>>();
  for (const l of lists.lines) {
    const date = dateOf.get(l.InvoiceID);
    if (date === undefined || typeof l.ProductID !== "number" || typeof l.InvoiceID !== "number") continue;
    const of = ordersOf.get(l.ProductID) ?? new Map();
    ordersOf.set(l.ProductID, of);
    const at = of.get(l.InvoiceID) ?? { date, micros: 0n };
    at.micros += (typeof l.Cases === "string" ? parseDecimal(l.Cases) : undefined) ?? 0n;
    of.set(l.InvoiceID, at);
  }
  const priceOf = new Map(lists.prices.filter((p) => p.CustomerID === customerId).map((p) => [p.ProductID, p]));
  const countOf = new Map(lists.counts.filter((c) => c.CustomerID === customerId).map((c) => [c.ProductID, c]));
  const productOf = new Map(lists.products.map((p) => [p.ProductID, p]));
  const stockOf = new Map(
    lists.stock
      .filter((s) => lists.location === undefined || s.LocationID === lists.location)
      .map((s) => [s.ProductID, s]),
  );
  const nameFromLines = new Map(lists.lines.map((l) => [l.ProductID, l.ProductName]));
  const boughtOf = new Map<number, bigint>();
  for (const l of lists.bought) boughtOf.set(l.productId, (boughtOf.get(l.productId) ?? 0n) + l.caseMicros);

  const rows: GuideRow[] = [];
  for (const productId of lists.productIds) {
    const product = productOf.get(productId);
    const price = priceOf.get(productId);
    const count = countOf.get(productId);
    const stock = stockOf.get(productId);
    const perCase = typeof product?.WholesaleUnitsPerCase === "number" ? product.WholesaleUnitsPerCase : undefined;
    const usual = usualCases(
      [...(ordersOf.get(productId)?.values() ?? [])]
        .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
        .map((o) => toDecimalString(o.micros, 6)),
    );
    const unit = price ? priceInForce(price, day) : undefined;
    const onPromotion = !!price && price.PromotionID != null && unit !== price.FullPrice;
    const inStock = stock?.InStock === true;
    const perCasePrice = casePrice(unit, perCase);
    const sample = product?.IsSample === true;
    const boughtMicros = boughtOf.get(productId);
    const boughtCases = boughtMicros === undefined ? null : toDecimalString(boughtMicros, 2);
    rows.push({
      productId,
      name: String(product?.ProductName ?? nameFromLines.get(productId) ?? `Product ${productId}`),
      brand: typeof product?.BrandName === "string" && product.BrandName ? product.BrandName : null,
      category:
        typeof product?.ProductTypeName === "string" && product.ProductTypeName ? product.ProductTypeName : null,
      unitsPerCase: perCase ?? null,
      ...cover(count),
      neverCounted: !!count && neverCounted(count.LastInventoryDate),
      usualCases: usual,
      boughtCases,
      unitPrice: unit ?? null,
      casePrice: perCasePrice ?? null,
      onPromotion,
      promotionEnds: onPromotion ? promotionEnds(price?.EndDate) : null,
      bucket: typeof stock?.InventoryBucket === "string" ? stock.InventoryBucket : null,
      inStock,
      sample,
      suggestedCases: suggestedCases({
        count,
        usual,
        boughtCases,
        unitsPerCase: perCase,
        inStock,
        coverDays,
        casePrice: perCasePrice,
        sample,
      }),
    });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.productId - b.productId);
}
