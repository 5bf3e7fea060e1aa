import Link from "next/link";
import { TableFrame } from "@/components/table/table-frame";
import type { StatementCell, StatementTable } from "@/lib/domain/statements/statement-tables";
import type { FigureId } from "@/lib/domain/figures/catalog";

// One of a statement's tables on its page, drawn on the server from the definitions the PDF draws too
// (`statementTables`): its title, its rows, its bold total; an invoice number links to the invoice's page, a dispute's
// status to the dispute's.

function Cell({ cell }: { cell: StatementCell }) {
  if (cell.href !== undefined)
    return (
      <Link href={cell.href as never} prefetch={false} className="link">
        {cell.text}
      </Link>
    );
  if (cell.invoiceId === undefined) return <>{cell.text}</>;
  return (
    <Link href={`/invoices/${cell.invoiceId}`} prefetch={false} className="link">
      {cell.text}
    </Link>
  );
}

/** The figure each table's total row shows, by its id in the figures' catalogue. */
const TOTAL_FIGURE: Partial<Record<StatementTable["id"], FigureId>> = {
  invoices: "statement-outstanding",
  credits: "statement-credit-left",
  payments: "statement-received",
};

export function StatementTableView({ table }: { table: StatementTable }) {
  const headingId = `statement-${table.id}`;
  const align = (i: number) => (table.columns[i]?.align === "right" ? "text-right tabular-nums" : "");
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-lg font-semibold">
        {table.rows.length === 0 ? table.title.replace(/ \(0\)$/, "") : table.title}
      </h2>
      {table.rows.length === 0 ? (
        <p className="text-sm">{table.empty}</p>
      ) : (
        <TableFrame label={`${table.title.replace(/ \([^)]*\)$/, "")}, table`}>
          <table className="data-table w-full text-sm">
            <caption className="sr-only">{table.title}</caption>
            <thead className="bg-slate-100 text-left dark:bg-slate-800">
              <tr>
                {table.columns.map((column, i) => (
                  <th key={column.header} scope="col" className={`px-3 py-2 font-semibold ${align(i)}`}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, n) => (
                <tr key={n} className="border-t border-slate-200 dark:border-slate-700">
                  {row.map((cell, i) => (
                    <td key={i} className={`whitespace-nowrap px-3 py-1.5 ${align(i)}`}>
                      <Cell cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {table.total && (
              <tfoot className="border-t-2 border-slate-400 font-semibold dark:border-slate-500">
                <tr data-figure={TOTAL_FIGURE[table.id]}>
                  {table.total.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="px-3 py-1.5 text-left">
                        {cell.text}
                      </th>
                    ) : (
                      <td key={i} className={`whitespace-nowrap px-3 py-1.5 ${align(i)}`}>
                        {cell.text}
                      </td>
                    ),
                  )}
                </tr>
              </tfoot>
            )}
          </table>
        </TableFrame>
      )}
    </section>
  );
}
