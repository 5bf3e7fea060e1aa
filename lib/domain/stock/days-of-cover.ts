import { parseDecimal } from "@/lib/format/decimal";
import { realDate } from "../views/sentinels";

/**
 * Days of cover of a retailer's shelf: its stock divided by its daily sales, the days the stock lasts at the rate it
 * sells. Exact (the API's decimal strings as BigInt micro-units, never floats), to one decimal, rounded half up.
 * Undefined when it means nothing: sales missing, zero, negative or unreadable, stock missing or unreadable, or a
 * shelf never counted (`lastInventoryDate` the live service's sentinel, 2000-01-01: its Inventory is no count). A
 * shelf with no stock (zero or, as the API allows, negative) covers 0 days.
 *
 * @example
 * daysOfCover("30.00", "4.00"); // "7.5"
 * daysOfCover("10", "3"); // "3.3"
 * daysOfCover("12.50", "0.00"); // undefined (nothing sells: no figure)
 * daysOfCover("-2.00", "1.50"); // "0.0"
 * daysOfCover("0.00", "1.50", "2000-01-01T00:00:00"); // undefined (never counted)
 */
export function daysOfCover(
  inventory: string | number | null | undefined,
  dailySales: string | number | null | undefined,
  lastInventoryDate?: string | null,
): string | undefined {
  if (lastInventoryDate && realDate("LastInventoryDate", lastInventoryDate) === undefined) return undefined;
  const stock = micros(inventory);
  const sales = micros(dailySales);
  if (stock === undefined || sales === undefined || sales <= 0n) return undefined;
  if (stock <= 0n) return "0.0";
  // Tenths of a day, rounded half up: (2 · 10 · stock + sales) / (2 · sales).
  const tenths = (20n * stock + sales) / (2n * sales);
  return `${tenths / 10n}.${tenths % 10n}`;
}

function micros(value: string | number | null | undefined): bigint | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  return parseDecimal(String(value).trim());
}
