import Link from "next/link";
import { cardCell } from "@/components/table/card-cell";
import { TableFrame } from "@/components/table/table-frame";
import { formatDate, formatMoney, formatQuantity } from "@/lib/format/display";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import {
  type CollectionColumn,
  type CollectionsQuery,
  collectionsHref,
  COLUMNS,
  overLimit,
} from "@/lib/domain/collections/collections-list";
import { requireDecimal, toDecimalString } from "@/lib/format/decimal";
import { storeDisputesHref } from "@/lib/domain/disputes/digest";
import { pageHref } from "@/lib/domain/page-href";
import type { FigureId } from "@/lib/domain/figures/catalog";
import { CardOnlyCells } from "./collections-card-cells";

// The Collections page's table, drawn on the server (no JavaScript of its own): the page's columns of `COLUMNS` (the CSV
// has them all), sortable headers as links that change the address's `sort` and `dir`; the customer linked to its page
// when the account holds one, under it the AR account and its statement; the agent's email as a mail link; the days
// since the last payment under its date. At a desk the customer's name, the agent and the days since wrap, so every
// column fits a laptop's 1,366 px. On a phone each account is a card (`cardCell`, as the other lists): the
// account with its statement, its worst bucket, total outstanding, unapplied payments, agent, last payment and its
// store's people to write to, and what is left of its credit limit; the whole table a tap away (`?table=whole`). The worst bucket and the people are the
// cards' own cells (`CardOnlyCells`), never drawn at a desk.

const SHOWN = COLUMNS.filter((c) => c.page);
/** What each column's cell is in a card: a labelled field; the customer is the card's title, the others whole table only. */
const CARD_LABELS: Readonly<Record<string, string>> = {
  total: "Total outstanding",
  unapplied: "Unapplied payments",
  agentName: "Collection agent",
  lastPayment: "Last payment",
  available: "Credit available",
};
/**
 * Where a field stands in a card's grid (`order`, under 640 px only): the title first, then the worst bucket
 * (`CardOnlyCells`, 1), the hold and the total, the payments and the agent, the people across the card last (4).
 */
const CARD_ORDER: Readonly<Record<string, string>> = {
  onHold: "max-sm:order-2",
  total: "max-sm:order-2",
  available: "max-sm:order-2",
  unapplied: "max-sm:order-3",
  agentName: "max-sm:order-3",
  lastPayment: "max-sm:order-3",
};

const RIGHT = new Set(["id", "count", "money"]);

/** The figure a column's cells show, by its id in the figures' catalogue (`data-figure`). */
const COLUMN_FIGURE: Readonly<Record<string, FigureId>> = {
  over30: "account-past-due",
  over60: "account-past-due",
  over90: "account-past-due",
  openCredit: "collections-open-credit",
  unapplied: "collections-unapplied",
};

function cellText(column: CollectionColumn, row: CollectionRow): string {
  const text = column.value(row);
  if (text === "") return "—";
  if (column.kind === "money") return formatMoney(text);
  if (column.kind === "count") return formatQuantity(text);
  if (column.kind === "day") return formatDate(text);
  return text;
}

/** A cell's part in a card (none for the whole table, or a column a card leaves out). */
function cardOf(column: CollectionColumn, row: CollectionRow, cards: boolean) {
  if (!cards) return {};
  if (column.id === "name") return cardCell();
  // An account on hold says so in its card; one that is not leaves the line out.
  if (column.id === "onHold") return row.onHold ? cardCell("On hold") : {};
  const label = CARD_LABELS[column.id];
  return label ? cardCell(label) : {};
}

function Cell({ column, row, cards }: { column: CollectionColumn; row: CollectionRow; cards: boolean }) {
  const align = RIGHT.has(column.kind) ? "text-right tabular-nums" : "";
  const card = cardOf(column, row, cards);
  // In a card every value is left-aligned and wraps (the utilities here outrank the cards' own rules).
  const later = cards ? `${CARD_ORDER[column.id] ?? ""} max-sm:text-left max-sm:whitespace-normal` : "";
  if (column.id === "name") {
    const only = row.customerIds.length === 1 ? row.customerIds[0] : undefined;
    return (
      <th scope="row" className="min-w-44 px-2 py-1.5 text-left font-normal whitespace-normal" {...card}>
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
        {row.disputed && (
          // Apart from the figures, which stay the aging's: the order ranks them net of it.
          <span className="block text-xs font-semibold" data-testid="collections-in-dispute">
            {only === undefined ? (
              `${formatMoney(row.disputed.disputed)} in dispute`
            ) : (
              <Link href={storeDisputesHref(only)} prefetch={false} className="underline">
                {formatMoney(row.disputed.disputed)} in dispute<span className="sr-only"> at {row.name}</span>
              </Link>
            )}
          </span>
        )}
      </th>
    );
  }
  if (column.id === "lastPayment" && row.lastPayment) {
    return (
      <td className={`px-2 py-1.5 whitespace-nowrap ${later}`} {...card}>
        {formatDate(row.lastPayment)}
        <span className="block text-xs whitespace-normal text-slate-700 dark:text-slate-300">
          {row.daysSince === null
            ? ""
            : `${formatQuantity(String(row.daysSince))} ${row.daysSince === 1 ? "day" : "days"} before the close`}
        </span>
      </td>
    );
  }
  if (column.id === "agentName" && row.agentEmail) {
    return (
      <td className={`min-w-24 px-2 py-1.5 whitespace-normal ${later}`} {...card}>
        <a href={`mailto:${row.agentEmail}`} className="underline">
          {row.agentName ?? row.agentEmail}
        </a>
      </td>
    );
  }
  if (column.id === "available") return <CreditCell row={row} later={later} card={card} />;
  if (column.id === "onHold") {
    return (
      <td
        className={`px-2 py-1.5 whitespace-nowrap ${later} ${row.onHold ? "font-semibold text-red-800 dark:text-red-300" : ""}`}
        {...card}
      >
        {row.onHold ? "On hold" : "No"}
      </td>
    );
  }
  return (
    <td className={`px-2 py-1.5 whitespace-nowrap ${align} ${later}`} data-figure={COLUMN_FIGURE[column.id]} {...card}>
      {cellText(column, row)}
    </td>
  );
}

/**
 * What is left of the account's credit limit, the figure the sort orders by, over its limit said in words (and in
 * colour beside them); the limit and the open reorder lists it counts under it. "No limit" where none is set; a dash
 * where the credit was not read.
 */
function CreditCell({ row, later, card }: { row: CollectionRow; later: string; card: ReturnType<typeof cardOf> }) {
  const credit = row.credit;
  const over = overLimit(row);
  const lists =
    credit && credit.openListCount > 0
      ? `, after ${formatMoney(credit.openLists)} in ${credit.openListCount === 1 ? "a reorder list" : `${credit.openListCount} reorder lists`}`
      : "";
  return (
    <td
      className={`px-2 py-1.5 text-right whitespace-normal tabular-nums ${later}`}
      data-testid="collections-credit"
      {...card}
    >
      {!credit ? (
        <span title="The credit could not be read">
          —<span className="sr-only"> (the credit could not be read)</span>
        </span>
      ) : credit.limit === null || credit.available === null ? (
        "No limit"
      ) : (
        <>
          <span className={over ? "font-semibold text-red-800 dark:text-red-300" : ""}>
            {over
              ? `Over the limit by ${formatMoney(toDecimalString(-requireDecimal(credit.available), 2))}`
              : formatMoney(credit.available)}
          </span>
          <span className="block text-xs whitespace-normal text-slate-700 dark:text-slate-300">
            {`of ${formatMoney(credit.limit)}${lists}`}
          </span>
        </>
      )}
    </td>
  );
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
  const first = column.first ?? (column.kind === "text" ? "asc" : "desc");
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
  /** Each account a card on a phone (the address asks for no whole table); at 640 px and up the table is whole. */
  cards: boolean;
  /** The caption's id (the table is described by the count above it). */
  describedBy: string;
}

export function CollectionsTable({ rows, query, cards, describedBy }: CollectionsTableProps) {
  return (
    <TableFrame label="Collections, table">
      <table className={`data-table w-full text-sm ${cards ? "cards" : ""}`} aria-describedby={describedBy}>
        <caption className="sr-only">
          Accounts to collect, {query.dir === "asc" ? "ascending" : "descending"} by{" "}
          {COLUMNS.find((c) => c.id === query.sort)?.header.toLowerCase()}
        </caption>
        <thead className="bg-slate-100 dark:bg-slate-800">
          <tr>
            {SHOWN.map((column) => (
              <HeaderCell key={column.id} column={column} query={query} />
            ))}
            {cards && <CardOnlyCells.Headers />}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.arAccountId} className="border-t border-slate-200 dark:border-slate-700">
              {SHOWN.map((column) => (
                <Cell key={column.id} column={column} row={row} cards={cards} />
              ))}
              {cards && <CardOnlyCells row={row} />}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
