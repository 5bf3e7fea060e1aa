import Link from "next/link";
import { TableFrame } from "@/components/table/table-frame";
import { formatDate, formatMoney, formatQuantity } from "@/lib/format/display";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import {
  type CollectionColumn,
  type CollectionsQuery,
  collectionsHref,
  COLUMNS,
} from "@/lib/domain/collections/collections-list";
import { pageHref } from "@/lib/domain/page-href";

// The Collections page's table, drawn on the server (no JavaScript of its own): the page's columns of `COLUMNS` (the CSV
// has them all), sortable headers as links that change the address's `sort` and `dir`; the customer linked to its page
// when the account holds one, under it the AR account and its statement; the agent's email as a mail link; the days
// since the last payment under its date.

const SHOWN = COLUMNS.filter((c) => c.page);
const RIGHT = new Set(["id", "count", "money"]);

function cellText(column: CollectionColumn, row: CollectionRow): string {
  const text = column.value(row);
  if (text === "") return "—";
  if (column.kind === "money") return formatMoney(text);
  if (column.kind === "count") return formatQuantity(text);
  if (column.kind === "day") return formatDate(text);
  return text;
}

function Cell({ column, row }: { column: CollectionColumn; row: CollectionRow }) {
  const align = RIGHT.has(column.kind) ? "text-right tabular-nums" : "";
  if (column.id === "name") {
    const only = row.customerIds.length === 1 ? row.customerIds[0] : undefined;
    return (
      <th scope="row" className="px-2 py-1.5 text-left font-normal whitespace-nowrap">
        {only === undefined ? (
          <span title={row.customerNames.join("; ") || undefined}>{row.name}</span>
        ) : (
          <Link href={`/customers/${only}` as never} prefetch={false} className="underline">
            {row.name}
          </Link>
        )}
        <span className="block text-xs text-slate-700 dark:text-slate-300">
          AR account {row.arAccountId} ·{" "}
          <Link href={pageHref.statements({ account: row.arAccountId })} prefetch={false} className="underline">
            Statement<span className="sr-only"> of {row.name}</span>
          </Link>
        </span>
      </th>
    );
  }
  if (column.id === "lastPayment" && row.lastPayment) {
    return (
      <td className="px-2 py-1.5 whitespace-nowrap">
        {formatDate(row.lastPayment)}
        <span className="block text-xs text-slate-700 dark:text-slate-300">
          {row.daysSince === null
            ? ""
            : `${formatQuantity(String(row.daysSince))} ${row.daysSince === 1 ? "day" : "days"} before the close`}
        </span>
      </td>
    );
  }
  if (column.id === "agentName" && row.agentEmail) {
    return (
      <td className="px-2 py-1.5 whitespace-nowrap">
        <a href={`mailto:${row.agentEmail}`} className="underline">
          {row.agentName ?? row.agentEmail}
        </a>
      </td>
    );
  }
  if (column.id === "onHold") {
    return (
      <td
        className={`px-2 py-1.5 whitespace-nowrap ${row.onHold ? "font-semibold text-red-800 dark:text-red-300" : ""}`}
      >
        {row.onHold ? "On hold" : "No"}
      </td>
    );
  }
  return <td className={`px-2 py-1.5 whitespace-nowrap ${align}`}>{cellText(column, row)}</td>;
}

function HeaderCell({ column, query }: { column: CollectionColumn; query: CollectionsQuery }) {
  const align = RIGHT.has(column.kind) ? "text-right" : "text-left";
  if (!column.order) {
    return (
      <th scope="col" className={`px-2 py-2 align-bottom font-semibold whitespace-normal ${align}`}>
        {column.header}
      </th>
    );
  }
  const current = query.sort === column.id;
  // A first press sorts text A to Z and figures largest first; a second press turns it round.
  const first = column.kind === "text" ? "asc" : "desc";
  const dir = current ? (query.dir === "asc" ? "desc" : "asc") : first;
  return (
    <th
      scope="col"
      aria-sort={current ? (query.dir === "asc" ? "ascending" : "descending") : "none"}
      className={`px-2 py-2 align-bottom font-semibold whitespace-normal ${align}`}
    >
      <Link
        href={`${collectionsHref({ ...query, sort: column.id, dir, page: 1 })}#collections-list` as never}
        scroll={false}
        prefetch={false}
        className="underline decoration-dotted underline-offset-2 hover:decoration-solid"
      >
        {column.header}
        <span aria-hidden="true">{current ? (query.dir === "asc" ? " ▲" : " ▼") : ""}</span>
        <span className="sr-only">
          {current ? `, sorted ${query.dir === "asc" ? "ascending" : "descending"}` : ""}, sort
        </span>
      </Link>
    </th>
  );
}

export interface CollectionsTableProps {
  rows: CollectionRow[];
  query: CollectionsQuery;
  /** The caption's id (the table is described by the count above it). */
  describedBy: string;
}

export function CollectionsTable({ rows, query, describedBy }: CollectionsTableProps) {
  return (
    <TableFrame label="Collections, table">
      <table className="data-table w-full text-sm" aria-describedby={describedBy}>
        <caption className="sr-only">
          Accounts to collect, {query.dir === "asc" ? "ascending" : "descending"} by{" "}
          {COLUMNS.find((c) => c.id === query.sort)?.header.toLowerCase()}
        </caption>
        <thead className="bg-slate-100 dark:bg-slate-800">
          <tr>
            {SHOWN.map((column) => (
              <HeaderCell key={column.id} column={column} query={query} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.arAccountId} className="border-t border-slate-200 dark:border-slate-700">
              {SHOWN.map((column) => (
                <Cell key={column.id} column={column} row={row} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
