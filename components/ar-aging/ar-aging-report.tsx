"use client";

import { StaleNote } from "@/components/table/stale-note";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useId, useMemo, useRef, useState } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { FilterBar } from "@/components/table/filter-bar";
import { RequestError } from "@/components/table/request-error";
import { pushParams } from "@/lib/ui/address";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { compareDecimals } from "@/lib/format/decimal";
import { formatDateTime, formatMoney } from "@/lib/format/display";
import { apiQueryOptions, STALE } from "@/lib/ui/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { filtersOf } from "@/lib/ui/views/filters";
import {
  accountCustomers,
  accountsFromOpenInvoices,
  accountInvoices,
  accountLabel,
  type AgingLine,
  BUCKETS,
  bucketName,
  byOutstanding,
  CREDIT,
  largestLines,
  linesOf,
  type Listed,
  listedAmount,
  listedInvoices,
  nameMap,
  newestUpdate,
  rowCount,
  supplierLabel,
  totalLine,
} from "@/lib/ui/ar-aging/aging";
import { AgingChart, type Owner } from "./aging-chart";
import { BucketPanel, type PanelContent } from "./bucket-panel";
import { accountsRequest } from "@/lib/ui/payments/requests";
import { RecordLink } from "@/components/table/record-link";
import { accountInvoicesRequest, AGING_PAGE_SIZE, AGING_STALE, agingRequest, customersLookup, LOOKUP_STALE, suppliersLookup } from "@/lib/ui/ar-aging/requests";
import { TableFrame } from "@/components/table/table-frame";

/** The report's filters: every parameter of listArAging but paging (customers, suppliers, states). */
const filters = filtersOf(OPERATION_META.listArAging);
/** None of the filters has an API default: empty means every row the key may see. */
const noDefault = () => undefined;

type OpenBucket = (line: AgingLine, bucket: Listed, trigger: HTMLElement) => void;

/**
 * The AR aging report, like an accounting package's aging summary: when it was calculated, a stacked bar chart of the
 * buckets (all rows, then the 25 largest rows), and a table of every row with exact totals. Every bucket amount, in
 * the chart and in the table, opens the invoices behind it. The filters live in the URL, as on every list page; the
 * first answer comes hydrated from the server.
 */
export function ArAgingReport() {
  const params = useSearchParams();
  const timeZone = useTimeZone();
  const ids = { chartTitle: useId(), chartNote: useId(), tableTitle: useId() };
  const query = useQuery({ ...apiQueryOptions(browserApi, agingRequest(params), AGING_STALE), placeholderData: keepPreviousData });
  // Names only: a lookup that fails leaves ids ("AR account 123"), never an error on the page.
  const customers = useQuery({ ...apiQueryOptions(browserApi, customersLookup, LOOKUP_STALE), retry: false });
  const suppliers = useQuery({ ...apiQueryOptions(browserApi, suppliersLookup, LOOKUP_STALE), retry: false });
  const records = query.data?.records;
  const report = useMemo(() => {
    const lines = byOutstanding(linesOf(records ?? []));
    return { lines, total: totalLine(lines), chart: largestLines(lines), asOf: newestUpdate(records ?? []), picked: accountInvoices(records ?? []) };
  }, [records]);
  const customersById = useMemo(() => nameMap(customers.data?.records, "CustomerID", "CustomerName"), [customers.data]);
  // An aging row names no customer. The key's open invoices do, when their list is whole (read beside the aging, so
  // the names come with it); otherwise one invoice per AR account does (in one request, once the aging is known).
  const openInvoices = useQuery({ ...apiQueryOptions(browserApi, accountsRequest, STALE.working), retry: false });
  const fromOpen = useMemo(
    () => accountsFromOpenInvoices(openInvoices.data?.records, openInvoices.data !== undefined && !openInvoices.data.paging?.hasNextPage, customersById, report.picked.values()),
    [openInvoices.data, customersById, report.picked],
  );
  const namesRequest = fromOpen ? undefined : accountInvoicesRequest(report.picked.keys());
  const invoices = useQuery({
    ...apiQueryOptions(browserApi, namesRequest ?? { operation: "listInvoices" }, AGING_STALE),
    enabled: namesRequest !== undefined && !openInvoices.isPending,
    retry: false,
    // While new filters' names load, the previous answer still names the accounts both reports share.
    placeholderData: keepPreviousData,
  });
  const [panel, setPanel] = useState<PanelContent>();
  const trigger = useRef<HTMLElement | null>(null);

  const accountNames = useMemo(() => fromOpen ?? accountCustomers(report.picked, invoices.data?.records, customersById), [fromOpen, report.picked, invoices.data, customersById]);
  const supplierNames = useMemo(() => nameMap(suppliers.data?.records, "SupplierID", "Supplier"), [suppliers.data]);

  const ownerOf = (line: AgingLine): Owner => {
    if (line.total) return { account: "All AR accounts", supplier: rowCount(report.lines.length), name: "All AR accounts" };
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
      rowsOf: line.total ? (invoice) => ({ account: accountLabel(invoice.arAccountId, accountNames), supplier: supplierLabel(invoice.supplierId, supplierNames), supplierId: invoice.supplierId ?? undefined }) : undefined,
    });
  };
  const close = () => {
    setPanel(undefined);
    // Back to the segment or amount that opened the panel (unless a refetch has replaced it meanwhile).
    if (trigger.current?.isConnected) trigger.current.focus();
    trigger.current = null;
  };

  const values = Object.fromEntries(filters.map((f) => [f.name, params.get(f.name) ?? undefined]));
  const filtered = Object.values(values).some(Boolean);
  const setFilter = (name: string, value: string | undefined) =>
    pushParams((p) => {
      if (value === undefined) p.delete(name);
      else p.set(name, value);
      // The report always asks for the first 500 rows: paging in the address would mean nothing.
      p.delete("Page");
      p.delete("PageSize");
    });
  const clearFilters = () => pushParams((p) => filters.forEach((f) => p.delete(f.name)));

  let body: React.ReactNode;
  if (query.error && !query.data) {
    body = <RequestError error={query.error} onRetry={() => void query.refetch()} what="AR aging" />;
  } else if (query.isPending) {
    body = (
      <div aria-busy="true" className="space-y-3">
        <p>Loading AR aging…</p>
        <span className="skeleton h-48 w-full" />
      </div>
    );
  } else {
    const { lines, total, chart, asOf } = report;
    body = (
      <>
        {query.error && <RequestError error={query.error} onRetry={() => void query.refetch()} what="AR aging" />}
        <div className="rounded border border-slate-300 p-3 text-sm dark:border-slate-700">
          <p className="font-semibold">{asOf ? `As of end of day ${formatDateTime(asOf, timeZone)}` : "As of the last end-of-day recalculation"}</p>
          <p className="text-slate-700 dark:text-slate-300">
            The Data API recalculates AR aging once a day, at the end of the day: invoices and payments since then are not in these figures yet.
            {asOf && ` Times are in ${timeZone}.`}
          </p>
        </div>
        {query.data?.paging?.hasNextPage && (
          <p className="rounded border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            This report covers the first {AGING_PAGE_SIZE} rows only: the API has more, and the chart, the table and their totals leave them out. Filter by
            customer, supplier or state for a complete report.
          </p>
        )}
        {lines.length === 0 ? (
          <div className="rounded border border-slate-300 p-6 text-center text-sm dark:border-slate-700">
            <p className="font-semibold">No AR aging for these filters.</p>
            <p className="mt-1">AR aging lists the AR accounts with an open balance at the last end-of-day recalculation.</p>
            {filtered && (
              <button type="button" onClick={clearFilters} className="pager-button mt-3">
                Clear the filters
              </button>
            )}
          </div>
        ) : (
          <>
            <section aria-labelledby={ids.chartTitle} className="space-y-2">
              <h2 id={ids.chartTitle} className="text-lg font-semibold">
                Outstanding by age
              </h2>
              <AgingChart total={total} bars={chart.shown} omitted={chart.omitted} rows={lines.length} ownerOf={ownerOf} onOpen={open} describedBy={ids.chartNote} />
            </section>
            <section aria-labelledby={ids.tableTitle} className="space-y-2">
              <h2 id={ids.tableTitle} className="text-lg font-semibold">
                By AR account and supplier
              </h2>
              <AgingTable lines={lines} total={total} ownerOf={ownerOf} onOpen={open} busy={query.isFetching} customerOf={(id) => accountNames.get(id)?.customerId} />
            </section>
          </>
        )}
      </>
    );
  }

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <FilterBar filters={filters} values={values} onChange={setFilter} defaultLabel={noDefault} />
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {query.isFetching && query.data ? "Updating…" : query.data ? `${rowCount(report.lines.length)} (AR account and supplier).` : ""}
        </p>
        <StaleNote of={[query.data]} />
      </div>
      {body}
      <BucketPanel content={panel} onClose={close} />
    </div>
  );
}

/**
 * Every row, largest total outstanding first, with a totals row computed exactly from the rows. Bucket amounts are
 * buttons that open their invoices (an empty bucket is plain text: there is nothing to list).
 */
function AgingTable({
  lines,
  total,
  ownerOf,
  onOpen,
  busy,
  customerOf,
}: {
  lines: AgingLine[];
  total: AgingLine;
  ownerOf: (line: AgingLine) => Owner;
  onOpen: OpenBucket;
  busy: boolean;
  /** The customer (its id) an AR account belongs to, when known: the account's name links to it. */
  customerOf: (arAccountId: number) => number | undefined;
}) {
  const totalOwner = ownerOf(total);
  return (
    <TableFrame label={"AR aging table"}>
      <table className="data-table" aria-busy={busy}>
        <caption className="sr-only">AR aging by AR account and supplier, largest total outstanding first, with totals</caption>
        <thead>
          <tr>
            <th scope="col">AR account</th>
            <th scope="col">Supplier</th>
            {BUCKETS.map((b) => (
              <th key={b.id} scope="col" className="numeric">
                {b.label}
              </th>
            ))}
            <th scope="col" className="numeric">
              Open credit
            </th>
            <th scope="col" className="numeric">
              Total outstanding
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const owner = ownerOf(line);
            const customerId = line.arAccountId === undefined ? undefined : customerOf(line.arAccountId);
            return (
              <tr key={line.key}>
                <th scope="row" className="font-normal">
                  {customerId !== undefined ? (
                    <Link className="link" prefetch={false} href={`/customers/${customerId}` as never}>
                      {owner.account}
                    </Link>
                  ) : (
                    owner.account
                  )}
                </th>
                <td>
                  <RecordLink kind="SupplierIDs" id={owner.supplierId}>
                    {owner.supplier}
                  </RecordLink>
                </td>
                {BUCKETS.map((b) => (
                  <td key={b.id} className="numeric">
                    <BucketAmount line={line} owner={owner} bucket={b} onOpen={onOpen} />
                  </td>
                ))}
                <td className="numeric">
                  <BucketAmount line={line} owner={owner} bucket={CREDIT} onOpen={onOpen} />
                </td>
                <td className="numeric font-semibold">{formatMoney(line.amounts.total)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="font-semibold [&>*]:border-t-2 [&>*]:border-t-slate-500">
            <th scope="row" colSpan={2}>
              Total, {rowCount(lines.length)}
            </th>
            {BUCKETS.map((b) => (
              <td key={b.id} className="numeric">
                <BucketAmount line={total} owner={totalOwner} bucket={b} onOpen={onOpen} />
              </td>
            ))}
            <td className="numeric">
              <BucketAmount line={total} owner={totalOwner} bucket={CREDIT} onOpen={onOpen} />
            </td>
            <td className="numeric">{formatMoney(total.amounts.total)}</td>
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
function BucketAmount({ line, owner, bucket, onOpen }: { line: AgingLine; owner: Owner; bucket: Listed; onOpen: OpenBucket }) {
  const amount = listedAmount(line, bucket);
  const invoices = listedInvoices(line, bucket);
  const unread = bucket.id === "credit" ? line.credits.unread : 0;
  if (invoices.length === 0 && unread === 0 && compareDecimals(amount, "0") === 0) return <span className="text-slate-600 dark:text-slate-400">{formatMoney(amount)}</span>;
  const name = bucketName(owner.name, bucket, amount, invoices.length);
  return (
    <button type="button" aria-haspopup="dialog" aria-label={name} title={name} onClick={(event) => onOpen(line, bucket, event.currentTarget)} className="link cursor-pointer tabular-nums">
      {formatMoney(amount)}
    </button>
  );
}
