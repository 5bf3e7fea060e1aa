"use client";

import { StaleNote } from "@/components/table/stale-note";
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { RequestError } from "@/components/table/request-error";
import { pushParams } from "@/lib/ui/address";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import type { V1Reason } from "@/lib/ui/purchases/v1-purchases";
import { usePurchasesV2 } from "@/lib/ui/purchases/v2-context";
import {
  formatVia,
  nextCoverSort,
  type PlanAddress,
  parseVia,
  readPlanAddress,
  writePlanAddress,
} from "@/lib/ui/replenishment/address";
import { knownPoNumbers } from "@/lib/ui/purchases/draft-runner";
import { planRows } from "@/lib/domain/replenishment/plan";
import { planSupplier } from "@/lib/domain/replenishment/requests";
import { EMPTY_SELECTION, type Selection, withCases, withoutRows, withTick } from "@/lib/ui/replenishment/selection";
import { type CutShort, usePlanData } from "@/lib/ui/replenishment/use-plan-data";
import { filterRows, sortByCover } from "@/lib/ui/replenishment/view";
import { DraftPanel } from "./draft-panel";
import { PlanFilters } from "./plan-filters";
import { PlanTable, type RowActions } from "./plan-table";
import { PlanTotals } from "./plan-totals";
import { SupplierPicker, useSupplierOptions } from "./supplier-picker";

const CUT_SHORT: Record<CutShort, string> = {
  inventory: "the inventory",
  products: "the products",
  vendors: "the vendors",
  purchases: "the open purchases",
};

/**
 * The replenishment planner: whom it plans for (an Employee key chooses a supplier first), then the plan. The address
 * holds the supplier, the filters, the sort and the vendors picked; the browser applies them to what it holds.
 */
export function ReplenishmentPlanner({ v1Reason }: { v1Reason?: V1Reason }) {
  const search = useSearchParams();
  const address = readPlanAddress(search);
  const scope = useKeyScope();
  const v2 = usePurchasesV2() && v1Reason === undefined;
  const who = planSupplier(scope, address.supplier);
  const suppliers = useSupplierOptions(who.picker);
  const supplierName =
    who.supplierId === undefined ? undefined : suppliers.options.find((s) => s.id === who.supplierId)?.name;
  return (
    <div className="space-y-5">
      {who.picker !== "none" && (
        <SupplierPicker value={who.supplierId} options={suppliers.options} loading={suppliers.loading} />
      )}
      {who.supplierId === undefined ? (
        <p role="status" className="rounded border border-slate-300 p-4 text-sm dark:border-slate-700">
          Choose a supplier to plan its orders: the plan reads its inventory, products, vendors and open purchases.
        </p>
      ) : (
        // A new supplier starts with nothing ticked or typed.
        <SupplierPlan
          key={who.supplierId}
          supplierId={who.supplierId}
          supplierName={supplierName}
          narrow={who.narrow}
          v2={v2}
          v1Reason={v2 ? undefined : (v1Reason ?? "missing")}
          address={address}
        />
      )}
    </div>
  );
}

export interface SupplierPlanProps {
  supplierId: number;
  supplierName?: string;
  narrow: boolean;
  v2: boolean;
  v1Reason: V1Reason | undefined;
  address: PlanAddress;
}

/**
 * One supplier's plan: its filters, totals, table and draft panel, over the reads `usePlanData` makes. What is ticked
 * and typed lives here, so it starts afresh for another supplier.
 */
export function SupplierPlan({ supplierId, supplierName, narrow, v2, v1Reason, address }: SupplierPlanProps) {
  const data = usePlanData({ supplierId, narrow, v2 });
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [drafting, setDrafting] = useState(false);
  const { input } = data;
  const { countDrafts, filters, sort } = address;
  const { locationId, vendorId, onlyBelowTarget, search: query } = filters;
  // The picks as their address text: one string while they stay the same (the Map is new on every render).
  const via = formatVia(address.vendors);

  // Worked out again only when an answer, Count drafts or a vendor pick changes; the filters and the sort are cheap.
  const rows = useMemo(
    () => (input ? planRows(input, { now: new Date(), countDrafts, chosenVendors: parseVia(via) }) : []),
    [input, countDrafts, via],
  );
  const view = useMemo(() => {
    const filtered = filterRows(rows, { locationId, vendorId, onlyBelowTarget, search: query });
    return sort ? sortByCover(filtered, sort) : filtered;
  }, [rows, locationId, vendorId, onlyBelowTarget, query, sort]);
  const known = useMemo(() => knownPoNumbers(input?.purchases ?? []), [input]);

  const actions = useMemo<RowActions>(
    () => ({
      tick: (key, ticked) => setSelection((s) => withTick(s, key, ticked)),
      cases: (key, text) => setSelection((s) => withCases(s, key, text)),
      vendor: (key, vendorId) =>
        pushParams((p) => {
          const picked = readPlanAddress(p).vendors;
          picked.set(key, vendorId);
          writePlanAddress(p, { vendors: picked });
        }),
    }),
    [],
  );
  const onDrafted = useCallback((keys: string[]) => setSelection((s) => withoutRows(s, keys)), []);

  if (data.error) return <RequestError error={data.error} onRetry={data.retry} what="the plan's data" />;
  if (!input) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the plan" className="space-y-2">
        {Array.from({ length: 8 }, (_, i) => (
          <span key={i} className="skeleton block h-6 w-full" />
        ))}
      </div>
    );
  }
  const caption = `Replenishment plan${supplierName ? ` for ${supplierName}` : ""}: ${view.length} of ${rows.length} product and warehouse rows${filters.onlyBelowTarget ? ", only those below target" : ""}.`;
  return (
    <div className="space-y-5">
      <PlanFilters address={address} rows={rows} />
      {data.cutShort.length > 0 && (
        <p role="note" className="text-sm">
          The plan stopped reading {data.cutShort.map((c) => CUT_SHORT[c]).join(", ")} at its limit: some rows, or some
          of what is on order, may be missing.
        </p>
      )}
      <section aria-label="Totals" className="space-y-2">
        <h2 className="text-lg font-semibold">Suggested, by vendor and warehouse</h2>
        <PlanTotals rows={view} />
      </section>
      <p className="text-sm" aria-live="polite">
        {view.length === rows.length
          ? `${rows.length} rows.`
          : `${view.length} of ${rows.length} rows match the filters.`}{" "}
        Orders are in whole cases; &ldquo;Why?&rdquo; explains a row&rsquo;s number.
      </p>
      <StaleNote of={data.answers} />
      <PlanTable
        rows={view}
        selection={selection}
        actions={actions}
        sort={sort}
        onSort={() => pushParams((p) => writePlanAddress(p, { sort: nextCoverSort(sort) }))}
        caption={caption}
        disabled={drafting}
      />
      <DraftPanel
        rows={view}
        selection={selection}
        v1Reason={v1Reason}
        supplierName={supplierName}
        known={known}
        onRunning={setDrafting}
        onDrafted={onDrafted}
      />
    </div>
  );
}
