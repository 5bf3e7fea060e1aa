/**
 * Shelf watch: retailer × product stock that runs out within a few days of its daily sales, and stock
 * never counted, as a call list. Pure.
 */
import { requireDecimal, toDecimalString } from "@/lib/format/decimal";
import { realDate } from "@/lib/domain/views/sentinels";
import type { ShelfRow } from "./history-types";
import { pluralNoun } from "@/lib/format/plural";

export type ShelfStatus = "out" | "low" | "never-counted";

/** One line of the call list. */
export interface ShelfWatchRow {
  customerId: number;
  productId: number;
  status: ShelfStatus;
  /** What a page shows: "Out of stock", "2.5 days of cover", "Never counted". */
  label: string;
  /** Inventory ÷ daily sales in days (1 decimal, rounded down); null when out with no sales, or never counted. */
  coverDays: string | null;
  /** As counted, 2 decimals. */
  inventory: string;
  dailySales: string;
  /** The count's day (YYYY-MM-DD), null when never counted. */
  lastInventoryDate: string | null;
}

/**
 * Rows under `minDays` of cover (cover = inventory ÷ dailySales), out-of-stock rows, then rows never counted
 * (null or the live service's sentinel, 2000-01-01 or before). Counted rows with no daily sales are skipped unless the inventory is zero.
 * Sorted: out of stock, then by cover ascending, then never counted; ties by customer then product.
 *
 * @example
 * shelfWatch(shelf, { minDays: 7 }).map((row) => row.label); // ["Out of stock", "2.5 days of cover", "Never counted"]
 */
export function shelfWatch(shelf: readonly ShelfRow[], options: { minDays?: number } = {}): ShelfWatchRow[] {
  const minDays = BigInt(options.minDays ?? 7);
  const listed: { row: ShelfWatchRow; rank: number; cover: bigint }[] = [];
  for (const row of shelf) {
    const inventory = requireDecimal(row.inventory);
    const dailySales = requireDecimal(row.dailySales);
    const counted = countedDay(row.lastInventoryDate);
    const base = {
      customerId: row.customerId,
      productId: row.productId,
      inventory: toDecimalString(inventory, 2),
      dailySales: toDecimalString(dailySales, 2),
      lastInventoryDate: counted,
    };
    if (counted === null) {
      listed.push({
        row: { ...base, status: "never-counted", label: "Never counted", coverDays: null },
        rank: 2,
        cover: 0n,
      });
      continue;
    }
    if (dailySales <= 0n) {
      if (inventory === 0n)
        listed.push({ row: { ...base, status: "out", label: "Out of stock", coverDays: null }, rank: 0, cover: 0n });
      continue;
    }
    // Under minDays exactly: inventory < minDays × dailySales, no division.
    if (inventory >= minDays * dailySales) continue;
    if (inventory <= 0n) {
      listed.push({ row: { ...base, status: "out", label: "Out of stock", coverDays: "0.0" }, rank: 0, cover: 0n });
      continue;
    }
    const cover = (inventory * 1_000_000n) / dailySales;
    // Rounded down to a tenth, so a row under 7 days never reads "7.0".
    const coverDays = toDecimalString((cover / 100_000n) * 100_000n, 1);
    listed.push({
      row: { ...base, status: "low", label: `${coverDays} ${pluralNoun(coverDays, "day")} of cover`, coverDays },
      rank: 1,
      cover,
    });
  }
  return listed
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.cover === b.cover ? 0 : a.cover < b.cover ? -1 : 1) ||
        a.row.customerId - b.row.customerId ||
        a.row.productId - b.row.productId,
    )
    .map(({ row }) => row);
}

/** The count's day, or null for never: null, or the live service's sentinel (on or before 2000-01-01, the pages' one rule, `realDate`). */
function countedDay(date: string | null): string | null {
  if (date === null || realDate("LastInventoryDate", date) === undefined) return null;
  return date.slice(0, 10);
}
