import Link from "next/link";
import { TableFrame } from "@/components/table/table-frame";
import { formatDate, formatMoney, formatQuantity } from "@/lib/format/display";
import type { FigureId } from "@/lib/domain/figures/catalog";
import type { ColumnKind, InsightColumn, InsightTable } from "@/lib/domain/insights/insights-tables";
import { rowsShown, type ShownRows, shownParam } from "@/lib/domain/insights/table-paging";
import { BUTTON } from "@/lib/ui/styles";

// A table of the Insights page, drawn on the server (no JavaScript of its own): its caption, the first `limit` rows
// (or as many as the address's `show` says), "Show more" and "Show all" links under them, and its "Export CSV" link
// (every row, from the same definitions). Sortable columns are links that change the address's `sort` and `dir`.
// While the history reads back, a note says which of its days are still being read (in place of its "none" line when
// it has no row: none may be only not read yet).

/** Past this many rows, a table offers more rows at a time but not all of them at once (the export holds them). */
const ALL_AT_MOST = 500;

/** The page's rows shown per table (the address's `show`), and its address with another `show`. */
export interface TablePaging {
  shown: ShownRows;
  href: (show: string) => string;
}

/** The figure a table's rows show, by its id in the figures' catalogue (`data-figure`), where it is catalogued. */
const TABLE_FIGURE: Partial<Record<string, FigureId>> = {
  products: "sales-by-product",
  retailers: "sales-by-retailer",
  weeks: "sales-by-week",
  suppliers: "sales-by-supplier",
  reps: "sales-by-rep",
  "doors-due": "doors-due",
  distribution: "distribution-by-product",
  health: "account-health",
  "white-space": "white-space",
  leaderboard: "weekly-leaderboard",
  shelf: "shelf-watch",
  promotions: "promotion-lift",
  lines: "distribution-by-line",
};

/** A column whose cells are a figure of their own, beside the table's (the weeks' period before), by table and column. */
const COLUMN_FIGURE: Partial<Record<string, FigureId>> = {
  "weeks previousUnits": "sales-by-week-before",
  "weeks previousRevenue": "sales-by-week-before",
};

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
  paging,
  exportHref,
  sortLinks,
  empty,
  intro,
}: {
  table: InsightTable<R>;
  /** The rows shown at first, and each "Show more" adds (every row when not said). */
  limit?: number;
  paging?: TablePaging;
  exportHref: string;
  sortLinks?: SortLinks;
  empty: string;
  intro?: string;
}) {
  const first = limit ?? table.rows.length;
  const count = paging ? rowsShown(paging.shown, table.id, first, table.rows.length) : first;
  const rows = table.rows.slice(0, count);
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
            data-figure={TABLE_FIGURE[table.id]}
            aria-describedby={table.unread ? `${captionId} ${unreadId}` : captionId}
          >
            <caption className="sr-only">{table.title}</caption>
            <thead className="bg-slate-100 text-left dark:bg-slate-800">
              <tr>
                {table.columns.map((column) => (
                  <HeaderCell
                    key={column.id}
                    column={column}
                    sortLinks={sortLinks}
                    figure={COLUMN_FIGURE[`${table.id} ${column.id}`]}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} id={`${table.id}-row-${i}`} className="border-t border-slate-200 dark:border-slate-700">
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
      {paging && count < table.rows.length && <MoreRows table={table} count={count} step={first} paging={paging} />}
    </div>
  );
}

/**
 * "Show N more" and "Show all": links to the page with more of this table's rows, landing on the first one added (the
 * other tables as they were).
 */
function MoreRows<R>({
  table,
  count,
  step,
  paging,
}: {
  table: InsightTable<R>;
  count: number;
  step: number;
  paging: TablePaging;
}) {
  const total = table.rows.length;
  const next = Math.min(count + step, total);
  const to = (rows: number) => `${paging.href(shownParam(paging.shown, table.id, rows))}#${table.id}-row-${count}`;
  const link = `${BUTTON} inline-flex min-h-11 items-center`;
  return (
    <nav aria-label={`More rows of ${table.title.toLowerCase()}`} className="flex flex-wrap gap-2 text-sm">
      <Link href={to(next) as never} prefetch={false} className={link}>
        Show {next - count} more<span className="sr-only"> of {table.title.toLowerCase()}</span>
      </Link>
      {next < total && total <= ALL_AT_MOST && (
        <Link href={to(total) as never} prefetch={false} className={link}>
          Show all {total.toLocaleString("en-US")}
          <span className="sr-only"> of {table.title.toLowerCase()}</span>
        </Link>
      )}
    </nav>
  );
}

function HeaderCell<R>({
  column,
  sortLinks,
  figure,
}: {
  column: InsightColumn<R>;
  sortLinks: SortLinks | undefined;
  figure?: FigureId;
}) {
  const align = RIGHT.has(column.kind ?? "text") ? "text-right" : "";
  if (!sortLinks || !sortLinks.columns.includes(column.id)) {
    return (
      <th scope="col" className={`px-3 py-2 font-semibold ${align}`} data-figure={figure}>
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
      data-figure={figure}
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
