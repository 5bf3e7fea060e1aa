"use client";

import {
  type ColumnDef,
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
  useTable,
  type ColumnVisibilityState,
} from "@tanstack/react-table";
import type { RecordOf } from "@/lib/data-api/client";
import { pushParams } from "@/lib/ui/address";
import type { ColumnSpec } from "@/lib/ui/views/columns";
import { COLUMNS_PARAM, type ListOperationId, type ListViewSpec } from "@/lib/ui/views/list-view-spec";
import { renderCell } from "./cell";

const features = tableFeatures({ columnVisibilityFeature });
/** A record of a list, as the table holds it. */
export type ResourceRow = Record<string, unknown>;
const helper = createColumnHelper<typeof features, ResourceRow>();

/** The visible columns first, in the order the view or the URL lists them; the others after, in the record's order. */
function orderColumns<T extends { id: string }>(columns: T[], visible: string[]): T[] {
  const rank = (c: T) => (visible.includes(c.id) ? visible.indexOf(c.id) : visible.length);
  return [...columns].sort((a, b) => rank(a) - rank(b));
}

/**
 * A list page's TanStack Table: its columns in the visible order, each cell drawn from the column's spec in the
 * person's zone, and the column chooser's changes written to the address.
 */
export function useResourceTable<K extends ListOperationId>(
  view: ListViewSpec<K>,
  visible: string[],
  rows: ResourceRow[],
  timeZone: string,
) {
  // Memoized by the React Compiler on the view, the zone and the address (TanStack Table wants stable columns).
  const ordered = orderColumns(view.columns as ColumnSpec<ResourceRow>[], visible);
  const columns = ordered.map((spec) =>
    helper.display({
      id: spec.id,
      header: spec.header,
      cell: ({ row }) => renderCell(spec, row.original, timeZone),
      meta: { spec },
    }),
  ) as ColumnDef<typeof features, ResourceRow>[];
  const columnVisibility: ColumnVisibilityState = Object.fromEntries(
    view.columns.map((c) => [c.id, visible.includes(c.id)]),
  );
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row, index) => view.rowKey(row as RecordOf<K>, index),
    state: { columnVisibility },
    onColumnVisibilityChange: (updater) => {
      const next = typeof updater === "function" ? updater(columnVisibility) : updater;
      const ids = view.columns.filter((c) => next[c.id]).map((c) => c.id);
      pushParams((p) => {
        if (ids.join(",") === view.defaultColumns.join(",") || ids.length === 0) p.delete(COLUMNS_PARAM);
        else p.set(COLUMNS_PARAM, ids.join(","));
      });
    },
  });
  return { table, ordered };
}

/** The table a list page draws. */
export type ResourceTableInstance = ReturnType<typeof useResourceTable>["table"];
