import { TableFrame } from "@/components/table/table-frame";
import type { PreviewJson } from "@/lib/ui/accounting/accounting-client";

/**
 * The first records of the file as it holds them: its header row as the table's header, its rows as they are (an
 * IIF's `SPL` and `ENDTRNS` lines are shorter than its `TRNS` header: their cells are left empty). A file has a
 * dozen columns: on a phone the table scrolls sideways in its frame, the page does not.
 */
export function PreviewTable({
  table,
  format,
  kind,
}: {
  table: PreviewJson["preview"];
  format: string;
  kind: PreviewJson["kind"];
}) {
  const width = Math.max(table.header.length, ...table.rows.map((r) => r.length));
  const pad = (cells: readonly string[]) => [...cells, ...Array<string>(Math.max(0, width - cells.length)).fill("")];
  return (
    <div className="space-y-1">
      <h4 className="text-sm font-semibold">The file&apos;s first rows</h4>
      <TableFrame label={`${format}: the first rows of the file`} className="max-h-96">
        <table className="data-table font-mono text-xs">
          <caption className="sr-only">
            The first {kind === "bills" ? "bills" : "payments"} of the file, a row per line as the file writes it
          </caption>
          <thead>
            <tr>
              {pad(table.header).map((cell, i) => (
                <th key={i} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {pad(row).map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </div>
  );
}
