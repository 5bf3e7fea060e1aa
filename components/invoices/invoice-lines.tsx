"use client";

import { useSearchParams } from "next/navigation";
import { renderCell } from "@/components/table/cell";
import { ColumnChooser } from "@/components/table/column-chooser";
import { NamesProvider, useNames } from "@/components/table/names";
import { TableFrame } from "@/components/table/table-frame";
import { useTimeZone } from "@/components/shell/providers";
import { pushParams } from "@/lib/ui/address";
import { type InvoiceLine, LINE_COLUMNS_PARAM, lineColumns, toggledLineColumns, visibleLineColumns } from "@/lib/ui/invoices/line-columns";
import { useKeyScope } from "@/lib/ui/key-scope-context";

interface InvoiceLinesProps {
  lines: InvoiceLine[] | undefined;
  busy: boolean;
  /** A line's certificate of analysis, from the line or from the invoice's certificates. */
  coaOf: (line: InvoiceLine) => string | null | undefined;
}

/**
 * An invoice's lines, every documented field a column: the everyday ones shown, the others a click away in the column
 * chooser, the choice kept in the address (`columns`) so a reload or a shared link shows the same. Ids without a name
 * on the line (the supplier, the customer) are named as on the list pages, only when their column is shown.
 */
export function InvoiceLines({ lines, busy, coaOf }: InvoiceLinesProps) {
  const params = useSearchParams();
  const timeZone = useTimeZone();
  const columns = lineColumns({ keyType: useKeyScope().keyType, coaOf });
  const visible = visibleLineColumns(columns, params.get(LINE_COLUMNS_PARAM));
  const shown = columns.filter((c) => visible.includes(c.id));
  const rows = lines ?? [];
  const names = useNames(shown, rows);
  // The chooser's view of the columns (it is shared with the list pages' TanStack tables). Each change reads the
  // address as it is then, so ticks made before the page follows the last one are all kept.
  const table = {
    getAllLeafColumns: () =>
      columns.map((c) => ({
        id: c.id,
        columnDef: { header: c.header },
        getIsVisible: () => visible.includes(c.id),
        toggleVisibility: (on?: boolean) =>
          pushParams((p) => {
            const next = toggledLineColumns(columns, p.get(LINE_COLUMNS_PARAM), c.id, on ?? !visible.includes(c.id));
            if (next === undefined) p.delete(LINE_COLUMNS_PARAM);
            else p.set(LINE_COLUMNS_PARAM, next);
          }),
      })),
  };

  return (
    <div className="space-y-2">
      <ColumnChooser table={table} />
      <TableFrame label="Invoice lines">
        <NamesProvider value={names}>
          <table className="data-table" aria-busy={busy}>
            <thead>
              <tr>
                {shown.map((c) => (
                  <th key={c.id} scope="col" className={c.numeric ? "numeric" : undefined} title={c.help}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((line, index) => (
                <tr key={`${line.InvoiceTransID ?? "line"}:${index}`}>
                  {shown.map((c) => (
                    <td key={c.id} className={c.numeric ? "numeric" : undefined}>
                      {renderCell(c, line, timeZone)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </NamesProvider>
        {lines && lines.length === 0 && <p className="p-4 text-sm">This invoice has no lines.</p>}
      </TableFrame>
    </div>
  );
}
