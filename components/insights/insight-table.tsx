import Link from "next/link";
import { TableFrame } from "@/components/table/table-frame";
import { formatDate, formatMoney, formatQuantity } from "@/lib/format/display";
import type { ColumnKind, InsightColumn, InsightTable } from "@/lib/domain/insights/insights-tables";

// A table of the Insights page, drawn on the server (no JavaScript of its own): its caption, the first `limit` rows,
// the count of the rest, and its "Export CSV" link (every row, from the same definitions). Sortable columns are links
// that change the address's `sort` and `dir`. While the history reads back, a note says which of its days are still
// being read (in place of its "none" line when it has no row: none may be only not read yet).

const RIGHT: ReadonlySet<ColumnKind> = new Set(["id", "count", "rate", "money", "percent"]);

function shown(kind: ColumnKind | undefined, text: string): string {
  if (text === "") return "—";
  switch (kind) {
    case "money":
      return formatMoney(text);
    case "count":
      return formatQuantity(text);
    case "rate":
      return formatQuantity(text, 2);
    case "day":
      return formatDate(text);
    default:
      return text;
  }
}

export interface SortLinks {
  /** Column ids that sort. */
  columns: readonly string[];
  sort: string;
  dir: "asc" | "desc";
  /** The page's address with another sort. */
  href: (sort: string, dir: "asc" | "desc") => string;
}

export function InsightTableView<R>({
  table,
  limit,
  exportHref,
  sortLinks,
  empty,
  intro,
}: {
  table: InsightTable<R>;
  limit?: number;
  exportHref: string;
  sortLinks?: SortLinks;
  empty: string;
  intro?: string;
}) {
  const rows = limit === undefined ? table.rows : table.rows.slice(0, limit);
  const captionId = `${table.id}-caption`;
  const unreadId = `${table.id}-unread`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p id={captionId} className="text-sm text-slate-700 dark:text-slate-300">
          {intro ? `${intro} ` : ""}
          {table.rows.length === 0
            ? ""
            : rows.length < table.rows.length
              ? `The first ${rows.length} of ${table.rows.length.toLocaleString("en-US")} rows; the export holds them all.`
              : `${table.rows.length.toLocaleString("en-US")} ${table.rows.length === 1 ? "row" : "rows"}.`}
        </p>
        {table.rows.length > 0 && (
          <a
            href={exportHref}
            download
            className="rounded border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800"
          >
            Export CSV<span className="sr-only"> of {table.title.toLowerCase()}</span>
          </a>
        )}
      </div>
      {table.unread && table.rows.length > 0 && (
        <p
          id={unreadId}
          role="note"
          className="max-w-3xl rounded border border-sky-700 bg-sky-50 p-3 text-sm dark:border-sky-400 dark:bg-sky-950"
        >
          {table.unread}
        </p>
      )}
      {table.rows.length === 0 ? (
        <p className="rounded border border-dashed border-slate-400 p-4 text-sm">{table.unread ?? empty}</p>
      ) : (
        <TableFrame label={`${table.title}, table`}>
          <table
            className="data-table w-full text-sm"
            aria-describedby={table.unread ? `${captionId} ${unreadId}` : captionId}
          >
            <caption className="sr-only">{table.title}</caption>
            <thead className="bg-slate-100 text-left dark:bg-slate-800">
              <tr>
                {table.columns.map((column) => (
                  <HeaderCell key={column.id} column={column} sortLinks={sortLinks} />
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className="border-t border-slate-200 dark:border-slate-700">
                  {table.columns.map((column) => (
                    <td
                      key={column.id}
                      className={`px-3 py-1.5 ${column.id === "missing" ? "min-w-72 whitespace-normal" : "whitespace-nowrap"} ${RIGHT.has(column.kind ?? "text") ? "text-right tabular-nums" : ""}`}
                    >
                      {shown(column.kind, column.value(row))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  );
}

function HeaderCell<R>({ column, sortLinks }: { column: InsightColumn<R>; sortLinks: SortLinks | undefined }) {
  const align = RIGHT.has(column.kind ?? "text") ? "text-right" : "";
  if (!sortLinks || !sortLinks.columns.includes(column.id)) {
    return (
      <th scope="col" className={`px-3 py-2 font-semibold ${align}`}>
        {column.header}
      </th>
    );
  }
  const current = sortLinks.sort === column.id;
  // A first press sorts text A to Z and figures largest first; a second press turns it round.
  const first = column.kind === "text" || column.kind === undefined ? "asc" : "desc";
  const next = current ? (sortLinks.dir === "asc" ? "desc" : "asc") : first;
  return (
    <th
      scope="col"
      aria-sort={current ? (sortLinks.dir === "asc" ? "ascending" : "descending") : "none"}
      className={`px-3 py-2 font-semibold ${align}`}
    >
      <Link
        href={sortLinks.href(column.id, next) as never}
        scroll={false}
        prefetch={false}
        className="underline decoration-dotted underline-offset-2 hover:decoration-solid"
      >
        {column.header}
        <span aria-hidden="true">{current ? (sortLinks.dir === "asc" ? " ▲" : " ▼") : ""}</span>
        <span className="sr-only">
          {current ? `, sorted ${sortLinks.dir === "asc" ? "ascending" : "descending"}` : ""}, sort
        </span>
      </Link>
    </th>
  );
}
