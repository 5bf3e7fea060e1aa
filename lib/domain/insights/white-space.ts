/**
 * White space: for each customer who bought in a window, the brand's active products it did not buy,
 * by product group. Pure.
 */
import { addDays } from "@/lib/format/days";
import { toDecimalString } from "@/lib/format/decimal";
import { saleLines, Totals, type HistoryInput, type ZoneOptions } from "./definitions";
import type { HistoryProduct } from "./history-types";

/** One product group of a customer's white space. */
export interface WhiteSpaceGroup {
  group: string;
  carried: { productId: number; name: string }[];
  missing: { productId: number; name: string }[];
}

/** One customer's white space. */
export interface WhiteSpaceRow {
  customerId: number;
  name: string;
  /** Net revenue in the window (2 decimals). */
  revenue: string;
  /** Active products of its brands it bought, out of all of them. */
  carriedCount: number;
  activeCount: number;
  /** carriedCount ÷ activeCount in percent, one decimal. */
  share: string;
  groups: WhiteSpaceGroup[];
}

/**
 * White space in the `days` ending `asOf`. A customer's brands are the suppliers of what it bought there (or only
 * `supplierId` when given); its line is their active products that ship to its state (a store buys from its own
 * state only; a product or a store of no known state leaves the line whole there). Customers lacking at least one product come first,
 * the largest share carried first, then by revenue, then id; groups and products are sorted by name.
 *
 * @example
 * whiteSpace(input, { asOf: "2026-11-23" })[0]?.groups.filter((g) => g.missing.length > 0);
 */
export function whiteSpace(
  input: HistoryInput,
  options: { asOf: string; days?: number; supplierId?: number } & ZoneOptions,
): WhiteSpaceRow[] {
  const days = options.days ?? 90;
  const sales = saleLines(input, { ...options, from: addDays(options.asOf, 1 - days), to: options.asOf });
  const bought = new Map<number, { products: Set<number>; suppliers: Set<number>; totals: Totals }>();
  for (const sale of sales) {
    if (options.supplierId !== undefined && sale.line.supplierId !== options.supplierId) continue;
    let entry = bought.get(sale.invoice.customerId);
    if (!entry)
      bought.set(
        sale.invoice.customerId,
        (entry = { products: new Set(), suppliers: new Set(), totals: new Totals() }),
      );
    entry.totals.add(sale);
    // A return is no purchase: only sales invoices put a product on the shelf.
    if (!sale.returned) {
      entry.products.add(sale.line.productId);
      entry.suppliers.add(sale.line.supplierId);
    }
  }
  const customers = new Map(input.customers.map((c) => [c.customerId, c]));
  const rows: (WhiteSpaceRow & { micros: bigint })[] = [];
  for (const [customerId, entry] of bought) {
    if (entry.products.size === 0) continue;
    const state = customers.get(customerId)?.state ?? null;
    const line = input.products
      .filter((p) => p.active && entry.suppliers.has(p.supplierId) && ships(p, state))
      .sort((a, b) => a.group.localeCompare(b.group) || a.name.localeCompare(b.name) || a.productId - b.productId);
    if (line.length === 0) continue;
    const groups = new Map<string, WhiteSpaceGroup>();
    for (const product of line) {
      let g = groups.get(product.group);
      if (!g) groups.set(product.group, (g = { group: product.group, carried: [], missing: [] }));
      (entry.products.has(product.productId) ? g.carried : g.missing).push(brief(product));
    }
    const carriedCount = line.filter((p) => entry.products.has(p.productId)).length;
    rows.push({
      customerId,
      name: customers.get(customerId)?.name ?? `Customer ${customerId}`,
      revenue: entry.totals.revenue,
      carriedCount,
      activeCount: line.length,
      share: percent(carriedCount, line.length),
      groups: [...groups.values()],
      micros: entry.totals.micros,
    });
  }
  return rows
    .sort((a, b) => {
      const aFull = a.carriedCount === a.activeCount;
      const bFull = b.carriedCount === b.activeCount;
      if (aFull !== bFull) return aFull ? 1 : -1;
      // Compare shares exactly: a/b against c/d by cross-multiplying.
      const byShare = b.carriedCount * a.activeCount - a.carriedCount * b.activeCount;
      if (byShare !== 0) return byShare;
      if (a.micros !== b.micros) return a.micros > b.micros ? -1 : 1;
      return a.customerId - b.customerId;
    })
    .map(({ micros: _micros, ...row }) => row);
}

/** Whether a product is in the line of a store in `state`: the same state, or either not known. */
function ships(product: HistoryProduct, state: string | null): boolean {
  return !product.state || !state || product.state === state;
}

function brief(product: HistoryProduct): { productId: number; name: string } {
  return { productId: product.productId, name: product.name };
}

/** part ÷ whole in percent with one decimal, rounded half up. */
function percent(part: number, whole: number): string {
  const tenths = (BigInt(part) * 2000n + BigInt(whole)) / (2n * BigInt(whole));
  return toDecimalString(tenths * 100_000n, 1);
}
