import * as z from "zod";
import { addDays } from "@/lib/format/days";
import { parseDecimal, requireDecimal } from "@/lib/format/decimal";
import { accountHealth, periodComparison, salesBy } from "./aggregate";
import type { AccountHealthRow } from "./account-health";
import { customerZone, type HistoryInput, type Period, previousPeriod, type Tier } from "./definitions";
import type { ShelfRow } from "./history-types";
import type { PeriodComparison } from "./period-comparison";
import type { SalesRow } from "./sales-by";
import { type DistributionRow, distribution } from "./distribution";
import { type HistoryCoverage, partlyReadWords } from "./history-coverage";
import { type LiftRow, promotionLift } from "./promotion-lift";
import {
  type ColumnKind,
  type DoorDueRow,
  distributionColumns,
  doorsDueColumns,
  healthColumns,
  type InsightColumn,
  leaderboardColumns,
  type NamedLeaderboardRow,
  type NamedShelfRow,
  promotionColumns,
  salesColumns,
  shelfColumns,
  type WeekRow,
  weekColumns,
  type WhiteSpaceLine,
  whiteSpaceColumns,
} from "./insight-columns";
import {
  choosers,
  doorsDueRows,
  lastFullWeek,
  leaderboardRows,
  shelfRows,
  weekRows,
  whiteSpaceLines,
} from "./insight-table-rows";

export type { ColumnKind, DoorDueRow, InsightColumn, WeekRow } from "./insight-columns";

/**
 * The Insights page's figures and tables from a key's synced history, pure: the page draws them and
 * `GET /api/insights/export` writes any of its tables as CSV from the same definitions, so a download holds what the
 * page shows (every row of it, where the page shows the first ones). `lib/server/insights/insights-view.ts` reads the
 * history from Backroom's database and calls `insightTables`.
 */

export const PERIODS = ["4", "13", "26", "52"] as const;
export const TIERS = ["Active", "Priority", "At risk", "Lost"] as const satisfies readonly Tier[];
export const TABLE_IDS = [
  "weeks",
  "products",
  "retailers",
  "reps",
  "suppliers",
  "health",
  "white-space",
  "shelf",
  "leaderboard",
  "distribution",
  "lines",
  "doors-due",
  "promotions",
] as const;
export type InsightTableId = (typeof TABLE_IDS)[number];

const HEALTH_SORTS = [
  "name",
  "lastOrder",
  "daysSince",
  "medianReorderDays",
  "tier",
  "revenueLast30",
  "growth",
  "orders",
] as const;
export type HealthSort = (typeof HEALTH_SORTS)[number];

/** The columns the distribution tables (by product and by line) sort by. */
const DISTRIBUTION_SORTS = ["name", "doors", "newDoors", "lostDoors", "unitsPerDoorPerWeek", "shareOfDoors"] as const;

/** The page's address: every choice is in it (a bookmark, a saved link and the export ask the same). Bad values fall back. */
export const InsightsQuery = z.object({
  weeks: z.enum(PERIODS).catch("13").describe("Weeks in the period, ending on the history's last day."),
  customer: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .catch(undefined)
    .describe("One retailer: every section narrows to it."),
  supplier: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .catch(undefined)
    .describe("One supplier (an Employee key's history holds every supplier's lines): its lines only."),
  rep: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .catch(undefined)
    .describe("One rep: the customers they cover only, and their weekly leaderboard."),
  tier: z.enum(TIERS).optional().catch(undefined).describe("The health table's tier filter."),
  sort: z.enum(HEALTH_SORTS).catch("revenueLast30").describe("The health table's order."),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  dsort: z
    .enum(DISTRIBUTION_SORTS)
    .catch("doors")
    .describe("The distribution tables' order (both by product and by line)."),
  ddir: z.enum(["asc", "desc"]).catch("desc"),
});
export type InsightsQuery = z.infer<typeof InsightsQuery>;

/**
 * The query from an address's parameters (the first of a repeated one).
 *
 * @example
 * insightsQuery({ weeks: "26", customer: "2001" }); // { weeks: "26", customer: 2001, sort: "revenueLast30", dir: "desc", dsort: "doors", ddir: "desc" }
 */
export function insightsQuery(params: Record<string, string | string[] | undefined>): InsightsQuery {
  const first = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  return InsightsQuery.parse(first);
}

export interface InsightTable<R> {
  id: InsightTableId;
  title: string;
  columns: InsightColumn<R>[];
  rows: R[];
  /** While the history reads back: which of the days its figures read are still being read (`partlyReadWords`). */
  unread?: string;
}

export interface InsightsTables {
  weeks: InsightTable<WeekRow>;
  products: InsightTable<SalesRow>;
  retailers: InsightTable<SalesRow>;
  reps: InsightTable<SalesRow>;
  /** Sales by supplier in the period, narrowed to the retailer and rep but not to the supplier (an Employee key's page). */
  suppliers: InsightTable<SalesRow>;
  health: InsightTable<AccountHealthRow>;
  "white-space": InsightTable<WhiteSpaceLine>;
  shelf: InsightTable<NamedShelfRow>;
  /** The chosen rep's accounts ranked for the history's last full week (no rows without a rep chosen). */
  leaderboard: InsightTable<NamedLeaderboardRow>;
  /** Where each product is carried and how fast it sells per store, against the period before. */
  distribution: InsightTable<DistributionRow>;
  /** The same by product line (the product's group). */
  lines: InsightTable<DistributionRow>;
  /** The stores due or late to reorder by the end of the history's last week, per rep. */
  "doors-due": InsightTable<DoorDueRow>;
  /** Each promotion that ran in the period against its doors' 8 weeks before. */
  promotions: InsightTable<LiftRow>;
}

/** How far a key's history sync has come (`HistoryState` in `lib/server/insights/history-sync.ts`). */
export interface HistoryProgress {
  /** An Employee key's scope: the linked reps and their customers, or the whole distributor's. */
  scope?: { repUserIds: number[]; customerIds: number[]; distributor?: boolean };
  /** The window walked now. */
  window?: { from: string; to: string };
  backfilledAt?: string;
  refreshedAt?: string;
  /** What the kept lines hold (`LINES_VERSION`, history-sync.ts): under 2, lines read before they kept their promotion. */
  linesVersion?: number;
}

/** What the figures are of and for: the query, the history's last day (the period ends on it). */
export interface InsightFigures {
  query: InsightsQuery;
  asOf: string;
  /** The days the history holds and those read so far: the figures count the days read only. */
  coverage: HistoryCoverage;
  comparison: PeriodComparison;
  /** Every retailer of the history, by name, for the chooser. */
  retailers: { customerId: number; name: string }[];
  /** The suppliers of the history, by name (the chooser of an Employee key's page). */
  suppliers: { supplierId: number; name: string }[];
  /** The reps of the history (an Employee key's: those its members are linked to), by name. */
  reps: { userId: number; name: string }[];
  tables: InsightsTables;
}

/**
 * The page's view of a key's history: not ready until a window of its first backfill is read whole; then its figures,
 * of the days read so far (`coverage`) until that backfill is in. `invoices`: those the history holds so far.
 */
export type InsightsView =
  | { ready: false; state: HistoryProgress | undefined; invoices: number }
  | ({ ready: true; state: HistoryProgress; invoices: number } & InsightFigures);

const TIER_ORDER: Record<Tier, number> = { Active: 0, Priority: 1, "At risk": 2, Lost: 3 };

/** What the health table orders a row by for a column (null: no value, listed last in either direction). */
function sortValue(row: AccountHealthRow, sort: HealthSort): string | number | bigint | null {
  switch (sort) {
    case "name":
      return row.name;
    case "tier":
      return TIER_ORDER[row.tier];
    case "revenueLast30":
      return requireDecimal(row.revenueLast30);
    case "growth":
      return row.growth === null ? null : requireDecimal(row.growth);
    default:
      return row[sort];
  }
}

function compareValues(a: string | number | bigint, b: string | number | bigint): number {
  if (typeof a === "string" || typeof b === "string") return String(a).localeCompare(String(b));
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The health rows in the query's order, rows without a value for the column last, ties by customer id.
 *
 * @example
 * sortHealth(rows, "daysSince", "desc")[0]; // the account longest without an order
 */
export function sortHealth(
  rows: readonly AccountHealthRow[],
  sort: HealthSort,
  dir: "asc" | "desc",
): AccountHealthRow[] {
  const sign = dir === "asc" ? 1 : -1;
  return rows
    .map((row) => ({ row, value: sortValue(row, sort) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null)
        return a.value === b.value ? a.row.customerId - b.row.customerId : a.value === null ? 1 : -1;
      return compareValues(a.value, b.value) * sign || a.row.customerId - b.row.customerId;
    })
    .map(({ row }) => row);
}

const FIGURES: ReadonlySet<ColumnKind> = new Set(["id", "count", "rate", "money", "percent"]);

/**
 * Rows in the order of one of their columns: figures by value (exact, from the column's decimal text), text A to Z;
 * rows without a value last in either direction, ties in the order given.
 *
 * @example
 * sortByColumn(rows, columns.find((c) => c.id === "unitsPerDoorPerWeek")!, "desc")[0]; // the fastest seller
 */
export function sortByColumn<R>(rows: readonly R[], column: InsightColumn<R>, dir: "asc" | "desc"): R[] {
  const sign = dir === "asc" ? 1 : -1;
  const figure = FIGURES.has(column.kind ?? "text");
  const valueOf = (row: R): string | bigint | null => {
    const text = column.value(row);
    if (text === "") return null;
    return figure ? (parseDecimal(text.replace(/%$/, "")) ?? null) : text;
  };
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null)
        return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      return compareValues(a.value, b.value) * sign || a.index - b.index;
    })
    .map(({ row }) => row);
}

/**
 * The history narrowed to the query's retailer, rep (the customers they cover) and supplier: its lines, the invoices
 * holding them, its products (those its lines name and its catalogue's), the shelf rows of those products, and the
 * customers who bought it or stock it, as a brand's own history holds them (`readHistory` reads the same from the
 * database when asked for one supplier).
 */
function narrowed<T extends HistoryInput & { shelf: readonly ShelfRow[] }>(
  history: T,
  query: Pick<InsightsQuery, "customer" | "rep" | "supplier">,
): T {
  let input = history;
  const { customer, rep, supplier } = query;
  if (customer !== undefined || rep !== undefined) {
    const covered = new Set(
      history.customers.filter((c) => rep !== undefined && c.repUserIds.includes(rep)).map((c) => c.customerId),
    );
    const keep = (id: number) => (customer === undefined || id === customer) && (rep === undefined || covered.has(id));
    input = {
      ...input,
      invoices: input.invoices.filter((i) => keep(i.customerId)),
      lines: input.lines.filter((l) => keep(l.customerId)),
      customers: input.customers.filter((c) => keep(c.customerId)),
      shelf: input.shelf.filter((r) => keep(r.customerId)),
    };
  }
  if (supplier !== undefined) {
    const lines = input.lines.filter((l) => l.supplierId === supplier);
    const invoiceIds = new Set(lines.map((l) => l.invoiceId));
    const productIds = new Set(lines.map((l) => l.productId));
    for (const p of input.products) if (p.supplierId === supplier) productIds.add(p.productId);
    const invoices = input.invoices.filter((i) => invoiceIds.has(i.invoiceId));
    const shelf = input.shelf.filter((r) => productIds.has(r.productId));
    const customerIds = new Set([...invoices.map((i) => i.customerId), ...shelf.map((r) => r.customerId)]);
    input = {
      ...input,
      lines,
      invoices,
      shelf,
      products: input.products.filter((p) => productIds.has(p.productId)),
      customers: input.customers.filter((c) => customerIds.has(c.customerId)),
    };
  }
  return input;
}

/** The query's period: its weeks ending on the history's last day, in each customer's zone. */
function periodOf(query: Pick<InsightsQuery, "weeks">, asOf: string): Period {
  return { from: addDays(asOf, 1 - Number(query.weeks) * 7), to: asOf, zoneOf: customerZone };
}

/**
 * Sales by supplier in the query's period, narrowed to its retailer and rep (not to its supplier: this is what the
 * supplier is chosen from), revenue descending.
 *
 * @example
 * supplierRanking(history, insightsQuery({ weeks: "4" }), "2026-11-23")[0]; // the supplier that sold most
 */
export function supplierRanking(
  history: HistoryInput & { shelf: readonly ShelfRow[] },
  query: InsightsQuery,
  asOf: string,
): SalesRow[] {
  return salesBy("supplier", narrowed(history, { customer: query.customer, rep: query.rep }), periodOf(query, asOf));
}

/** The first day of a history whose first day is not said: every day before its last is taken as held. */
const FIRST_DAY = "0001-01-01";

/**
 * What each table says while the history reads back: the days its figures read that are not read yet (the shelf's
 * stock is read at the backfill's end). None once the history is whole.
 */
function unreadNotes(coverage: HistoryCoverage, period: Period): Partial<Record<InsightTableId, string>> {
  if (coverage.whole) return {};
  const asOf = coverage.to;
  const note = (from: string, to = asOf) => partlyReadWords(coverage, { from, to });
  const whole = note(coverage.from);
  const sales = note(period.from);
  const week = lastFullWeek(asOf);
  return {
    weeks: note(previousPeriod(period).from),
    products: sales,
    retailers: sales,
    reps: sales,
    suppliers: sales,
    // A store's last order and reorder rhythm are read over the whole history.
    health: whole,
    "doors-due": whole,
    "white-space": note(addDays(asOf, -89)),
    leaderboard: note(week, addDays(week, 6)),
    distribution: note(previousPeriod(period).from),
    lines: note(previousPeriod(period).from),
    // A promotion's baseline is its doors' 8 weeks before it began.
    promotions: note(addDays(period.from, -56)),
    shelf: "The retailers' stock is read once the backfill ends.",
  };
}

/**
 * Every figure of the Insights page for a query, from a key's history whose last day is `asOf`. `bySupplier` is the
 * supplier ranking when the history given holds one supplier's lines only (read so from the database: a distributor's
 * whole year is too much to hold); it is computed from the history otherwise. `coverage`: the days the history holds
 * and those read so far, while its first backfill reads back (whole from `historyFrom`, its first day, to `asOf` when
 * left out); each table then says which of its days are still being read, and a promotion's baseline before them is
 * too thin to tell. A week of the period before that reaches before the history's first day counts only those it holds.
 *
 * @example
 * const figures = insightTables(history, insightsQuery({ weeks: "26" }), "2026-11-23");
 * figures.tables.health.rows.filter((row) => row.tier === "At risk");
 */
export function insightTables(
  history: HistoryInput & { shelf: readonly ShelfRow[] },
  query: InsightsQuery,
  asOf: string,
  options: { bySupplier?: SalesRow[]; historyFrom?: string; coverage?: HistoryCoverage } = {},
): InsightFigures {
  const input = narrowed(history, query);
  const period = periodOf(query, asOf);
  const from = options.historyFrom ?? FIRST_DAY;
  const coverage = options.coverage ?? { from, to: asOf, readFrom: from, whole: true };
  const historyFrom = coverage.whole ? options.historyFrom : coverage.readFrom;
  const health = sortHealth(
    accountHealth(input, { asOf, zoneOf: customerZone }).filter(
      (r) => query.tier === undefined || r.tier === query.tier,
    ),
    query.sort,
    query.dir,
  );
  const distributionTable = (by: "product" | "line") => {
    const columns = distributionColumns(by);
    const order = columns.find((c) => c.id === query.dsort)!;
    return { rows: sortByColumn(distribution(by, input, period).rows, order, query.ddir), columns };
  };
  const sales = (id: InsightTableId, title: string, rows: SalesRow[], first: string): InsightTable<SalesRow> => ({
    id,
    title,
    rows,
    columns: salesColumns(first),
  });
  const { retailers, suppliers, reps } = choosers(history);
  const tables: InsightsTables = {
    weeks: {
      id: "weeks",
      title: "Sales by week",
      rows: weekRows(input, period, Number(query.weeks) * 7, {
        from: coverage.from,
        readFrom: coverage.whole ? undefined : coverage.readFrom,
      }),
      columns: weekColumns(),
    },
    products: sales("products", "Sales by product", salesBy("product", input, period), "Product"),
    retailers: sales(
      "retailers",
      "Sales by retailer",
      salesBy("customer", input, period).filter((r) => r.units !== 0 || r.invoices > 0),
      "Retailer",
    ),
    reps: sales("reps", "Sales by rep", salesBy("rep", input, period), "Rep"),
    suppliers: sales(
      "suppliers",
      "Sales by supplier",
      options.bySupplier ?? supplierRanking(history, query, asOf),
      "Supplier",
    ),
    health: { id: "health", title: "Account health", rows: health, columns: healthColumns() },
    "white-space": {
      id: "white-space",
      title: "White space",
      rows: whiteSpaceLines(input, asOf),
      columns: whiteSpaceColumns(),
    },
    leaderboard: {
      id: "leaderboard",
      title: "Weekly leaderboard",
      rows: leaderboardRows(input, asOf, query.rep),
      columns: leaderboardColumns(),
    },
    distribution: {
      id: "distribution",
      title: "Distribution and velocity by product",
      ...distributionTable("product"),
    },
    lines: { id: "lines", title: "Distribution and velocity by product line", ...distributionTable("line") },
    "doors-due": {
      id: "doors-due",
      title: "Doors due to reorder",
      rows: doorsDueRows(input, asOf),
      columns: doorsDueColumns(),
    },
    promotions: {
      id: "promotions",
      title: "Promotion lift",
      rows: promotionLift(input, { ...period, asOf, historyFrom }),
      columns: promotionColumns(),
    },
    shelf: { id: "shelf", title: "Shelf watch", rows: shelfRows(history, input), columns: shelfColumns() },
  };
  for (const [id, unread] of Object.entries(unreadNotes(coverage, period)))
    if (unread) tables[id as InsightTableId].unread = unread;
  return { asOf, coverage, query, suppliers, reps, comparison: periodComparison(input, period), retailers, tables };
}
