import { PRODUCT_STATUSES } from "@/lib/data-api/values";
import { isoWeekday } from "@/lib/format/days";
import { plural } from "@/lib/format/plural";
import { weekdayName } from "@/lib/domain/delivery/cutoff";
import type { Arrival } from "@/lib/domain/replenishment/arrival";
import type { PlanRow } from "@/lib/domain/replenishment/plan";

/**
 * A planner row's number in words, for the person who asks why: "sells 12.4 a day; 61 available and 40 on order last
 * 8.1 days; next pickup Thursday plus 5 days' lead time: arrives in 9 days; 30 days' target: 3 cases (36 units)".
 * Every row gets a sentence, with or without a suggestion; it says what was known up to the point where the plan
 * stopped, and why it stopped.
 */

/** A count with its noun, the count as `formatCount` rounds it. */
function countOf(count: number, one: string, many = `${one}s`): string {
  return plural(formatCount(count), one, many);
}

/** Whole numbers as they are; others to two decimals at most. */
function formatCount(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** "30 days'" / "1 day's": the possessive of a number of days. */
function daysOf(days: number): string {
  return days === 1 ? "1 day's" : `${formatCount(days)} days'`;
}

function quantity(row: Pick<PlanRow, "unitsPerCase">, cases: number): string {
  if (row.unitsPerCase === 1) return countOf(cases, "unit");
  return `${countOf(cases, "case")} (${countOf(cases * row.unitsPerCase, "unit")})`;
}

function salesPart(row: PlanRow): string {
  if (row.sellsPerDay === undefined) return "no sales figure (AvgDailySales90d) was sent";
  if (Number(row.sellsPerDay) <= 0) return "no sales in the last 90 days";
  return `sells ${row.sellsPerDay} a day`;
}

function stockPart(row: PlanRow): string {
  if (row.available === undefined) return "the available units were not sent";
  const counted = [`${formatCount(row.available)} available`];
  if (row.onOrder !== 0) counted.push(`${formatCount(row.onOrder)} on order`);
  if (row.draftsCounted && row.inDrafts !== 0) counted.push(`${formatCount(row.inDrafts)} in drafts`);
  let text = counted.length === 1 ? counted[0]! : `${counted.slice(0, -1).join(", ")} and ${counted.at(-1)!}`;
  if (row.daysOfCover !== undefined)
    text += ` last ${formatCount(Math.round(row.daysOfCover * 10) / 10)} ${row.daysOfCover === 1 ? "day" : "days"}`;
  if (!row.draftsCounted && row.inDrafts !== 0) text += ` (${formatCount(row.inDrafts)} more in drafts, not counted)`;
  return text;
}

function pickupPart(arrival: Arrival, row: PlanRow): string {
  const { pickup } = arrival;
  const weekday = weekdayName(isoWeekday(pickup.day));
  const from =
    pickup.source === "weekday"
      ? `next pickup ${weekday}`
      : pickup.source === "date"
        ? `next pickup ${weekday} ${pickup.day}`
        : pickup.source === "none"
          ? "no pickup days given, so from today"
          : `no pickup day after today could be read from "${(row.vendor?.pickupDates ?? []).join(", ")}", so from today`;
  const lead = arrival.leadTimeDays === 0 ? "no lead time" : `${daysOf(arrival.leadTimeDays)} lead time`;
  const arrives = arrival.inDays === 0 ? "arrives today" : `arrives in ${countOf(arrival.inDays, "day")}`;
  const zone = row.zoneKnown ? "" : " (days counted in UTC: the warehouse's time zone is unknown)";
  return `${from} plus ${lead}: ${arrives}${zone}`;
}

function vendorName(row: PlanRow): string {
  return row.vendor?.name ? `vendor ${row.vendor.name}` : `vendor #${row.vendor?.vendorId ?? "?"}`;
}

/**
 * The row's suggestion, or its absence, in words.
 *
 * @example
 * explain(row); // "sells 12.4 a day; 61 available and 40 on order last 8.1 days; next pickup Thursday plus 5 days' lead time: arrives in 9 days; 30 days' target: 32 cases (384 units)"
 */
export function explain(row: PlanRow): string {
  const parts: string[] = [];
  const stop = (why: string) => [...parts, why].join("; ");
  if (row.notAuthorized) parts.push("reserved for authorized accounts");
  if (row.reason === "unknown-product")
    return stop(
      `product #${row.productId} is not in the catalog that was read, so its status and case size are unknown: no suggestion`,
    );
  if (row.reason === "no-status") return stop("the product's status was not sent: no suggestion");
  if (row.reason === "inactive-product") {
    const status = PRODUCT_STATUSES[row.statusId as keyof typeof PRODUCT_STATUSES] ?? `status ${row.statusId}`;
    return stop(`${status} product (only Active and Pre-order products are planned): no suggestion`);
  }
  parts.push(salesPart(row), stockPart(row));
  if (row.reason === "no-stock-figure" || row.reason === "no-sales-figure" || row.reason === "no-sales")
    return stop("no suggestion");

  if (!row.vendor)
    return stop(`no active vendor delivers to ${row.warehouseName ?? `warehouse #${row.locationId}`}: no suggestion`);
  if (row.vendorChosen) parts.push(`${vendorName(row)} (chosen)`);
  else if (row.chosenVendorMissing) parts.push(`the chosen vendor no longer delivers here, so ${vendorName(row)}`);
  if (!row.arrival) return stop(`${vendorName(row)} gives no lead time: no suggestion`);
  parts.push(pickupPart(row.arrival, row));
  if (row.targetDays === undefined) return stop(`${vendorName(row)} gives no target days (TargetDOI): no suggestion`);

  const target = `${daysOf(row.targetDays)} target`;
  const maximum = `the ${daysOf(row.maxDays ?? 0)} maximum`;
  if (row.reason === "above-target") return stop(`${target}: the stock covers it, nothing to order`);
  if (row.reason === "capped-to-zero") {
    return stop(
      `${target} would take ${quantity(row, row.uncappedCases ?? 0)}, but ${maximum} leaves room for none: no suggestion`,
    );
  }
  const cases = row.suggestedCases ?? 0;
  const lowered =
    row.uncappedCases !== undefined
      ? `, lowered from ${countOf(row.uncappedCases, row.unitsPerCase === 1 ? "unit" : "case")} by ${maximum}`
      : "";
  return stop(`${target}: ${quantity(row, cases)}${lowered}`);
}
