"use client";

import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { MultiSelect } from "@/components/table/multi-select";
import { RequestError } from "@/components/table/request-error";
import { StaleNote } from "@/components/table/stale-note";
import type { PaymentRequesters } from "@/lib/audit/audit-types";
import type { RecordOf } from "@/lib/data-api/client";
import { PAYMENT_APPLICATION_STATUSES } from "@/lib/data-api/values";
import { apiQueryOptions, type ApiRequest } from "@/lib/domain/api-query";
import { formatDateTime } from "@/lib/format/display";
import { pushParams } from "@/lib/ui/address";
import { browserApi } from "@/lib/ui/browser-api";
import { inactiveToName, type NameLookup, NOT_YET, usersToName, withInactive } from "@/lib/ui/payments/requested-by";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { APPLICATIONS_PAGE_SIZE, PARAMS, PAYMENTS_STALE, type WorkspaceFilters } from "@/lib/ui/payments/requests";
import type { Watched } from "@/lib/ui/payments/use-watched";
import { useRefreshNow } from "@/lib/ui/refresh-now";
import { ApplicationsTable } from "./applications-table";
import { useFollowUp } from "./use-follow-up";

/** Applications shown before "Show all": the newest. */
const SHOWN = 25;

/**
 * Who in the workspace sent which of these requests from Backroom (`GET /api/activity/requesters`, the audit trail):
 * Backroom's own answer, no request to the API. A RequestID's sender never changes: kept as long as the page is open.
 */
function requestersQuery(account: number, requestIds: number[]) {
  return queryOptions({
    queryKey: ["payment-requesters", account, requestIds.join(",")],
    queryFn: async ({ signal }): Promise<NameLookup<string | null>> => {
      const response = await fetch(`/api/activity/requesters?account=${account}&requests=${requestIds.join(",")}`, {
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

/** The names a `/users` answer gives, by UserID (a user without a name by id). */
function namesOf(records: readonly { UserID?: number | null; FullName?: string | null }[]): Map<number, string> {
  return new Map(
    records.flatMap((u) => (u.UserID != null ? [[u.UserID, u.FullName ?? `User ${u.UserID}`] as const] : [])),
  );
}

/**
 * Who requested each application: named for every row of the list, not only those shown (the shown ones change as new
 * requests come in on top, and each new set of ids would be another request for the same names). First Backroom's own
 * senders (the audit trail), then, in one request to the API, the ERP users of the rest; then, only where some buyer
 * who requested through the API was not named (`/users` lists active users only for a store's or a brand's key), one
 * more for those among the inactive users.
 */
function useRequestedBy(account: number, all: RecordOf<"listPaymentApplications">[]) {
  const { keyType } = useKeyScope();
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
  const first: NameLookup<string> = names.data
    ? { names: namesOf(names.data.records), covered: new Set(users) }
    : names.isError
      ? { names: new Map(), covered: new Set(users) }
      : NOT_YET;
  const again = inactiveToName(all, sent, first, keyType);
  const inactive = useQuery({
    ...apiQueryOptions(
      browserApi,
      { operation: "listUsers", query: { UserIDs: again.join(","), Active: "false", PageSize: "500" } } as const,
      PAYMENTS_STALE,
    ),
    enabled: again.length > 0,
    retry: false,
  });
  const erpUsers = withInactive(
    first,
    again,
    inactive.data ? namesOf(inactive.data.records) : inactive.isError ? "failed" : undefined,
  );
  return { sent, erpUsers };
}

interface ApplicationsSectionProps {
  account: number;
  filters: WorkspaceFilters;
  request: ApiRequest<"listPaymentApplications">;
  watching: Watched[];
  /** A followed request settled; `all`: none is open any more. */
  onSettled: (all: boolean) => void;
  children?: React.ReactNode;
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
}: ApplicationsSectionProps) {
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
  const all = [...(query.data?.records ?? [])].sort((a, b) =>
    (b.TimeRequested ?? "").localeCompare(a.TimeRequested ?? ""),
  );
  const rows = showAll ? all : all.slice(0, SHOWN);
  const { sent, erpUsers } = useRequestedBy(account, all);
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
        <ApplicationsTable
          rows={rows}
          fetching={query.isFetching}
          sent={sent}
          erpUsers={erpUsers}
          timeZone={timeZone}
        />
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
