import type { PlanRow } from "@/lib/domain/replenishment/plan";

/**
 * The planner table's filters, sort and totals, over rows planRows made. Pure; the page keeps the filter values in
 * its URL and renders what these return.
 */

export interface PlanFilters {
  /** A warehouse's LocationID. */
  locationId?: number;
  /** A VendorID: the rows whose order would go to that vendor. */
  vendorId?: number;
  /** Only rows whose days of cover are under the target days, or that have no stock and sell (rows with a target only). */
  onlyBelowTarget?: boolean;
  /** Text in the product's name or supplier product number (case ignored). */
  search?: string;
}

/**
 * The rows that pass every filter given.
 *
 * @example
 * filterRows(rows, { locationId: 2, onlyBelowTarget: true, search: "choc" });
 */
export function filterRows(rows: readonly PlanRow[], filters: PlanFilters): PlanRow[] {
  const search = filters.search?.trim().toLowerCase() ?? "";
  return rows.filter(
    (row) =>
      (filters.locationId === undefined || row.locationId === filters.locationId) &&
      (filters.vendorId === undefined || row.vendor?.vendorId === filters.vendorId) &&
      (!filters.onlyBelowTarget || row.belowTarget) &&
      (search === "" ||
        [row.productName, row.supplierProductNumber].some((text) => text?.toLowerCase().includes(search))),
  );
}

/**
 * The rows by days of cover, fewest first (or most first with "desc"); rows without a cover (no sales, no available
 * figure) last either way. Ties keep their order.
 */
export function sortByCover(rows: readonly PlanRow[], direction: "asc" | "desc" = "asc"): PlanRow[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (a.daysOfCover === undefined || b.daysOfCover === undefined)
      return Number(a.daysOfCover === undefined) - Number(b.daysOfCover === undefined);
    return sign * (a.daysOfCover - b.daysOfCover);
  });
}

/** What one vendor would deliver to one warehouse: the rows with a suggestion and their cases and units. */
export interface PlanTotal {
  vendorId: number;
  vendorName?: string;
  locationId: number;
  warehouseName?: string;
  lines: number;
  cases: number;
  units: number;
}

/**
 * Totals per vendor and warehouse, over the rows with a suggestion, ordered by warehouse then vendor; `all` sums them.
 *
 * @example
 * planTotals(filterRows(rows, filters)).all; // { lines: 14, cases: 63, units: 540 }
 */
export function planTotals(rows: readonly PlanRow[]): {
  groups: PlanTotal[];
  all: { lines: number; cases: number; units: number };
} {
  const groups = new Map<string, PlanTotal>();
  const all = { lines: 0, cases: 0, units: 0 };
  for (const row of rows) {
    if (!row.vendor || row.suggestedCases === undefined || row.suggestedUnits === undefined) continue;
    const key = `${row.locationId}:${row.vendor.vendorId}`;
    const group = groups.get(key) ?? {
      vendorId: row.vendor.vendorId,
      vendorName: row.vendor.name,
      locationId: row.locationId,
      warehouseName: row.warehouseName,
      lines: 0,
      cases: 0,
      units: 0,
    };
    group.lines += 1;
    group.cases += row.suggestedCases;
    group.units += row.suggestedUnits;
    groups.set(key, group);
    all.lines += 1;
    all.cases += row.suggestedCases;
    all.units += row.suggestedUnits;
  }
  return { groups: [...groups.values()].sort((a, b) => a.locationId - b.locationId || a.vendorId - b.vendorId), all };
}
