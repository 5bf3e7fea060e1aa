import { MISSING } from "@/lib/format/display";
import { cellText, type ColumnSpec } from "./columns";

/**
 * Whether a row shows nothing in a column: its cell, or the text that stands for it, is MISSING ("—"). A column with
 * a richer cell is judged by what the cell gives, which can say something without the field (a promotion for all
 * products has no ProductIDs).
 */
function showsNothing<R>(column: ColumnSpec<R>, row: R): boolean {
  if (!column.cell) return cellText(column, row) === MISSING;
  const cell = column.cell(row, undefined);
  return cell === MISSING || cell === null || cell === undefined || cell === "";
}

/**
 * The columns that show nothing in any of the rows: every row's cell reads "—". Live records are sparse (field notes:
 * a Supplier key's `/inventory` rows come without Inventory, Received, Loaded, Picked, Delivered and Unsellable), and a
 * table does not draw a column of dashes only; the column chooser still offers it. Decided from the rows shown, so
 * the server's render and the browser's agree and nothing moves when they hydrate; without rows, none.
 *
 * @example
 * emptyColumns(LIST_VIEWS.inventory.columns, supplierRows); // Set { "Inventory", "Received", "Loaded", ... }
 */
export function emptyColumns<R>(columns: readonly ColumnSpec<R>[], rows: readonly R[]): Set<string> {
  if (rows.length === 0) return new Set();
  return new Set(columns.filter((column) => rows.every((row) => showsNothing(column, row))).map((column) => column.id));
}
