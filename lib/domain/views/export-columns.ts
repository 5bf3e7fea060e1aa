import type { ExportColumn } from "@/lib/format/csv";
import { type ColumnSpec, csvText } from "./columns";
import { type ListViewSpec, visibleColumns } from "./list-view-spec";

/**
 * The columns a list's CSV writes: the page's visible ones, figures and timestamps as the API sent them, other values
 * as the table shows them. The page's download and the scheduled report (`lib/server/reports/`) both write with these.
 *
 * @example
 * exportColumns(view.columns.filter((c) => visible.includes(c.id)), "Europe/Berlin");
 */
export function exportColumns(columns: readonly ColumnSpec[], timeZone: string | undefined): ExportColumn[] {
  return columns.map((c) => ({
    id: c.id,
    header: c.header,
    value: (row: Record<string, unknown>) => csvText(c, row, timeZone),
  }));
}

/**
 * The export columns of a list view at an address: its visible columns (the address's `columns`, or the default).
 *
 * @example
 * viewExportColumns(LIST_VIEWS.invoices, new URLSearchParams("columns=InvoiceNum,Total"), "UTC").map((c) => c.id); // ["InvoiceNum", "Total"]
 */
export function viewExportColumns(
  view: ListViewSpec,
  params: URLSearchParams,
  timeZone: string | undefined,
): ExportColumn[] {
  const visible = visibleColumns(view, params);
  return exportColumns(
    (view.columns as ColumnSpec<Record<string, unknown>>[]).filter((c) => visible.includes(c.id)),
    timeZone,
  );
}
