import type { AccountHealthRow } from "./account-health";
import type { CadenceRow } from "./cadence";
import type { DistributionRow } from "./distribution";
import { formatDayRange } from "@/lib/format/display";
import { type WeekDays, weekDaysWords } from "./partial-weeks";
import type { LiftRow } from "./promotion-lift";
import type { SalesRow } from "./sales-by";
import type { ShelfWatchRow } from "./shelf-watch";
import type { LeaderboardRow } from "./weekly-leaderboard";
import type { WhiteSpaceRow } from "./white-space";

/**
 * The columns of the Insights page's tables: each column's header and its text, the CSV's field, which the page
 * formats by the column's kind.
 */

/**
 * How a page shows a column's text (the CSV keeps it as is): figures right-aligned, money and days formatted, a rate
 * with two decimals always (so a column of them reads evenly).
 */
export type ColumnKind = "text" | "id" | "count" | "rate" | "money" | "percent" | "day";

/** One column: its header and its text (the CSV's field, which the page formats by the column's kind). */
export interface InsightColumn<R> {
  id: string;
  header: string;
  value: (row: R) => string;
  kind?: ColumnKind;
}

/** A week of the period beside the same week of the period before, for the chart and its table. */
export interface WeekRow {
  /** The week's Monday. */
  week: string;
  /** The days it counts: fewer than 7 in the period's first and last weeks, and in one not wholly read yet. */
  days: WeekDays;
  units: number;
  revenue: string;
  invoices: number;
  /** The same week of the period before (a period's length earlier), and the days it counts. */
  previous: WeekDays;
  previousUnits: number;
  previousRevenue: string;
}

/** A shelf row with its retailer's and product's names. */
export type NamedShelfRow = ShelfWatchRow & { customer: string; product: string };
/** A leaderboard row with the week it ranks. */
export type NamedLeaderboardRow = LeaderboardRow & { week: string };
/** A white-space row with what it misses, counted and in words. */
export type WhiteSpaceLine = WhiteSpaceRow & { missingCount: number; missingText: string };
/** A store due to reorder, under the rep who covers it. */
export type DoorDueRow = CadenceRow & { rep: string };

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);
const percent = (value: string | null) => (value === null ? "" : `${value}%`);

/**
 * The columns of a sales table, its name column headed `first`.
 *
 * @example
 * salesColumns("Retailer").map((c) => c.header); // ["ID", "Retailer", "Units", "Revenue", "Invoices"]
 */
export const salesColumns = (first: string): InsightColumn<SalesRow>[] => [
  { id: "key", header: "ID", value: (r) => r.key, kind: "id" },
  { id: "name", header: first, value: (r) => r.name },
  { id: "units", header: "Units", value: (r) => text(r.units), kind: "count" },
  { id: "revenue", header: "Revenue", value: (r) => r.revenue, kind: "money" },
  { id: "invoices", header: "Invoices", value: (r) => text(r.invoices), kind: "count" },
];

/**
 * The columns of a distribution table. A line is named by its product group: its key is its name, so the lines'
 * table has no ID column.
 *
 * @example
 * distributionColumns("line")[0].header; // "Product line"
 */
export const distributionColumns = (by: "product" | "line"): InsightColumn<DistributionRow>[] => [
  ...(by === "product" ? [{ id: "key", header: "ID", value: (r: DistributionRow) => r.key, kind: "id" as const }] : []),
  { id: "name", header: by === "product" ? "Product" : "Product line", value: (r) => r.name },
  { id: "doors", header: "Doors", value: (r) => text(r.doors), kind: "count" },
  { id: "newDoors", header: "New doors", value: (r) => text(r.newDoors), kind: "count" },
  { id: "lostDoors", header: "Lost doors", value: (r) => text(r.lostDoors), kind: "count" },
  {
    id: "unitsPerDoorPerWeek",
    header: "Units per door per week",
    value: (r) => text(r.unitsPerDoorPerWeek),
    kind: "rate",
  },
  { id: "shareOfDoors", header: "Share of doors", value: (r) => percent(r.shareOfDoors), kind: "percent" },
];

/**
 * The days a week's figures are compared with: the same week of the period before, the days it counts, and whether
 * it is partial or not read yet.
 *
 * @example
 * comparedWith(weekDays("2026-05-18", { from: "2026-05-24", to: "2026-08-22" }));
 * // "May 24, 2026 (partial: 1 of 7 days)"
 */
export function comparedWith(previous: WeekDays): string {
  const days = formatDayRange(previous.from, previous.to);
  return previous.partial ? `${days} (${weekDaysWords(previous)})` : days;
}

/** A week's figure, blank when none of its days is read yet (a zero would read as no sales). */
const counted = (week: WeekDays, value: string) => (week.days === 0 ? "" : value);

/**
 * The sales-by-week table's columns: each week, the days it counts ("partial: 4 of 7 days"), and beside it the same
 * week of the period before, named by its days.
 */
export const weekColumns = (): InsightColumn<WeekRow>[] => [
  { id: "week", kind: "day", header: "Week of", value: (r) => r.week },
  { id: "days", header: "Days", value: (r) => weekDaysWords(r.days) },
  { id: "units", header: "Units", value: (r) => counted(r.days, text(r.units)), kind: "count" },
  { id: "revenue", header: "Revenue", value: (r) => counted(r.days, r.revenue), kind: "money" },
  { id: "invoices", header: "Invoices", value: (r) => counted(r.days, text(r.invoices)), kind: "count" },
  { id: "comparedWith", header: "Compared with", value: (r) => comparedWith(r.previous) },
  {
    id: "previousUnits",
    header: "Units then",
    value: (r) => counted(r.previous, text(r.previousUnits)),
    kind: "count",
  },
  {
    id: "previousRevenue",
    header: "Revenue then",
    value: (r) => counted(r.previous, r.previousRevenue),
    kind: "money",
  },
];

/** The account health table's columns. */
export const healthColumns = (): InsightColumn<AccountHealthRow>[] => [
  { id: "customerId", header: "ID", value: (r) => text(r.customerId), kind: "id" },
  { id: "name", header: "Retailer", value: (r) => r.name },
  { id: "lastOrder", kind: "day", header: "Last order", value: (r) => text(r.lastOrder) },
  { id: "daysSince", header: "Days since", value: (r) => text(r.daysSince), kind: "count" },
  {
    id: "medianReorderDays",
    header: "Median reorder (days)",
    value: (r) => text(r.medianReorderDays),
    kind: "count",
  },
  { id: "tier", header: "Tier", value: (r) => r.tier },
  { id: "revenueLast30", header: "Revenue, last 30 days", value: (r) => r.revenueLast30, kind: "money" },
  {
    id: "revenuePrevious30",
    header: "Revenue, 30 days before",
    value: (r) => r.revenuePrevious30,
    kind: "money",
  },
  { id: "growth", header: "Growth", value: (r) => percent(r.growth), kind: "percent" },
  { id: "orders", header: "Orders", value: (r) => text(r.orders), kind: "count" },
];

/** The white space table's columns. */
export const whiteSpaceColumns = (): InsightColumn<WhiteSpaceLine>[] => [
  { id: "customerId", header: "ID", value: (r) => text(r.customerId), kind: "id" },
  { id: "name", header: "Retailer", value: (r) => r.name },
  { id: "carried", header: "Carries", value: (r) => `${r.carriedCount} of ${r.activeCount}`, kind: "count" },
  { id: "share", header: "Share", value: (r) => `${r.share}%`, kind: "percent" },
  { id: "revenue", header: "Revenue, 90 days", value: (r) => r.revenue, kind: "money" },
  { id: "missing", header: "Missing, by group", value: (r) => r.missingText },
];

/** The weekly leaderboard's columns. */
export const leaderboardColumns = (): InsightColumn<NamedLeaderboardRow>[] => [
  { id: "rank", header: "Rank", value: (r) => text(r.rank), kind: "id" },
  { id: "customerId", header: "ID", value: (r) => text(r.customerId), kind: "id" },
  { id: "name", header: "Retailer", value: (r) => r.name },
  { id: "week", kind: "day", header: "Week of", value: (r) => r.week },
  { id: "units", header: "Units", value: (r) => text(r.units), kind: "count" },
  { id: "revenue", header: "Revenue", value: (r) => r.revenue, kind: "money" },
  { id: "invoices", header: "Invoices", value: (r) => text(r.invoices), kind: "count" },
];

/** The doors-due table's columns. */
export const doorsDueColumns = (): InsightColumn<DoorDueRow>[] => [
  { id: "rep", header: "Rep", value: (r) => r.rep },
  { id: "customerId", header: "ID", value: (r) => text(r.customerId), kind: "id" },
  { id: "name", header: "Retailer", value: (r) => r.name },
  { id: "status", header: "Status", value: (r) => r.status },
  { id: "lastOrder", kind: "day", header: "Last order", value: (r) => r.lastOrder },
  { id: "daysSince", header: "Days since", value: (r) => text(r.daysSince), kind: "count" },
  { id: "medianDays", header: "Median reorder (days)", value: (r) => text(r.medianDays), kind: "count" },
  { id: "nextOrder", kind: "day", header: "Next order expected", value: (r) => text(r.nextOrder) },
  { id: "orders", header: "Orders", value: (r) => text(r.orders), kind: "count" },
];

/** The promotion lift table's columns. */
export const promotionColumns = (): InsightColumn<LiftRow>[] => [
  { id: "promotionId", header: "ID", value: (r) => text(r.promotionId), kind: "id" },
  { id: "name", header: "Promotion", value: (r) => (r.inferred ? `${r.name} (from its lines)` : r.name) },
  { id: "from", kind: "day", header: "From", value: (r) => r.from },
  { id: "to", kind: "day", header: "To", value: (r) => r.to },
  { id: "doors", header: "Doors", value: (r) => text(r.doors), kind: "count" },
  { id: "newDoors", header: "New doors", value: (r) => text(r.newDoors), kind: "count" },
  {
    id: "unitsPerDoorPerWeek",
    header: "Units per door per week",
    value: (r) => text(r.unitsPerDoorPerWeek),
    kind: "rate",
  },
  {
    id: "baselineUnitsPerDoorPerWeek",
    header: "Before (8 weeks)",
    value: (r) => text(r.baselineUnitsPerDoorPerWeek),
    kind: "rate",
  },
  { id: "unitsLift", header: "Units lift", value: (r) => percent(r.unitsLift), kind: "percent" },
  {
    id: "revenuePerDoorPerWeek",
    header: "Revenue per door per week",
    value: (r) => text(r.revenuePerDoorPerWeek),
    kind: "money",
  },
  {
    id: "baselineRevenuePerDoorPerWeek",
    header: "Revenue before (8 weeks)",
    value: (r) => text(r.baselineRevenuePerDoorPerWeek),
    kind: "money",
  },
  { id: "revenueLift", header: "Revenue lift", value: (r) => percent(r.revenueLift), kind: "percent" },
  { id: "discount", header: "Discount given", value: (r) => r.discount, kind: "money" },
  {
    id: "note",
    header: "Note",
    value: (r) =>
      [r.thin && `Too thin to tell: ${r.thin}`, r.running && "Still running: its days so far"]
        .filter(Boolean)
        .join("; "),
  },
];

/** The shelf watch's columns. */
export const shelfColumns = (): InsightColumn<NamedShelfRow>[] => [
  { id: "customer", header: "Retailer", value: (r) => r.customer },
  { id: "product", header: "Product", value: (r) => r.product },
  { id: "label", header: "Status", value: (r) => r.label },
  { id: "inventory", header: "Inventory", value: (r) => r.inventory, kind: "count" },
  { id: "dailySales", header: "Daily sales", value: (r) => r.dailySales, kind: "count" },
  { id: "lastInventoryDate", kind: "day", header: "Last counted", value: (r) => r.lastInventoryDate ?? "" },
];
