"use client";

import type { ReactNode } from "react";
import { useTimeZone } from "@/components/shell/providers";
import type { ColumnSpec } from "@/lib/ui/views/columns";
import { emptyColumns } from "@/lib/ui/views/empty-columns";
import { renderCell } from "./cell";
import { NamesProvider, useNames } from "./names";
import { TableFrame } from "./table-frame";

type Row = Record<string, unknown>;

/**
 * A plain table of rows by column specs (no paging, no chooser): each cell formatted by its kind, ids shown by name,
 * in a scrolling frame. `children` go inside the frame, under the table (loading, empty and "more" notes).
 * `hideEmpty`: a column no row has anything in is not drawn (`emptyColumns`: sparse records, as a list page does).
 * `stack`: on a phone each row is a card, each value labelled by its column's header (`.data-table.stack`).
 */
export function SpecTable({
  label,
  columns,
  rows,
  rowKey,
  busy,
  hideEmpty = false,
  stack = false,
  children,
}: {
  label: string;
  columns: ColumnSpec<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  busy?: boolean;
  hideEmpty?: boolean;
  stack?: boolean;
  children?: ReactNode;
}) {
  const timeZone = useTimeZone();
  const empty = hideEmpty ? emptyColumns(columns, rows) : undefined;
  const drawn = empty?.size ? columns.filter((c) => !empty.has(c.id)) : columns;
  const names = useNames(drawn, rows);
  return (
    <NamesProvider value={names}>
      <TableFrame label={label}>
        <table className={stack ? "data-table stack" : "data-table"} aria-busy={busy}>
          <thead>
            <tr>
              {drawn.map((c) => (
                <th key={c.id} scope="col" className={c.numeric ? "numeric" : undefined} title={c.help}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {drawn.map((c) => (
                  <td
                    key={c.id}
                    className={c.numeric ? "numeric" : undefined}
                    data-label={stack ? c.header : undefined}
                  >
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
