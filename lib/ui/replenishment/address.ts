import { rowKey } from "@/lib/domain/replenishment/inputs";
import type { PlanFilters } from "./view";

/**
 * The planner page's address: everything a person would bookmark or share. `supplier` (the supplier planned for),
 * `warehouse`, `vendor` and `q` (the filters), `below=0` (Only below target is on unless turned off), `drafts=1`
 * (Count drafts), `sort` (`cover` fewest days of cover first, `-cover` most first) and `via` (the vendors picked
 * for rows, `warehouse.product.vendor` joined by commas). What is ticked and typed for an order is the page's own
 * state: work in progress, not a view.
 */

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

export type CoverSort = "asc" | "desc";

export interface PlanAddress {
  supplier?: number;
  filters: Required<Pick<PlanFilters, "onlyBelowTarget">> & Omit<PlanFilters, "onlyBelowTarget">;
  countDrafts: boolean;
  sort?: CoverSort;
  /** The vendor picked per row key (rowKey(productId, locationId)). */
  vendors: Map<string, number>;
}

const ID = /^\d{1,12}$/;
const VIA = /^(\d{1,12})\.(\d{1,12})\.(\d{1,12})$/;

function one(params: Params, name: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const value = params[name];
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
}

function id(text: string | undefined): number | undefined {
  const trimmed = text?.trim();
  return trimmed && ID.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * The vendors picked per row, from `via` ("1.10001.9002,2.10003.9002": warehouse 1's product 10001 from vendor 9002).
 * Entries that are not three ids are left out; a row named twice keeps its first.
 */
export function parseVia(text: string | undefined): Map<string, number> {
  const picked = new Map<string, number>();
  for (const entry of (text ?? "").split(",")) {
    const match = VIA.exec(entry.trim());
    if (!match) continue;
    const key = rowKey(Number(match[2]), Number(match[1]));
    if (!picked.has(key)) picked.set(key, Number(match[3]));
  }
  return picked;
}

/** The `via` text of picked vendors, ordered by warehouse then product so one choice has one address. */
export function formatVia(vendors: ReadonlyMap<string, number>): string {
  return [...vendors]
    .map(([key, vendor]) => {
      const [location, product] = key.split(":").map(Number) as [number, number];
      return { location, product, vendor };
    })
    .sort((a, b) => a.location - b.location || a.product - b.product)
    .map((v) => `${v.location}.${v.product}.${v.vendor}`)
    .join(",");
}

/**
 * The page's address read and checked; anything unreadable is left out, as if absent.
 *
 * @example
 * readPlanAddress(new URLSearchParams("supplier=101&warehouse=1&below=0&sort=-cover")).filters; // { locationId: 1, onlyBelowTarget: false, ... }
 */
export function readPlanAddress(params: Params): PlanAddress {
  const sort = one(params, "sort");
  const q = one(params, "q")?.trim();
  return {
    supplier: id(one(params, "supplier")),
    filters: {
      locationId: id(one(params, "warehouse")),
      vendorId: id(one(params, "vendor")),
      onlyBelowTarget: one(params, "below") !== "0",
      search: q ? q.slice(0, 100) : undefined,
    },
    countDrafts: one(params, "drafts") === "1",
    sort: sort === "cover" ? "asc" : sort === "-cover" ? "desc" : undefined,
    vendors: parseVia(one(params, "via")),
  };
}

/** A change to the address: a field given as undefined goes back to its default. */
export interface PlanAddressChange {
  supplier?: number;
  warehouse?: number;
  vendor?: number;
  onlyBelowTarget?: boolean;
  search?: string;
  countDrafts?: boolean;
  sort?: CoverSort;
  vendors?: ReadonlyMap<string, number>;
}

/**
 * Writes a change into search parameters, leaving the others (and the keys not named in `change`) as they are; a
 * default is written as no parameter at all. Changing the supplier drops the rest: another supplier's warehouses,
 * vendors and rows are not this one's.
 *
 * @example
 * pushParams((p) => writePlanAddress(p, { warehouse: 2 }));
 */
export function writePlanAddress(params: URLSearchParams, change: PlanAddressChange): void {
  const set = (name: string, value: string | undefined) =>
    value === undefined || value === "" ? params.delete(name) : params.set(name, value);
  if ("supplier" in change) {
    for (const name of ["warehouse", "vendor", "q", "via"]) params.delete(name);
    set("supplier", change.supplier?.toString());
  }
  if ("warehouse" in change) set("warehouse", change.warehouse?.toString());
  if ("vendor" in change) set("vendor", change.vendor?.toString());
  if ("onlyBelowTarget" in change) set("below", change.onlyBelowTarget === false ? "0" : undefined);
  if ("search" in change) set("q", change.search?.trim());
  if ("countDrafts" in change) set("drafts", change.countDrafts ? "1" : undefined);
  if ("sort" in change) set("sort", change.sort === "asc" ? "cover" : change.sort === "desc" ? "-cover" : undefined);
  if ("vendors" in change) set("via", change.vendors ? formatVia(change.vendors) : undefined);
}

/** The next sort of the Days of cover header: none, fewest first, most first, none again. */
export function nextCoverSort(sort: CoverSort | undefined): CoverSort | undefined {
  return sort === undefined ? "asc" : sort === "asc" ? "desc" : undefined;
}
