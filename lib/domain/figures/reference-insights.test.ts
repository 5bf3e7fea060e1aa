import { accountHealth } from "@/lib/domain/insights/account-health";
import { customerZone, type HistoryInput } from "@/lib/domain/insights/definitions";
import type { ShelfRow } from "@/lib/domain/insights/history-types";
import { leaderboardRows, shelfRows, whiteSpaceLines } from "@/lib/domain/insights/insight-table-rows";
import {
  checkReferences,
  coverage,
  day,
  type KeyType,
  micros,
  type ReferenceCases,
  rounded,
  type Row,
  type Seed,
  shiftDay,
  walk,
  weekday,
  historyInvoice,
  historyLine,
  invoiceLines,
} from "./reference-kit";

// The second reading of Insights' account health (each store's rhythm), white space, weekly leaderboard and shelf
// watch: each table's rows recomputed from the key's raw invoices, lines, products and retailers' stock, and compared
// with the catalogued function's rows of a history built as the page's read builds it (lib/server/insights/
// history-read.ts, out of lib/domain's reach): every invoice, the lines of the days the table reads, the key's active
// products with their state (a product only its lines name is inactive, group "Other"), and the stores invoiced or on
// the shelf with their state.

/** The invoice statuses Insights reads: every one but Canceled. */
const STATUSES = "1,2,3,4,5,7";
const RETURNED = 4;

interface Raw {
  invoices: Row[];
  /** The lines of the invoices dated from `linesFrom` on. */
  lines: Row[];
  products: Row[];
  shelf: Row[];
  /** The stores the key's /customers lists, every status. */
  customers: Row[];
  /** The history as the page's read holds it (stores unnamed: no table's figure reads a name). */
  history: HistoryInput & { shelf: ShelfRow[] };
}

const raws = new Map<string, Promise<Raw>>();

/** A key's whole history of invoices, the lines of those dated `linesFrom` on, its products and retailers' stock. */
function raw(seed: Seed, as: KeyType, linesFrom: string, coverOf?: (customerId: unknown) => number[]): Promise<Raw> {
  const key = `${seed.name} ${as} ${linesFrom}`;
  let read = raws.get(key);
  if (!read) {
    read = (async () => {
      const [invoices, products, shelf, customers] = await Promise.all([
        walk(seed, as, `/invoices?Statuses=${STATUSES}`),
        walk(seed, as, "/products"),
        walk(seed, as, "/retailerInventory"),
        walk(seed, as, "/customers?AccountStatuses=Active,Inactive,OutOfBus"),
      ]);
      const stateOf = new Map(customers.map((c) => [c.CustomerID as number, (c.State as string | null) ?? null]));
      const ids = invoices.filter((i) => day(i.Date) >= linesFrom).map((i) => i.InvoiceID);
      const lines = await invoiceLines(seed, as, ids);
      const listed = new Set(products.map((p) => p.ProductID));
      const unlisted = new Map(
        lines.filter((l) => !listed.has(l.ProductID)).map((l) => [l.ProductID as number, l.SupplierID as number]),
      );
      const stores = [...new Set([...invoices, ...shelf].map((r) => r.CustomerID as number))];
      const history = {
        invoices: invoices.map(historyInvoice),
        lines: lines.map(historyLine),
        customers: stores.map((customerId) => ({
          customerId,
          name: "",
          state: stateOf.get(customerId) ?? null,
          repUserIds: coverOf?.(customerId) ?? [],
        })),
        products: [
          ...products.map((p) => ({
            productId: p.ProductID as number,
            name: String(p.ProductName ?? ""),
            supplierId: p.SupplierID as number,
            group: String(p.ProductTypeName || "Other"),
            active: true,
            state: (p.State as string | null) ?? null,
          })),
          ...[...unlisted].map(([productId, supplierId]) => ({
            productId,
            name: "",
            supplierId,
            group: "Other",
            active: false,
          })),
        ],
        shelf: shelf.map((r) => ({
          customerId: r.CustomerID as number,
          productId: r.ProductID as number,
          inventory: String(r.Inventory),
          dailySales: String(r.DailySales),
          lastInventoryDate: (r.LastInventoryDate as string | null | undefined) ?? null,
        })),
      };
      return { invoices, lines, products, shelf, customers, history };
    })();
    raws.set(key, read);
  }
  return read;
}

/** Whole days from one day to another. */
const between = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/**
 * A store's signed lines of the days `from` to `to`: each line of its invoices dated then, a return's units and money
 * taken off (the ERP writes them negative; a positive one is turned), with whether it is a return's.
 */
function signedLines(r: Raw, from: string, to: string) {
  const invoices = new Map(
    r.invoices.filter((i) => day(i.Date) >= from && day(i.Date) <= to).map((i) => [i.InvoiceID, i]),
  );
  return r.lines.flatMap((l) => {
    const invoice = invoices.get(l.InvoiceID);
    if (!invoice) return [];
    const returned = invoice.Status === RETURNED;
    const amount = micros(l.ExtPrice);
    const units = Number(l.NumUnits);
    return [
      {
        store: invoice.CustomerID as number,
        invoiceId: invoice.InvoiceID,
        productId: l.ProductID as number,
        supplierId: l.SupplierID as number,
        returned,
        amount: returned && amount > 0n ? -amount : amount,
        units: returned && units > 0 ? -units : units,
      },
    ];
  });
}

type Signed = ReturnType<typeof signedLines>[number];

/** A stock row the shelf watch lists, by the reference: its rank (out, low, never counted) and exact cover. */
interface ShelfListed {
  store: number;
  product: number;
  inventory: bigint;
  daily: bigint;
  rank: number;
  cover: bigint;
  status: string;
  coverDays: string | null;
  counted: string | null;
}

const add = (lines: Signed[]) => lines.reduce((total, l) => total + l.amount, 0n);

const CASES: ReferenceCases = {
  async "account-health"(seed) {
    const r = await raw(seed, "Supplier", shiftDay(seed.today, -89));
    const project = accountHealth(r.history, { asOf: seed.today, zoneOf: customerZone })
      .map((h) => [
        h.customerId,
        h.lastOrder,
        h.daysSince,
        h.tier,
        h.medianReorderDays,
        micros(h.revenueLast30),
        micros(h.revenuePrevious30),
        h.growth,
        h.orders,
      ])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    // Reference: each store the history names (invoiced, or with stock on the shelf); its orders are its invoices but
    // returns dated to today, its order days their distinct days; the median of the days between those; revenue its
    // signed lines of the 30 days to today and of the 30 before; growth their difference over the earlier, in percent.
    const stores = [...new Set([...r.invoices, ...r.shelf].map((i) => i.CustomerID as number))].sort((a, b) => a - b);
    const last30 = signedLines(r, shiftDay(seed.today, -29), seed.today);
    const previous30 = signedLines(r, shiftDay(seed.today, -59), shiftDay(seed.today, -30));
    const reference = stores.map((store) => {
      const orders = r.invoices.filter(
        (i) => i.CustomerID === store && i.Status !== RETURNED && day(i.Date) <= seed.today,
      );
      const days = [...new Set(orders.map((i) => day(i.Date)))].sort();
      const last = days.at(-1) ?? null;
      const since = last === null ? null : between(last, seed.today);
      const tier = since === null || since > 90 ? "Lost" : since > 60 ? "At risk" : since > 30 ? "Priority" : "Active";
      const gaps = days
        .slice(1)
        .map((d, i) => between(days[i]!, d))
        .sort((a, b) => a - b);
      const mid = Math.floor(gaps.length / 2);
      const median = gaps.length === 0 ? null : gaps.length % 2 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2;
      const now = add(last30.filter((l) => l.store === store));
      const before = add(previous30.filter((l) => l.store === store));
      const growth = before === 0n ? null : rounded((now - before) * 100n, before < 0n ? -before : before, 1);
      return [store, last, since, tier, median, now, before, growth, orders.length];
    });
    return { project, reference };
  },

  async "white-space"(seed) {
    const from = shiftDay(seed.today, -89);
    const wide = await raw(seed, "Supplier", from);
    const project = whiteSpaceLines(wide.history, seed.today)
      .map((w) => [w.customerId, w.carriedCount, w.activeCount, w.share, micros(w.revenue), w.missingCount])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    // Reference: the stores with a line on an invoice other than a return dated in the 90 days to today; their line is
    // the active products (those /products lists) of the suppliers of those lines whose State is the store's State (as
    // /customers gives it: a store buys from its own state); carried, those they had a line of; revenue, their signed
    // lines of the 90 days, returns taken off.
    const lines = signedLines(wide, from, seed.today);
    const stores = [...new Set(lines.filter((l) => !l.returned).map((l) => l.store))].sort((a, b) => a - b);
    const reference = stores.flatMap((store) => {
      const bought = lines.filter((l) => l.store === store && !l.returned);
      const suppliers = new Set(bought.map((l) => l.supplierId));
      const state = wide.customers.find((c) => c.CustomerID === store)?.State;
      const line = wide.products
        .filter((p) => suppliers.has(p.SupplierID as number) && p.State === state)
        .map((p) => p.ProductID);
      if (line.length === 0) return [];
      const carried = line.filter((id) => bought.some((l) => l.productId === id)).length;
      return [
        [
          store,
          carried,
          line.length,
          rounded(BigInt(carried) * 100n, BigInt(line.length), 1),
          add(lines.filter((l) => l.store === store)),
          line.length - carried,
        ],
      ];
    });
    return { project, reference };
  },

  async "weekly-leaderboard"(seed) {
    // Staff's table, a rep chosen: every rep's, from the Employee key's history.
    const monday = shiftDay(seed.today, weekday(seed.today) === 7 ? -6 : 1 - weekday(seed.today) - 7);
    const coverOf = await coverage(seed);
    const r = await raw(seed, "Employee", monday, coverOf);
    const reps = [...new Set(r.history.customers.flatMap((c) => c.repUserIds))].sort((a, b) => a - b);
    const project = reps.flatMap((rep) =>
      leaderboardRows(r.history, seed.today, rep).map((row) => [
        rep,
        row.week,
        row.rank,
        row.customerId,
        row.units,
        micros(row.revenue),
        row.invoices,
      ]),
    );
    // Reference: the Monday-to-Sunday week before today's (today's, when today is its Sunday); a rep's accounts are the
    // stores the history names that the rep covers; each its signed lines of the week and its invoices but returns;
    // ranked by revenue, then units, then id, an account level with the one above on both sharing its rank.
    const week = signedLines(r, monday, shiftDay(monday, 6));
    const stores = [...new Set([...r.invoices, ...r.shelf].map((i) => i.CustomerID as number))];
    const reference = reps.flatMap((rep) => {
      const rows = stores
        .filter((store) => coverOf(store).includes(rep))
        .map((store) => {
          const mine = week.filter((l) => l.store === store);
          return {
            store,
            units: mine.reduce((n, l) => n + l.units, 0),
            amount: add(mine),
            invoices: new Set(mine.filter((l) => !l.returned).map((l) => l.invoiceId)).size,
          };
        })
        .sort((a, b) =>
          a.amount === b.amount ? b.units - a.units || a.store - b.store : a.amount > b.amount ? -1 : 1,
        );
      const ranks: number[] = [];
      rows.forEach((row, i) => {
        const above = rows[i - 1];
        ranks.push(above && above.amount === row.amount && above.units === row.units ? ranks[i - 1]! : i + 1);
      });
      return rows.map((row, i) => [rep, monday, ranks[i], row.store, row.units, row.amount, row.invoices]);
    });
    return { project, reference };
  },

  async "shelf-watch"(seed) {
    const r = await raw(seed, "Supplier", shiftDay(seed.today, -89));
    const project = shelfRows(r.history, r.history).map((s) => [
      s.customerId,
      s.productId,
      s.status,
      s.coverDays,
      micros(s.inventory),
      micros(s.dailySales),
      s.lastInventoryDate,
    ]);
    // Reference: each retailer's stock row as /retailerInventory gives it; never counted when it has no count day (or
    // the live service's 2000-01-01 or before); out of stock at nothing on the shelf; low under 7 days of its daily
    // sales, its cover the days rounded down to a tenth; a row without sales and with stock is not listed. In the
    // page's order: out of stock, then the least cover first, then never counted; by store, then product.
    const listed = r.shelf.flatMap((s): ShelfListed[] => {
      const inventory = micros(s.Inventory);
      const daily = micros(s.DailySales);
      const counted = s.LastInventoryDate ? day(s.LastInventoryDate) : null;
      const base = { store: s.CustomerID as number, product: s.ProductID as number, inventory, daily };
      if (counted === null || counted <= "2000-01-01")
        return [{ ...base, rank: 2, cover: 0n, status: "never-counted", coverDays: null, counted: null }];
      if (daily <= 0n)
        return inventory === 0n ? [{ ...base, rank: 0, cover: 0n, status: "out", coverDays: null, counted }] : [];
      if (inventory >= 7n * daily) return [];
      if (inventory <= 0n) return [{ ...base, rank: 0, cover: 0n, status: "out", coverDays: "0.0", counted }];
      const tenths = (inventory * 10n) / daily;
      return [
        {
          ...base,
          rank: 1,
          cover: (inventory * 1_000_000n) / daily,
          status: "low",
          coverDays: `${tenths / 10n}.${tenths % 10n}`,
          counted,
        },
      ];
    });
    const reference = listed
      .sort(
        (a, b) =>
          a.rank - b.rank ||
          (a.cover === b.cover ? 0 : a.cover < b.cover ? -1 : 1) ||
          a.store - b.store ||
          a.product - b.product,
      )
      .map((s) => [s.store, s.product, s.status, s.coverDays, s.inventory, s.daily, s.counted]);
    return { project, reference };
  },
};

checkReferences(CASES);
