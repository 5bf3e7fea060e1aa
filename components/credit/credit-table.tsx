import Link from "next/link";
import { cardCell } from "@/components/table/card-cell";
import { TableFrame } from "@/components/table/table-frame";
import type { CreditQuery, CreditSort } from "@/lib/domain/credit/input";
import type { CreditRow } from "@/lib/domain/credit/view";
import { pageHref } from "@/lib/domain/page-href";
import { formatMoney, formatQuantity } from "@/lib/format/display";
import { creditHref, creditListHref } from "@/lib/ui/credit/links";
import { isOver, scoreText } from "./credit-figures";

// The staff's credit list, drawn on the server (no JavaScript of its own): a row per AR account with its limit, balance,
// open reorder lists, available credit, the share in use and the score; sortable headers as links that change the
// address's `sort` and `dir` (as Collections' do). On a phone each account is a card (`cardCell`), its name and links
// the title, the figures labelled fields.

interface Column {
  id: string;
  header: string;
  /** What it sorts by, when it does (`CreditQuery`'s sort). */
  sort?: CreditSort;
  /** Its cell's text. */
  text: (row: CreditRow) => string;
}

const money = (value: string | null, none = "—") => (value === null ? none : formatMoney(value));
const usedText = (used: number | null) => (used === null ? "—" : `${formatQuantity(used * 100, 1)}%`);

const COLUMNS: readonly Column[] = [
  { id: "limit", header: "Limit", text: (r) => money(r.limit, "None set") },
  { id: "balance", header: "Balance", sort: "balance", text: (r) => money(r.balance) },
  { id: "openLists", header: "Open lists", text: (r) => money(r.openLists) },
  { id: "available", header: "Available", sort: "available", text: (r) => money(r.available) },
  { id: "used", header: "Used", sort: "used", text: (r) => usedText(r.used) },
  { id: "over60", header: "Over 60 days", sort: "over60", text: (r) => money(r.over60) },
  { id: "score", header: "Score", sort: "score", text: (r) => (r.score === null ? "—" : String(r.score)) },
];

function SortHeader({
  label,
  sort,
  query,
  right,
}: {
  label: string;
  sort: CreditSort;
  query: CreditQuery;
  right: boolean;
}) {
  const current = query.sort === sort;
  // A first press sorts the name A to Z and the figures largest first; a second press turns it round.
  const first = sort === "name" ? "asc" : "desc";
  const dir = current ? (query.dir === "asc" ? "desc" : "asc") : first;
  return (
    <th
      scope="col"
      aria-sort={current ? (query.dir === "asc" ? "ascending" : "descending") : "none"}
      className={`px-2 py-2 align-bottom font-semibold whitespace-normal ${right ? "text-right" : "text-left"}`}
    >
      <Link
        href={`${creditListHref({ ...query, sort, dir, page: 1 })}#credit-list` as never}
        scroll={false}
        prefetch={false}
        className="underline decoration-dotted underline-offset-2 hover:decoration-solid"
      >
        {label}
        <span aria-hidden="true">{current ? (query.dir === "asc" ? " ▲" : " ▼") : ""}</span>
        <span className="sr-only">
          {current ? `, sorted ${query.dir === "asc" ? "ascending" : "descending"}` : ""}, sort
        </span>
      </Link>
    </th>
  );
}

function NameCell({ row, cards }: { row: CreditRow; cards: boolean }) {
  const only = row.customerIds.length === 1 ? row.customerIds[0] : undefined;
  return (
    <th
      scope="row"
      className="min-w-44 px-2 py-1.5 text-left font-normal whitespace-normal"
      {...(cards ? cardCell() : {})}
    >
      {only === undefined ? (
        <span>{row.name}</span>
      ) : (
        <Link href={`/customers/${only}` as never} prefetch={false} className="underline">
          {row.name}
        </Link>
      )}
      <span className="block text-xs text-slate-700 dark:text-slate-300">
        AR account {row.arAccountId} ·{" "}
        <Link href={creditHref(row.arAccountId)} prefetch={false} className="underline">
          Credit<span className="sr-only"> of {row.name}</span>
        </Link>{" "}
        ·{" "}
        <Link href={pageHref.statements({ account: row.arAccountId })} prefetch={false} className="underline">
          Statement<span className="sr-only"> of {row.name}</span>
        </Link>
      </span>
    </th>
  );
}

const CARD_LABELS: Readonly<Record<string, string>> = {
  limit: "Limit",
  balance: "Balance",
  openLists: "Open reorder lists",
  available: "Available",
  used: "Used",
  over60: "Over 60 days",
  score: "Score",
};

function FigureCell({ column, row, cards }: { column: Column; row: CreditRow; cards: boolean }) {
  const over = column.id === "available" && isOver(row.available);
  const card = cards ? cardCell(CARD_LABELS[column.id]) : {};
  const title = column.id === "score" && row.score !== null ? scoreText(row.score) : undefined;
  return (
    <td
      className={`px-2 py-1.5 text-right whitespace-nowrap tabular-nums max-sm:text-left ${over ? "font-semibold text-red-800 dark:text-red-300" : ""}`}
      title={title}
      {...card}
    >
      {column.text(row)}
      {over && <span className="sr-only"> (over the limit)</span>}
    </td>
  );
}

export interface CreditTableProps {
  rows: CreditRow[];
  query: CreditQuery;
  cards: boolean;
  describedBy: string;
}

/** The accounts' table: the name with its links, then the figures, each sortable where it sorts. */
export function CreditTable({ rows, query, cards, describedBy }: CreditTableProps) {
  const sortedBy = query.sort === "name" ? "name" : COLUMNS.find((c) => c.sort === query.sort)?.header.toLowerCase();
  return (
    <TableFrame label="Credit, table">
      <table className={`data-table w-full text-sm ${cards ? "cards" : ""}`} aria-describedby={describedBy}>
        <caption className="sr-only">
          Accounts&apos; credit, {query.dir === "asc" ? "ascending" : "descending"} by {sortedBy}
        </caption>
        <thead className="bg-slate-100 dark:bg-slate-800">
          <tr>
            <SortHeader label="Account" sort="name" query={query} right={false} />
            {COLUMNS.map((column) =>
              column.sort ? (
                <SortHeader key={column.id} label={column.header} sort={column.sort} query={query} right />
              ) : (
                <th key={column.id} scope="col" className="px-2 py-2 text-right align-bottom font-semibold">
                  {column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.arAccountId}
              className="border-t border-slate-200 dark:border-slate-700"
              data-account={row.arAccountId}
            >
              <NameCell row={row} cards={cards} />
              {COLUMNS.map((column) => (
                <FigureCell key={column.id} column={column} row={row} cards={cards} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
