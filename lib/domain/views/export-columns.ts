import type { ExportColumn } from "@/lib/format/csv";
import { type ColumnSpec, csvText, humanize, rawCsvText } from "./columns";
import { type ListViewSpec, visibleColumns } from "./list-view-spec";

/**
 * The columns a list's CSV writes. By default the screen's: its visible columns in its order, each value as the table
 * shows it in a form spreadsheets read (`csvText`: money in cents, never rounded, days as YYYY-MM-DD). "All API
 * fields" (the export dialog's other choice): every field of the record, exactly as the API sent it (`rawCsvText`).
 * An id the table shows by name is written as the id, headed so ("Customer ID"). The page's download and the
 * scheduled report (`lib/server/views/`) both write with these.
 *
 * @example
 * exportColumns(screenColumns(view, visible), "Europe/Berlin");
 * exportColumns(allFieldColumns(view), "Europe/Berlin", { raw: true });
 */
export function exportColumns(
  columns: readonly ColumnSpec[],
  timeZone: string | undefined,
  { raw = false }: { raw?: boolean } = {},
): ExportColumn[] {
  const text = raw ? rawCsvText : csvText;
  return columns.map((c) => ({
    id: c.id,
    header: c.named ? humanize(c.id) : c.header,
    value: (row: Record<string, unknown>) => text(c, row, timeZone),
  }));
}

/**
 * A view's columns as the screen shows them: the visible ones, in the order the address (or the view's default) lists
 * them.
 *
 * @example
 * screenColumns(LIST_VIEWS.invoices, ["Status", "InvoiceNum"]).map((c) => c.id); // ["Status", "InvoiceNum"]
 */
export function screenColumns(view: Pick<ListViewSpec, "columns">, visible: readonly string[]): ColumnSpec[] {
  const columns = view.columns as ColumnSpec[];
  return visible.flatMap((id) => columns.filter((c) => c.id === id));
}

/**
 * Every field of a view's record, in the record's order: its columns but those the view computes or joins (`derived`).
 *
 * @example
 * allFieldColumns(LIST_VIEWS.retailerInventory).some((c) => c.id === "DaysOfCover"); // false
 */
export function allFieldColumns(view: Pick<ListViewSpec, "columns">): ColumnSpec[] {
  return (view.columns as ColumnSpec[]).filter((c) => !c.derived);
}

/**
 * The export columns of a list view at an address: the screen's (its `columns`, or the default, in that order).
 *
 * @example
 * viewExportColumns(LIST_VIEWS.invoices, new URLSearchParams("columns=InvoiceTotal,InvoiceNum"), "UTC").map((c) => c.id); // ["InvoiceTotal", "InvoiceNum"]
 */
export function viewExportColumns(
  view: ListViewSpec,
  params: URLSearchParams,
  timeZone: string | undefined,
): ExportColumn[] {
  return exportColumns(screenColumns(view, visibleColumns(view, params)), timeZone);
}
