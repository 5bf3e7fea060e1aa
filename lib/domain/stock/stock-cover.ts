/**
 * Days of inventory on a warehouse's stock rows (`/inventory`: DOI, AvgDailySales90d, decimal strings): which rows
 * sold in the last 90 days, and which of them cover fewer days than a bound. One reading for the brand's overview
 * (its "Under 14 days of inventory") and the list the figure opens. Exact: the decimals are compared as sent. Pure.
 */
import { compareDecimals, parseDecimal } from "@/lib/format/decimal";

/** What the rules read of an inventory row (every field may be missing). */
export interface StockRow {
  DOI?: string | number | null;
  AvgDailySales90d?: string | number | null;
}

/** The days the overview calls low. */
export const LOW_DOI_DAYS = 14;

const decimal = (value: string | number | null | undefined) =>
  value === null || value === undefined
    ? undefined
    : parseDecimal(String(value).trim()) !== undefined
      ? String(value).trim()
      : undefined;

/**
 * Whether a row sold in the last 90 days and says its days of inventory: the rows whose cover means something.
 *
 * @example
 * soldIn90Days({ DOI: "5.60", AvgDailySales90d: "9.29" }); // true
 * soldIn90Days({ DOI: null, AvgDailySales90d: "0.00" }); // false
 */
export function soldIn90Days(row: StockRow): boolean {
  const sales = decimal(row.AvgDailySales90d);
  return sales !== undefined && compareDecimals(sales, "0") > 0 && decimal(row.DOI) !== undefined;
}

/**
 * Whether a row that sold covers fewer than `days` days of its sales.
 *
 * @example
 * underDaysOfInventory({ DOI: "13.99", AvgDailySales90d: "2" }); // true
 * underDaysOfInventory({ DOI: "14", AvgDailySales90d: "2" }); // false
 */
export function underDaysOfInventory(row: StockRow, days = LOW_DOI_DAYS): boolean {
  return soldIn90Days(row) && compareDecimals(decimal(row.DOI)!, String(days)) < 0;
}
