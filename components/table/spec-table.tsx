"use client";

import type { ReactNode } from "react";
import { useTimeZone } from "@/components/shell/providers";
import type { ColumnSpec } from "@/lib/ui/views/columns";
import { renderCell } from "./cell";
import { NamesProvider, useNames } from "./names";
import { TableFrame } from "./table-frame";

type Row = Record<string, unknown>;

/**
 * A plain table of rows by column specs (no paging, no chooser): each cell formatted by its kind, ids shown by name,
 * in a scrolling frame. `children` go inside the frame, under the table (loading, empty and "more" notes).
 */
export function SpecTable({
  label,
  columns,
  rows,
  rowKey,
  busy,
  children,
}: {
  label: string;
  columns: ColumnSpec<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  busy?: boolean;
  children?: ReactNode;
}) {
  const timeZone = useTimeZone();
  const names = useNames(columns, rows);
  return (
    <NamesProvider value={names}>
      <TableFrame label={label}>
        <table className="data-table" aria-busy={busy}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.id} scope="col" className={c.numeric ? "numeric" : undefined} title={c.help}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((c) => (
                  <td key={c.id} className={c.numeric ? "numeric" : undefined}>
                    {renderCell(c, row, timeZone)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {children}
      </TableFrame>
    </NamesProvider>
  );
}
