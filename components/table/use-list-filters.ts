"use client";

import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { pagingParams } from "@/lib/data-api/values";
import { filtersOf, type FilterSpec, valueLabel } from "@/lib/domain/views/filters";
import { pushParams } from "@/lib/ui/address";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { type ListOperationId, type ListViewSpec, pageDefaultInForce, todayUtc } from "@/lib/ui/views/list-view-spec";

/**
 * A list's filters as the address holds them, and what changing one does (the address changes in the browser; the
 * page goes back to the first).
 */
export function useListFilters<K extends ListOperationId>(view: ListViewSpec<K>) {
  const params = useSearchParams();
  const operation = OPERATION_META[view.operation];
  const { keyType } = useKeyScope();
  const filters = useMemo(() => filtersOf(operation, view.filters, keyType), [operation, view.filters, keyType]);
  const { page: pageName } = pagingParams(operation.version);
  const values = Object.fromEntries(filters.map((f) => [f.name, params.get(f.name) ?? undefined]));
  const setFilter = (name: string, value: string | undefined) =>
    pushParams((p) => {
      if (value === undefined) p.delete(name);
      else p.set(name, value);
      p.delete(pageName);
    });
  // The page's own default, where it is in force, names what an empty filter shows; else the API's default does.
  const pageLabels = pageDefaultInForce(view, params) ? view.pageDefault!.labels : {};
  const defaultLabel = (filter: FilterSpec) =>
    pageLabels[filter.name]?.(todayUtc()) ??
    (filter.defaultValue === undefined
      ? undefined
      : filter.defaultValue
          .split(",")
          .map((v) => valueLabel(view.operation, filter.name, v))
          .join(", "));
  const defaultsInForce = filters.filter((f) => f.defaultValue !== undefined && !values[f.name] && !pageLabels[f.name]);
  return { filters, values, setFilter, defaultLabel, defaultsInForce };
}
