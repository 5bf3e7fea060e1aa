"use client";

import type { CardPart } from "@/lib/ui/views/card-columns";
import type { ColumnSpec } from "@/lib/ui/views/columns";
import type { ResourceTableInstance } from "./use-resource-table";

interface ResourceTableGridProps {
  table: ResourceTableInstance;
  /** The list's title, named in the caption with the page. */
  title: string;
  page: number;
  /** The columns no row of the page has anything in: not drawn. */
  empty: ReadonlySet<string>;
  /** On a phone: each column's part of the row's card; none for the whole table. */
  card: Map<string, CardPart> | undefined;
  /** The columns shown, for the skeleton rows. */
  visible: string[];
  pending: boolean;
  fetching: boolean;
  /** Whether the columns' help is drawn under the table. */
  helped: boolean;
}

const specOf = (columnDef: { meta?: unknown }) => (columnDef.meta as { spec: ColumnSpec } | undefined)?.spec;

/** The table itself: its header, then skeleton rows while the first page comes, then the page's rows. */
export function ResourceTableGrid(props: ResourceTableGridProps) {
  const { table, title, page, empty, card, visible, pending, fetching, helped } = props;
  return (
    <table
      className={card ? "data-table cards" : "data-table"}
      aria-busy={fetching}
      aria-describedby={helped ? "column-help" : undefined}
    >
      <caption className="sr-only">
        {title}, page {page}
      </caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers
              .filter((header) => !empty.has(header.column.id))
              .map((header) => {
                const spec = specOf(header.column.columnDef);
                return (
                  <th key={header.id} scope="col" className={spec?.numeric ? "numeric" : undefined} title={spec?.help}>
                    <table.FlexRender header={header} />
                  </th>
                );
              })}
          </tr>
        ))}
      </thead>
      <tbody>
        {pending
          ? Array.from({ length: 8 }, (_, i) => (
              <tr key={i} aria-hidden="true">
                {visible.map((id) => (
                  <td key={id} data-card={card?.get(id)}>
                    <span className="skeleton" />
                  </td>
                ))}
              </tr>
            ))
          : table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row
                  .getVisibleCells()
                  .filter((cell) => !empty.has(cell.column.id))
                  .map((cell) => {
                    const spec = specOf(cell.column.columnDef);
                    return (
                      <td
                        key={cell.id}
                        className={
                          spec?.numeric
                            ? "numeric"
                            : spec?.wrap === "name"
                              ? "wrap-name"
                              : spec?.kind === "list" || spec?.wrap
                                ? "wrap"
                                : undefined
                        }
                        data-label={card && spec?.header}
                        data-card={card?.get(cell.column.id)}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
              </tr>
            ))}
      </tbody>
    </table>
  );
}
