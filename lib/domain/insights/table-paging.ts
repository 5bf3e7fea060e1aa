import { type InsightTableId, TABLE_IDS } from "./insights-tables";

/**
 * How many rows of each of the Insights page's tables the page shows, past its first ones: the address's
 * `show=retailers:20,health:75`, one parameter for every table, so "Show more" on one keeps the others as they are.
 * Apart from the page's query (`InsightsQuery`): the rows shown change no figure, and the export holds every row.
 */
export type ShownRows = Partial<Record<InsightTableId, number>>;

const IDS: ReadonlySet<string> = new Set(TABLE_IDS);
/** Past this many, a count is no count (the longest table is a distributor's customers, some thousands). */
const MOST = 100_000;

/**
 * The rows shown, from the address's `show` (the first of a repeated one); a part not understood is left out.
 *
 * @example
 * parseShown("retailers:20,health:75"); // { retailers: 20, health: 75 }
 */
export function parseShown(value: string | string[] | undefined): ShownRows {
  const text = Array.isArray(value) ? value[0] : value;
  const shown: ShownRows = {};
  for (const part of (text ?? "").split(",")) {
    const [id = "", rows = ""] = part.split(":");
    const n = Number(rows);
    if (IDS.has(id) && /^\d+$/.test(rows) && n > 0 && n <= MOST) shown[id as InsightTableId] = n;
  }
  return shown;
}

/**
 * The address's `show` with one table's rows set, the tables in the page's order (one view, one address).
 *
 * @example
 * shownParam({ health: 75 }, "retailers", 20); // "retailers:20,health:75"
 */
export function shownParam(shown: ShownRows, id: InsightTableId, rows: number): string {
  const next: ShownRows = { ...shown, [id]: rows };
  return TABLE_IDS.filter((table) => next[table] !== undefined)
    .map((table) => `${table}:${next[table]}`)
    .join(",");
}

/**
 * How many of a table's `total` rows the page shows: its first `first`, or as many as the address says.
 *
 * @example
 * rowsShown({ retailers: 20 }, "retailers", 10, 74); // 20
 */
export function rowsShown(shown: ShownRows, id: InsightTableId, first: number, total: number): number {
  return Math.min(shown[id] ?? first, total);
}
