"use client";

import { StaleNote } from "@/components/table/stale-note";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { MultiSelect } from "@/components/table/multi-select";
import { RequestError } from "@/components/table/request-error";
import { pushParams } from "@/lib/ui/address";
import { TableFrame } from "@/components/table/table-frame";
import { cardCell, useWholeTable } from "@/components/table/whole-table";
import { useTimeZone } from "@/components/shell/providers";
import { formatDateTime, formatMoney, MISSING } from "@/lib/format/display";
import { apiQueryOptions, type ApiRequest } from "@/lib/domain/api-query";
import { browserApi, budgetStore } from "@/lib/ui/browser-api";
import { APPLICATIONS_PAGE_SIZE, PARAMS, PAYMENTS_STALE, type WorkspaceFilters } from "@/lib/ui/payments/requests";
import { nextCheckIn } from "@/lib/ui/follow-up";
import { useRefreshNow } from "@/lib/ui/refresh-now";
import type { Watched } from "@/lib/ui/payments/use-watched";
import { PAYMENT_APPLICATION_STATUSES } from "@/lib/data-api/values";
import { RecordLink } from "@/components/table/record-link";
import type { PaymentRequesters } from "@/lib/audit/audit-types";
import { type NameLookup, NOT_YET, type RequestedBy, requestedBy, usersToName } from "@/lib/ui/payments/requested-by";

/** Applications shown before "Show all": the newest. */
const SHOWN = 25;

const STATUS_STYLE: Record<string, string> = {
  Pending: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  Exported: "bg-sky-100 text-sky-950 dark:bg-sky-900 dark:text-sky-50",
  Confirmed: "bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50",
  Rejected: "bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50",
};

/**
 * Who in the workspace sent which of these requests from Backroom (`GET /api/payments/requesters`, the audit trail):
 * Backroom's own answer, no request to the API. A RequestID's sender never changes: kept as long as the page is open.
 */
function requestersQuery(account: number, requestIds: number[]) {
  return queryOptions({
    queryKey: ["payment-requesters", account, requestIds.join(",")],
    queryFn: async ({ signal }): Promise<NameLookup<string | null>> => {
      const response = await fetch(`/api/payments/requesters?account=${account}&requests=${requestIds.join(",")}`, {
        credentials: "same-origin",
        signal,
      });
      if (!response.ok) throw new Error(`Who sent the payment requests could not be read (${response.status}).`);
      const body = (await response.json()) as PaymentRequesters;
      return { names: new Map(body.requesters.map((r) => [r.requestId, r.name])), covered: new Set(requestIds) };
    },
    staleTime: Infinity,
    // While a new list's senders are asked for, the last answer stands for the requests it covered (their cells stay).
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** A "Requested by" cell: the Backroom person (as such), the ERP user linked where the key can open their page, or a wait. */
function RequestedByCell({ who }: { who: RequestedBy }) {
  switch (who.kind) {
    case "pending":
      return (
        <span
          className="skeleton inline-block h-4 w-24 align-middle"
          role="status"
          aria-label="Loading who requested it"
        />
      );
    case "missing":
      return <>{MISSING}</>;
    case "backroom":
      return (
        <>
          {who.name ?? "A former member"}
          <span className="block text-xs text-slate-600 dark:text-slate-400">in Backroom</span>
        </>
      );
    case "erp":
      return who.name !== undefined ? (
        <RecordLink kind="UserIDs" id={who.userId}>
          {who.name}
        </RecordLink>
      ) : (
        <span title="This key cannot read this ERP user">ERP user {who.userId}</span>
      );
  }
}

/** The requests of the watched ones still open: Pending or Exported, for their payments. */
function openRequest(account: number, watched: Watched[]): ApiRequest<"listPaymentApplications"> {
  const payments = [...new Set(watched.map((w) => w.paymentNum))].sort();
  return {
    operation: "listPaymentApplications",
    query: {
      ARAccountIDs: String(account),
      PaymentInvoiceNums: payments.join(","),
      Statuses: "Pending,Exported",
      PageSize: "500",
    },
  };
}

/**
 * The AR account's payment applications (requests through the API, and allocations made in the ERP) with their
 * status and when each step happened. Requests sent from this page are checked on sparingly until the ERP settles
 * them (Confirmed or Rejected): then the balances are read again. `request` is the list under the page's filters;
 * `children` are the filters drawn beside the statuses (target invoices).
 */
export function ApplicationsSection({
  account,
  filters,
  request,
  watching,
  onSettled,
  children,
}: {
  account: number;
  filters: WorkspaceFilters;
  request: ApiRequest<"listPaymentApplications">;
  watching: Watched[];
  /** A followed request settled; `all`: none is open any more. */
  onSettled: (all: boolean) => void;
  children?: React.ReactNode;
}) {
  const timeZone = useTimeZone();
  const titleId = useId();
  const { statuses } = filters;
  const filtered = statuses !== undefined || filters.targets !== undefined || filters.suppliers !== undefined;
  const query = useQuery(apiQueryOptions(browserApi, request, PAYMENTS_STALE));
  const refreshNow = useRefreshNow();
  const { open, checking, lastChecked, checkNow } = useFollowUp(
    account,
    watching,
    { request, records: query.data?.records },
    async (all, listFresh) => {
      onSettled(all);
      if (!listFresh) await refreshNow([request]);
    },
  );
  const [showAll, setShowAll] = useState(false);
  const cards = !useWholeTable();
  const all = [...(query.data?.records ?? [])].sort((a, b) =>
    (b.TimeRequested ?? "").localeCompare(a.TimeRequested ?? ""),
  );
  const rows = showAll ? all : all.slice(0, SHOWN);
  // Who requested each: named for every row of the list, not only those shown (the shown ones change as new requests
  // come in on top, and each new set of ids would be another request for the same names). First Backroom's own
  // senders (the audit trail), then, in one request to the API, the ERP users of the rest.
  const requestIds = [...new Set(all.flatMap((r) => (r.RequestID != null ? [r.RequestID] : [])))].sort((a, b) => a - b);
  const senders = useQuery({ ...requestersQuery(account, requestIds), enabled: requestIds.length > 0 });
  // Unreadable (an error): every request is the ERP user's, as before Backroom kept its senders.
  const sent: NameLookup<string | null> =
    requestIds.length === 0
      ? NOT_YET
      : (senders.data ?? (senders.isError ? { names: new Map(), covered: new Set(requestIds) } : NOT_YET));
  const users = usersToName(all, sent);
  const usersAsked = { operation: "listUsers", query: { UserIDs: users.join(","), PageSize: "500" } } as const;
  const names = useQuery({
    ...apiQueryOptions(browserApi, usersAsked, PAYMENTS_STALE),
    // Once Backroom has said which it sent: then one request names the rest.
    enabled: users.length > 0 && (requestIds.length === 0 || senders.data !== undefined || senders.isError),
    retry: false,
  });
  // The users the key can read are named (their page opens); the others, asked and not answered, by id alone.
  const erpUsers: NameLookup<string> = names.data
    ? {
        names: new Map(
          names.data.records.flatMap((u) =>
            u.UserID != null ? [[u.UserID, u.FullName ?? `User ${u.UserID}`] as const] : [],
          ),
        ),
        covered: new Set(users),
      }
    : names.isError
      ? { names: new Map(), covered: new Set(users) }
      : NOT_YET;
  const selected = statuses ? statuses.split(",") : [];

  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-lg font-semibold">
        Payment applications
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <MultiSelect
          label="Status"
          options={PAYMENT_APPLICATION_STATUSES.map((s) => ({ value: s, label: s }))}
          selected={selected}
          placeholder="Any"
          onApply={(values) =>
            pushParams((p) => {
              p.set(PARAMS.account, String(account));
              if (values.length) p.set(PARAMS.statuses, values.join(","));
              else p.delete(PARAMS.statuses);
            })
          }
        />
        {children}
        <button type="button" className="pager-button" onClick={() => void checkNow(request)} disabled={checking}>
          {checking ? "Checking…" : "Check status now"}
        </button>
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {open > 0
            ? `Following ${open} request${open === 1 ? "" : "s"} until the ERP confirms ${open === 1 ? "it" : "them"}${lastChecked ? `; last checked ${formatDateTime(new Date(lastChecked).toISOString(), timeZone)}` : ""}.`
            : watching.length > 0
              ? "Every request sent from this page is settled."
              : ""}
        </p>
        <StaleNote as="span" of={[query.data]} />
      </div>
      {query.error && !query.data ? (
        <RequestError error={query.error} onRetry={() => void query.refetch()} what="the payment applications" />
      ) : query.isPending ? (
        <span
          className="skeleton block h-24 w-full"
          role="status"
          aria-busy="true"
          aria-label="Loading payment applications"
        />
      ) : rows.length === 0 ? (
        <p className="text-sm">
          {filtered
            ? "No payment applications of this AR account match these filters."
            : "No payment applications for this AR account."}
        </p>
      ) : (
        <TableFrame label="Payment applications table">
          <table className={cards ? "data-table cards" : "data-table"} aria-busy={query.isFetching}>
            <caption className="sr-only">Payment applications, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">Payment</th>
                <th scope="col">Invoice</th>
                <th scope="col" className="numeric">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col">Requested by</th>
                <th scope="col">Requested</th>
                <th scope="col">Exported</th>
                <th scope="col">Applied</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, index) => (
                <tr key={r.RequestID != null ? `r${r.RequestID}` : `a${r.PaymentApplicationID ?? index}`}>
                  <th scope="row" className="font-normal" {...cardCell()}>
                    {r.RequestID != null ? r.RequestID : <span title="Allocated directly in the ERP">In the ERP</span>}
                  </th>
                  <td {...cardCell("Payment")}>{r.PaymentInvoiceNum ?? MISSING}</td>
                  <td {...cardCell("Invoice")}>{r.TargetInvoiceNum ?? MISSING}</td>
                  <td className="numeric" {...cardCell("Amount")}>
                    {formatMoney(r.Amount)}
                  </td>
                  <td {...cardCell("Status")}>
                    {r.Status ? (
                      <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[r.Status] ?? ""}`}>
                        {r.Status}
                      </span>
                    ) : (
                      MISSING
                    )}
                  </td>
                  <td>
                    <RequestedByCell who={requestedBy(r, sent, erpUsers)} />
                  </td>
                  <td {...cardCell("Requested")}>{formatDateTime(r.TimeRequested, timeZone)}</td>
                  <td>{formatDateTime(r.TimeExported, timeZone)}</td>
                  <td>
                    {formatDateTime(r.TimeApplied, timeZone)}
                    {r.AppliedBy ? (
                      <span className="block text-xs text-slate-600 dark:text-slate-400">by {r.AppliedBy}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {all.length > SHOWN && (
        <button type="button" className="pager-button" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
          {showAll ? `Show the newest ${SHOWN}` : `Show all ${all.length}`}
        </button>
      )}
      {query.data?.paging?.hasNextPage && (
        <p className="text-sm">
          The first {APPLICATIONS_PAGE_SIZE} applications the API listed are shown: choose statuses or target invoices
          to narrow the list.
        </p>
      )}
    </section>
  );
}

/**
 * Follows the requests sent from this page: asks the API (past the proxy's cache) for those still Pending or Exported,
 * after 15 s, then less and less often while nothing changes (up to every 5 minutes), and not at all while the hour's
 * requests are nearly used up or nothing is open. When one settles, `onChange` reads the balances again.
 *
 * While the page's own list of applications holds every followed request (it is newest first, and they are the
 * newest), their statuses are read from it and a check reads the list again: one request, not a second one for the
 * open ones. Otherwise (a status filter that leaves them out) the open ones are asked for by their payments.
 */
function useFollowUp(
  account: number,
  watching: Watched[],
  list: { request: ApiRequest; records: { RequestID?: number | null; Status?: string | null }[] | undefined },
  onChange: (all: boolean, listFresh: boolean) => Promise<void>,
) {
  const ids = new Set(watching.map((w) => w.requestId));
  const listed = list.records?.filter((r) => r.RequestID != null && ids.has(r.RequestID));
  const covered = watching.length > 0 && listed !== undefined && listed.length === ids.size;
  const stillOpen = openRequest(account, watching);
  const open = useQuery({
    ...apiQueryOptions(browserApi, stillOpen, PAYMENTS_STALE),
    enabled: watching.length > 0 && !covered,
  });
  const refreshNow = useRefreshNow();
  const openCount =
    watching.length === 0
      ? 0
      : covered
        ? listed.filter((r) => r.Status === "Pending" || r.Status === "Exported").length
        : open.data
          ? open.data.records.filter((r) => r.RequestID != null && ids.has(r.RequestID)).length
          : watching.length;
  const [checking, setChecking] = useState(false);
  const [lastChecked, setLastChecked] = useState<number>();
  // Each finished check moves `tick`, which schedules the next; `quiet` counts checks since the last change.
  const [tick, setTick] = useState(0);
  const quiet = useRef(0);
  const previous = useRef(openCount);

  const check = async (extra: ApiRequest[] = []) => {
    setChecking(true);
    try {
      await refreshNow(covered ? [list.request] : [stillOpen, ...extra]);
      setLastChecked(Date.now());
    } finally {
      setChecking(false);
    }
  };

  useEffect(() => {
    if (openCount !== previous.current) quiet.current = 0;
    // Something settled: the balances changed.
    if (openCount < previous.current) void onChange(openCount === 0, covered);
    previous.current = openCount;
  }, [openCount, onChange, covered]);

  useEffect(() => {
    if (openCount === 0) return;
    // From 15 s, doubling while nothing changes (a change starts again from 15 s); see nextCheckIn.
    const wait = nextCheckIn(quiet.current, budgetStore.get(), Date.now());
    const timer = setTimeout(() => {
      quiet.current += 1;
      void check()
        .catch(() => {})
        .finally(() => setTick((t) => t + 1));
    }, wait);
    return () => clearTimeout(timer);
    // Scheduled anew after each check (`tick`) and when the number still open changes; `check` is the same work.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openCount, tick]);

  return {
    open: openCount,
    checking,
    lastChecked,
    checkNow: (request: ApiRequest) => check([request]).catch(() => {}),
  };
}
