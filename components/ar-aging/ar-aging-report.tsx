"use client";

import { StaleNote } from "@/components/table/stale-note";
import { closeText } from "@/lib/domain/ar-aging/close";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
import { type ComponentType, useEffect, useMemo, useState, useTransition } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { FilterBar } from "@/components/table/filter-bar";
import { RequestError } from "@/components/table/request-error";
import { pushParams } from "@/lib/ui/address";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { formatDateTime } from "@/lib/format/display";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { filtersOf } from "@/lib/domain/views/filters";
import { loadOnce } from "@/lib/ui/browser-api";
import { BUTTON } from "@/lib/ui/styles";
import {
  type AccountCustomer,
  accountCustomers,
  accountLabel,
  accountsFromOpenInvoices,
  accountInvoices,
  type AgingLine,
  largestLines,
  linesOf,
  nameMap,
  newestUpdate,
  rowCount,
  supplierLabel,
  totalLine,
} from "@/lib/domain/ar-aging/aging";
import {
  type AgingListQuery,
  agingListQuery,
  agingPage,
  namesToAsk,
  withAgingList,
} from "@/lib/domain/ar-aging/aging-list";
import { accountsRequest } from "@/lib/ui/payments/requests";
import { AGING_STALE, customersLookup, LOOKUP_STALE, suppliersLookup } from "@/lib/domain/ar-aging/requests";
import { AgingBody } from "./aging-body";
import { agingWalkOptions, type WalkProgress } from "./aging-walk";

/** The report's filters: every parameter of listArAging but paging (customers, suppliers, states). */
const filters = filtersOf(OPERATION_META.listArAging);
/** None of the filters has an API default: empty means every row the key may see. */
const noDefault = () => undefined;

/**
 * How the report moves to another address: in the browser alone (the live report reads its own data), or through
 * the server (an Employee key's report: the server chooses between the snapshot and a live read, and draws the
 * snapshot).
 */
function useNavigate(throughServer: boolean) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const go = (update: (params: URLSearchParams) => void) => {
    if (!throughServer) return pushParams(update);
    const params = new URLSearchParams(window.location.search);
    update(params);
    const search = params.toString();
    startTransition(() =>
      router.push(`${window.location.pathname}${search ? `?${search}` : ""}` as never, { scroll: false }),
    );
  };
  return { go, pending };
}

/** The report's filters (in the address); a change goes back to the table's first page. */
function AgingFilters({ go }: { go: (update: (params: URLSearchParams) => void) => void }) {
  const params = useSearchParams();
  const values = Object.fromEntries(filters.map((f) => [f.name, params.get(f.name) ?? undefined]));
  const setFilter = (name: string, value: string | undefined) =>
    go((p) => {
      if (value === undefined) p.delete(name);
      else p.set(name, value);
      // The report reads every page: the API's paging in the address would mean nothing; the table starts again.
      for (const paging of ["Page", "PageSize", "page"]) p.delete(paging);
    });
  return <FilterBar filters={filters} values={values} onChange={setFilter} defaultLabel={noDefault} />;
}

/** When the figures were calculated, and what that means. */
export function AgingFreshness({ closedAt, read }: { closedAt: string | undefined; read?: string }) {
  const timeZone = useTimeZone();
  return (
    <div className="rounded border border-slate-300 p-3 text-sm dark:border-slate-700" data-testid="aging-freshness">
      <p className="font-semibold">
        {closedAt ? `As of the close of ${closeText(closedAt, timeZone)}` : "As of the last end-of-day recalculation"}
        {read ? ` · read ${formatDateTime(read, timeZone)}` : ""}
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        The Data API recalculates AR aging once a day, at the end of the day: invoices and payments since then are not
        in these figures yet.
      </p>
    </div>
  );
}

/** No rows for these filters. */
function NoAging({ filtered, clear }: { filtered: boolean; clear: () => void }) {
  return (
    <div className="rounded border border-slate-300 p-6 text-center text-sm dark:border-slate-700">
      <p className="font-semibold">No AR aging for these filters.</p>
      <p className="mt-1">AR aging lists the AR accounts with an open balance at the last end-of-day recalculation.</p>
      {filtered && (
        <button type="button" onClick={clear} className="pager-button mt-3">
          Clear the filters
        </button>
      )}
    </div>
  );
}

const clearFilters = (p: URLSearchParams) => {
  for (const f of filters) p.delete(f.name);
  p.delete("page");
};

/** The address's parameters with the table's choices changed, as a link's href. */
function useTableAddress(go: (update: (params: URLSearchParams) => void) => void) {
  const params = useSearchParams();
  const hrefOf = (query: AgingListQuery) => {
    const search = withAgingList(new URLSearchParams(params.toString()), query).toString();
    return `/ar-aging${search ? `?${search}` : ""}`;
  };
  const move = (query: AgingListQuery) =>
    go((p) => {
      const next = withAgingList(p, query);
      for (const name of [...p.keys()]) p.delete(name);
      for (const [name, value] of next) p.append(name, value);
    });
  return { hrefOf, move };
}

/** What the live walk says while it reads. */
function walking(progress: WalkProgress | undefined): string {
  if (!progress) return "Loading AR aging…";
  const read = `${rowCount(progress.rows)} read in ${progress.pages} ${progress.pages === 1 ? "page" : "pages"}`;
  if (progress.waitingSeconds !== undefined) {
    return `Reading the whole AR aging: ${read}. Waiting ${Math.ceil(progress.waitingSeconds / 60)} min for the key's hourly budget (the rest of the dashboard keeps its share), then the rest.`;
  }
  return `Reading the whole AR aging: ${read}…`;
}

/**
 * The AR aging report read live, like an accounting package's aging summary: when it was calculated, a stacked bar
 * chart of the buckets (all rows, then the 25 largest rows), and a table of every row (50 a page) with exact totals.
 * Every page of the aging is read (`agingWalkOptions`, within the export's pacing), so the totals are the whole
 * aging's. The filters live in the URL, as on every list page; the first answer comes hydrated from the server.
 */
export function ArAgingReport({ throughServer = false, note }: { throughServer?: boolean; note?: React.ReactNode }) {
  const params = useSearchParams();
  const timeZone = useTimeZone();
  const [progress, setProgress] = useState<WalkProgress>();
  const { go, pending } = useNavigate(throughServer);
  const { hrefOf, move } = useTableAddress(go);
  const query = useQuery({
    ...agingWalkOptions(browserApi, params, { onProgress: setProgress }),
    placeholderData: keepPreviousData,
  });
  // Names only: a lookup that fails leaves ids ("AR account 123"), never an error on the page.
  const customers = useQuery({ ...apiQueryOptions(browserApi, customersLookup, LOOKUP_STALE), retry: false });
  const suppliers = useQuery({ ...apiQueryOptions(browserApi, suppliersLookup, LOOKUP_STALE), retry: false });
  const records = query.data?.records;
  const list = useMemo(() => agingListQuery(params), [params]);
  const report = useMemo(() => {
    const lines = linesOf(records ?? []);
    return {
      lines,
      total: totalLine(lines),
      chart: largestLines(lines),
      asOf: newestUpdate(records ?? []),
      picked: accountInvoices(records ?? []),
    };
  }, [records]);
  const customersById = useMemo(() => nameMap(customers.data?.records, "CustomerID", "CustomerName"), [customers.data]);
  const supplierNames = useMemo(() => nameMap(suppliers.data?.records, "SupplierID", "Supplier"), [suppliers.data]);
  // An aging row names no customer. The key's open invoices do, when their list is whole (read beside the aging, so
  // the names come with it); otherwise one invoice per AR account does (in one request, once the aging is known).
  const openInvoices = useQuery({ ...apiQueryOptions(browserApi, accountsRequest, STALE.working), retry: false });
  const fromOpen = useMemo(
    () =>
      accountsFromOpenInvoices(
        openInvoices.data?.records,
        openInvoices.data !== undefined && !openInvoices.data.paging?.hasNextPage,
        customersById,
        report.picked.values(),
      ),
    [openInvoices.data, customersById, report.picked],
  );
  const known = useMemo(() => fromOpen ?? accountCustomers(new Map(), [], customersById), [fromOpen, customersById]);
  const namesRequest = fromOpen
    ? undefined
    : namesToAsk(report.picked, report.lines, list, (line, column) => labelOf(line, column, known, supplierNames));
  const invoices = useQuery({
    ...apiQueryOptions(browserApi, namesRequest ?? { operation: "listInvoices" }, AGING_STALE),
    enabled: namesRequest !== undefined && !openInvoices.isPending,
    retry: false,
    // While new filters' names load, the previous answer still names the accounts both reports share.
    placeholderData: keepPreviousData,
  });
  const accountNames = useMemo(
    () => fromOpen ?? accountCustomers(report.picked, invoices.data?.records, customersById),
    [fromOpen, report.picked, invoices.data, customersById],
  );
  const page = useMemo(
    () => agingPage(report.lines, list, (line, column) => labelOf(line, column, accountNames, supplierNames)),
    [report.lines, list, accountNames, supplierNames],
  );
  const filtered = filters.some((f) => params.get(f.name));

  let body: React.ReactNode;
  if (query.error && !query.data) {
    body = <RequestError error={query.error} onRetry={() => void query.refetch()} what="AR aging" />;
  } else if (query.isPending) {
    body = (
      <div aria-busy="true" className="space-y-3">
        <p role="status">{walking(progress)}</p>
        <span className="skeleton h-48 w-full" />
      </div>
    );
  } else {
    body = (
      <>
        {query.error && <RequestError error={query.error} onRetry={() => void query.refetch()} what="AR aging" />}
        <AgingFreshness closedAt={report.asOf} />
        {query.data && !query.data.complete && (
          <p className="rounded border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            The aging has more than {rowCount(report.lines.length)}: the chart, the table and the totals cover those
            read. Filter by customer, supplier or state for a complete report.
          </p>
        )}
        {report.lines.length === 0 ? (
          <NoAging filtered={filtered} clear={() => go(clearFilters)} />
        ) : (
          <AgingBody
            count={report.lines.length}
            total={report.total}
            chart={report.chart}
            page={page}
            query={list}
            hrefOf={hrefOf}
            go={move}
            accountNames={accountNames}
            supplierNames={supplierNames}
            busy={query.isFetching || pending}
          />
        )}
      </>
    );
  }

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <AgingFilters go={go} />
        {note}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
            {query.isFetching && query.data
              ? walking(progress).replace("Loading AR aging…", "Updating…")
              : query.data
                ? `${rowCount(report.lines.length)} (AR account and supplier), every page of the aging.`
                : ""}
          </p>
          {query.data && report.lines.length > 0 && <LiveExport timeZone={timeZone} />}
        </div>
        <StaleNote of={[query.data]} />
      </div>
      {body}
    </div>
  );
}

// The live report's export (the list's own, with its dialog) loads after the report: few visits export.
const loadExport = loadOnce(() => import("./aging-live-export").then((m) => m.AgingLiveExport));

/** "Export CSV" once its code has come; the same button, waiting, meanwhile. */
function LiveExport({ timeZone }: { timeZone: string | undefined }) {
  const [Export, setExport] = useState<{ component: ComponentType<{ timeZone: string | undefined }> }>();
  useEffect(() => {
    let live = true;
    void loadExport().then((component) => live && setExport({ component }));
    return () => {
      live = false;
    };
  }, []);
  if (Export) return <Export.component timeZone={timeZone} />;
  return (
    <button type="button" disabled className={BUTTON}>
      Export CSV
    </button>
  );
}

/** A line's name in a column the table sorts by name. */
function labelOf(
  line: AgingLine,
  column: "account" | "supplier",
  accounts: Map<number, AccountCustomer>,
  suppliers: Map<number, string>,
): string {
  return column === "account" ? accountLabel(line.arAccountId, accounts) : supplierLabel(line.supplierId, suppliers);
}

/** The report of an Employee key's snapshot, drawn on the server: its page of rows, its chart and the totals of every row. */
export interface SnapshotReport {
  count: number;
  total: AgingLine;
  chart: { shown: AgingLine[]; omitted: number };
  page: { rows: AgingLine[]; page: number; pages: number };
  /** The names of the accounts on the page and in the chart. */
  accounts: [number, AccountCustomer][];
  /** The aging's close (the rows' newest CloseDate), and when the walk that read it ended. */
  closedAt: string | undefined;
  readAt: string;
  /** A refresh is under way (the figures shown stay until it ends). */
  refreshing: boolean;
}

/**
 * An Employee key's whole AR aging from its daily snapshot: the server drew it (no request to the API); the
 * filters, the sort and the pages go through the server (`useNavigate`), which draws the next one. The CSV holds every
 * row of the filters, from the same snapshot.
 */
export function SnapshotAgingReport({ report }: { report: SnapshotReport }) {
  const params = useSearchParams();
  const { go, pending } = useNavigate(true);
  const { hrefOf, move } = useTableAddress(go);
  const suppliers = useQuery({ ...apiQueryOptions(browserApi, suppliersLookup, LOOKUP_STALE), retry: false });
  const supplierNames = useMemo(() => nameMap(suppliers.data?.records, "SupplierID", "Supplier"), [suppliers.data]);
  const accountNames = useMemo(() => new Map(report.accounts), [report.accounts]);
  const filtered = filters.some((f) => params.get(f.name));
  const list = agingListQuery(params);
  const exportHref = `/api/collections/ar-aging${(() => {
    const search = withAgingList(new URLSearchParams(params.toString()), { ...list, page: 1 }).toString();
    return search ? `?${search}` : "";
  })()}`;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <AgingFilters go={go} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
            {pending
              ? "Updating…"
              : `${rowCount(report.count)} (AR account and supplier), the whole aging, from this key's daily snapshot: opening this page asks nothing of the API.`}
            {report.refreshing ? " A refresh is under way." : ""}
          </p>
          {report.count > 0 && (
            <a href={exportHref} download className={BUTTON}>
              Export CSV<span className="sr-only"> of the {rowCount(report.count)}</span>
            </a>
          )}
        </div>
      </div>
      <AgingFreshness closedAt={report.closedAt} read={report.readAt} />
      {report.count === 0 ? (
        <NoAging filtered={filtered} clear={() => go(clearFilters)} />
      ) : (
        <AgingBody
          count={report.count}
          total={report.total}
          chart={report.chart}
          page={report.page}
          query={list}
          hrefOf={hrefOf}
          go={move}
          accountNames={accountNames}
          supplierNames={supplierNames}
          busy={pending}
        />
      )}
    </div>
  );
}
