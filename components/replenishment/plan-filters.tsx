"use client";

import { useId, useState } from "react";
import { pushParams } from "@/lib/ui/address";
import { type PlanAddress, type PlanAddressChange, writePlanAddress } from "@/lib/ui/replenishment/address";
import type { PlanRow } from "@/lib/domain/replenishment/plan";
import { BUTTON, fieldClass } from "@/lib/ui/styles";
import { filtersSet } from "@/lib/ui/views/filter-count";
import { vendorOptions } from "@/lib/ui/replenishment/vendor-label";
import { FilterDisclosure } from "@/components/table/filter-disclosure";

function change(what: PlanAddressChange) {
  pushParams((p) => writePlanAddress(p, what));
}

/**
 * The warehouses and vendors the plan's rows name, for the filters' choices, by name; a vendor by its whole name, its
 * VendorID and the warehouses it delivers to (two vendors of one name are told apart).
 */
function choicesOf(rows: readonly PlanRow[]) {
  const warehouses = new Map<number, string>();
  for (const row of rows) warehouses.set(row.locationId, row.warehouseName ?? `Warehouse ${row.locationId}`);
  const sorted = [...warehouses]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return { warehouses: sorted, vendors: vendorOptions(rows) };
}

/**
 * The plan's filters, each in the address and applied in the browser (no request): warehouse, vendor, Only below
 * target (on unless turned off), Count drafts, and a search in product names and numbers (applied with Enter or
 * Search).
 */
export function PlanFilters({ address, rows }: { address: PlanAddress; rows: readonly PlanRow[] }) {
  const ids = { warehouse: useId(), vendor: useId(), search: useId(), below: useId(), drafts: useId() };
  const { warehouses, vendors } = choicesOf(rows);
  const { filters } = address;
  // The box shows the search in force until the person types; a new address (Back, a link) shows its own.
  const [typed, setTyped] = useState<{ for: string | undefined; text: string }>({
    for: filters.search,
    text: filters.search ?? "",
  });
  const text = typed.for === filters.search ? typed.text : (filters.search ?? "");
  // Set: what differs from the plan's defaults (every warehouse and vendor, only rows below target, drafts apart).
  const set = filtersSet({
    warehouse: filters.locationId?.toString(),
    vendor: filters.vendorId?.toString(),
    search: filters.search,
    below: filters.onlyBelowTarget ? undefined : "0",
    drafts: address.countDrafts ? "1" : undefined,
  });
  return (
    <FilterDisclosure count={set}>
      <form
        role="search"
        aria-label="Filter the plan"
        className="flex flex-wrap items-end gap-x-4 gap-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          change({ search: text });
        }}
      >
        <div>
          <label htmlFor={ids.warehouse} className="block text-sm font-semibold">
            Warehouse
          </label>
          <select
            id={ids.warehouse}
            value={filters.locationId ?? ""}
            onChange={(e) => change({ warehouse: e.target.value ? Number(e.target.value) : undefined })}
            className={fieldClass(false, "mt-1 max-w-64")}
          >
            <option value="">All warehouses</option>
            {warehouses.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.vendor} className="block text-sm font-semibold">
            Vendor
          </label>
          <select
            id={ids.vendor}
            value={filters.vendorId ?? ""}
            onChange={(e) => change({ vendor: e.target.value ? Number(e.target.value) : undefined })}
            className={fieldClass(false, "mt-1 max-w-full")}
          >
            <option value="">All vendors</option>
            {vendors.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.search} className="block text-sm font-semibold">
            Product
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={ids.search}
              type="search"
              value={text}
              maxLength={100}
              placeholder="Name or product number"
              onChange={(e) => setTyped({ for: filters.search, text: e.target.value })}
              className={fieldClass(false, "w-56")}
            />
            <button type="submit" className={BUTTON}>
              Search
            </button>
          </div>
        </div>
        <div className="flex flex-col gap-1 pb-1">
          <label htmlFor={ids.below} className="flex items-center gap-2 text-sm">
            <input
              id={ids.below}
              type="checkbox"
              checked={filters.onlyBelowTarget}
              onChange={(e) => change({ onlyBelowTarget: e.target.checked })}
            />
            Only below target
          </label>
          <label htmlFor={ids.drafts} className="flex items-center gap-2 text-sm">
            <input
              id={ids.drafts}
              type="checkbox"
              checked={address.countDrafts}
              onChange={(e) => change({ countDrafts: e.target.checked })}
            />
            Count drafts
          </label>
        </div>
      </form>
    </FilterDisclosure>
  );
}
