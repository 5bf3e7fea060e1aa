"use client";

import Link from "next/link";
import { useId, useRef, useState } from "react";
import { RecordLink } from "@/components/table/record-link";
import { TableFrame } from "@/components/table/table-frame";
import { cardCell } from "@/components/table/card-cell";
import { useWholeTable, WholeTableToggle } from "@/components/table/whole-table";
import { compareDecimals } from "@/lib/format/decimal";
import { formatMoneyExact } from "@/lib/format/display";
import { isPlainClick } from "@/lib/ui/address";
import { ROWS_PER_PAGE } from "@/lib/domain/page-of";
import {
  type AccountCustomer,
  accountLabel,
  type AgingLine,
  BUCKETS,
  bucketName,
  CREDIT,
  type Listed,
  listedAmount,
  listedCount,
  listedInvoices,
  rowCount,
  supplierLabel,
} from "@/lib/domain/ar-aging/aging";
import { type AgingListQuery, type AgingSort, firstDirection } from "@/lib/domain/ar-aging/aging-list";
import { AgingChart, type Owner } from "./aging-chart";
import { BucketPanel, type PanelContent } from "./bucket-panel";

type OpenBucket = (line: AgingLine, bucket: Listed, trigger: HTMLElement) => void;

export interface AgingBodyProps {
  /** Rows of the report: every row, whatever the table's page. */
  count: number;
  /** The line of all rows (its longest invoice lists may be left out: `unlisted`). */
  total: AgingLine;
  /** The chart's bars: the largest rows, and how many it leaves out. */
  chart: { shown: AgingLine[]; omitted: number };
  /** The table's page of rows, in the table's order. */
  page: { rows: AgingLine[]; page: number; pages: number };
  query: AgingListQuery;
  /** The report's address with the table's choices changed (a link's href), and the move to it (a plain click). */
  hrefOf: (query: AgingListQuery) => string;
  go: (query: AgingListQuery) => void;
  accountNames: Map<number, AccountCustomer>;
  supplierNames: Map<number, string>;
  busy: boolean;
}

/**
 * The report's chart and table, whichever way its rows were read (live or from the snapshot): the chart of every row
 * (the total's bar, then the largest rows'), the table 50 rows a page, sorted by any column, with the totals of every
 * row in its foot; each amount opens the invoices behind it in a dialog.
 */
export function AgingBody({
  count,
  total,
  chart,
  page,
  query,
  hrefOf,
  go,
  accountNames,
  supplierNames,
  busy,
}: AgingBodyProps) {
  const ids = { chartTitle: useId(), chartNote: useId(), tableTitle: useId(), pages: useId() };
  const [panel, setPanel] = useState<PanelContent>();
  const trigger = useRef<HTMLElement | null>(null);

  const ownerOf = (line: AgingLine): Owner => {
    if (line.total) return { account: "All AR accounts", supplier: rowCount(count), name: "All AR accounts" };
    const account = accountLabel(line.arAccountId, accountNames);
    const supplier = supplierLabel(line.supplierId, supplierNames);
    return { account, supplier, supplierId: line.supplierId ?? undefined, name: `${account}, ${supplier}` };
  };
  const open: OpenBucket = (line, bucket, element) => {
    trigger.current = element;
    setPanel({
      owner: ownerOf(line).name,
      bucket,
      amount: listedAmount(line, bucket),
      invoices: listedInvoices(line, bucket),
      unread: bucket.id === "credit" ? line.credits.unread : 0,
      unlisted: line.unlisted?.[bucket.id],
      rowsOf: line.total
        ? (invoice) => ({
            account: accountLabel(invoice.arAccountId, accountNames),
            supplier: supplierLabel(invoice.supplierId, supplierNames),
            supplierId: invoice.supplierId ?? undefined,
          })
        : undefined,
    });
  };
  const close = () => {
    setPanel(undefined);
    // Back to the segment or amount that opened the panel (unless a refetch has replaced it meanwhile).
    if (trigger.current?.isConnected) trigger.current.focus();
    trigger.current = null;
  };
  const move = (next: AgingListQuery) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    go(next);
  };

  return (
    <>
      <section aria-labelledby={ids.chartTitle} className="space-y-2">
        <h2 id={ids.chartTitle} className="text-lg font-semibold">
          Outstanding by age
        </h2>
        <AgingChart
          total={total}
          bars={chart.shown}
          omitted={chart.omitted}
          rows={count}
          ownerOf={ownerOf}
          onOpen={open}
          describedBy={ids.chartNote}
        />
      </section>
      <section aria-labelledby={ids.tableTitle} className="space-y-2" id="aging-table">
        <h2 id={ids.tableTitle} className="text-lg font-semibold">
          By AR account and supplier
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <p id={ids.pages} className="text-sm text-slate-700 dark:text-slate-300">
            {page.pages > 1
              ? `${rowCount(count)}, ${(page.page - 1) * ROWS_PER_PAGE + 1}–${(page.page - 1) * ROWS_PER_PAGE + page.rows.length} shown (page ${page.page} of ${page.pages}). The totals are of every row.`
              : `${rowCount(count)}.`}
          </p>
          <WholeTableToggle />
        </div>
        <AgingTable
          lines={page.rows}
          count={count}
          total={total}
          query={query}
          hrefOf={hrefOf}
          move={move}
          ownerOf={ownerOf}
          onOpen={open}
          busy={busy}
          describedBy={ids.pages}
          customerOf={(id) => accountNames.get(id)?.customerId}
        />
        {page.pages > 1 && <Pager page={page.page} pages={page.pages} query={query} hrefOf={hrefOf} move={move} />}
      </section>
      <BucketPanel content={panel} onClose={close} />
    </>
  );
}

/** Previous and next, and where the table stands. */
function Pager({
  page,
  pages,
  query,
  hrefOf,
  move,
}: {
  page: number;
  pages: number;
  query: AgingListQuery;
  hrefOf: (q: AgingListQuery) => string;
  move: (q: AgingListQuery) => (e: React.MouseEvent<HTMLAnchorElement>) => void;
}) {
  const to = (p: number) => ({ ...query, page: p });
  return (
    <nav aria-label="Pages of the table" className="flex flex-wrap items-center gap-3 text-sm">
      {page > 1 && (
        <a href={`${hrefOf(to(page - 1))}#aging-table`} onClick={move(to(page - 1))} className="pager-button">
          Previous<span className="sr-only"> page</span>
        </a>
      )}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages && (
        <a href={`${hrefOf(to(page + 1))}#aging-table`} onClick={move(to(page + 1))} className="pager-button">
          Next<span className="sr-only"> page</span>
        </a>
      )}
    </nav>
  );
}

const SORT_NAMES: Record<AgingSort, string> = {
  account: "AR account",
  supplier: "Supplier",
  ...(Object.fromEntries(BUCKETS.map((b) => [b.id, b.label])) as Record<(typeof BUCKETS)[number]["id"], string>),
  credit: "Open credit",
  total: "Total outstanding",
};

/** A column's header: a link that sorts by it (a second press turns the order round). */
function SortHeader({
  sort,
  query,
  hrefOf,
  move,
  numeric,
}: {
  sort: AgingSort;
  query: AgingListQuery;
  hrefOf: (q: AgingListQuery) => string;
  move: (q: AgingListQuery) => (e: React.MouseEvent<HTMLAnchorElement>) => void;
  numeric: boolean;
}) {
  const current = query.sort === sort;
  const dir = current ? (query.dir === "asc" ? "desc" : "asc") : firstDirection(sort);
  const next = { sort, dir, page: 1 } as const;
  return (
    <th
      scope="col"
      className={numeric ? "numeric" : undefined}
      aria-sort={current ? (query.dir === "asc" ? "ascending" : "descending") : "none"}
    >
      <a
        href={`${hrefOf(next)}#aging-table`}
        onClick={move(next)}
        className="underline decoration-dotted underline-offset-2 hover:decoration-solid"
      >
        {SORT_NAMES[sort]}
        <span aria-hidden="true">{current ? (query.dir === "asc" ? " ▲" : " ▼") : ""}</span>
        <span className="sr-only">
          {current ? `, sorted ${query.dir === "asc" ? "ascending" : "descending"}` : ""}, sort
        </span>
      </a>
    </th>
  );
}

/**
 * A page of rows, in the table's order, with a totals row of every row of the report (computed exactly). Bucket
 * amounts are buttons that open their invoices (an empty bucket is plain text: there is nothing to list).
 */
function AgingTable({
  lines,
  count,
  total,
  query,
  hrefOf,
  move,
  ownerOf,
  onOpen,
  busy,
  describedBy,
  customerOf,
}: {
  lines: AgingLine[];
  count: number;
  total: AgingLine;
  query: AgingListQuery;
  hrefOf: (q: AgingListQuery) => string;
  move: (q: AgingListQuery) => (e: React.MouseEvent<HTMLAnchorElement>) => void;
  ownerOf: (line: AgingLine) => Owner;
  onOpen: OpenBucket;
  busy: boolean;
  describedBy: string;
  /** The customer (its id) an AR account belongs to, when known: the account's name links to it. */
  customerOf: (arAccountId: number) => number | undefined;
}) {
  const totalOwner = ownerOf(total);
  // On a phone each row is a card: the account, its supplier, every bucket, the credit and the total (`cardCell`).
  const cards = !useWholeTable();
  const header = (sort: AgingSort, numeric = true) => (
    <SortHeader key={sort} sort={sort} query={query} hrefOf={hrefOf} move={move} numeric={numeric} />
  );
  return (
    <TableFrame label={"AR aging table"}>
      <table className={cards ? "data-table cards" : "data-table"} aria-busy={busy} aria-describedby={describedBy}>
        <caption className="sr-only">
          AR aging by AR account and supplier, {query.dir === "asc" ? "ascending" : "descending"} by{" "}
          {SORT_NAMES[query.sort].toLowerCase()}, with the totals of every row
        </caption>
        <thead>
          <tr>
            {header("account", false)}
            {header("supplier", false)}
            {BUCKETS.map((b) => header(b.id))}
            {header("credit")}
            {header("total")}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const owner = ownerOf(line);
            const customerId = line.arAccountId === undefined ? undefined : customerOf(line.arAccountId);
            return (
              <tr key={line.key} data-figure="aging-line">
                {/* Names wrap (the figures do not), so that every column, Total last, fits a laptop's width. */}
                <th scope="row" className="min-w-36 font-normal whitespace-normal" {...cardCell()}>
                  {customerId !== undefined ? (
                    <Link className="link" prefetch={false} href={`/customers/${customerId}` as never}>
                      {owner.account}
                    </Link>
                  ) : (
                    owner.account
                  )}
                </th>
                <td className="min-w-32 whitespace-normal" {...cardCell("Supplier")}>
                  <RecordLink kind="SupplierIDs" id={owner.supplierId}>
                    {owner.supplier}
                  </RecordLink>
                </td>
                {BUCKETS.map((b) => (
                  <td key={b.id} className="numeric" {...cardCell(b.label)}>
                    <BucketAmount line={line} owner={owner} bucket={b} onOpen={onOpen} />
                  </td>
                ))}
                <td className="numeric" {...cardCell(CREDIT.label)}>
                  <BucketAmount line={line} owner={owner} bucket={CREDIT} onOpen={onOpen} />
                </td>
                <td className="numeric font-semibold" {...cardCell("Total")}>
                  {formatMoneyExact(line.amounts.total)}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="font-semibold [&>*]:border-t-2 [&>*]:border-t-slate-500">
            <th scope="row" colSpan={2} {...cardCell()}>
              Total, {rowCount(count)}
            </th>
            {BUCKETS.map((b) => (
              <td key={b.id} className="numeric" {...cardCell(b.label)}>
                <BucketAmount line={total} owner={totalOwner} bucket={b} onOpen={onOpen} />
              </td>
            ))}
            <td className="numeric" {...cardCell(CREDIT.label)}>
              <BucketAmount line={total} owner={totalOwner} bucket={CREDIT} onOpen={onOpen} />
            </td>
            <td className="numeric" data-testid="aging-total" {...cardCell("Total")}>
              {formatMoneyExact(total.amounts.total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </TableFrame>
  );
}

/**
 * A bucket's amount (or the open credit) in the table: a button naming the row, the bucket, the amount and the
 * invoices behind it.
 */
function BucketAmount({
  line,
  owner,
  bucket,
  onOpen,
}: {
  line: AgingLine;
  owner: Owner;
  bucket: Listed;
  onOpen: OpenBucket;
}) {
  const amount = listedAmount(line, bucket);
  const invoices = listedCount(line, bucket);
  const unread = bucket.id === "credit" ? line.credits.unread : 0;
  if (invoices === 0 && unread === 0 && compareDecimals(amount, "0") === 0)
    return <span className="text-slate-600 dark:text-slate-400">{formatMoneyExact(amount)}</span>;
  const name = bucketName(owner.name, bucket, amount, invoices);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={name}
      title={name}
      onClick={(event) => onOpen(line, bucket, event.currentTarget)}
      className="link cursor-pointer tabular-nums"
    >
      {formatMoneyExact(amount)}
    </button>
  );
}
