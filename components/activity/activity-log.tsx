"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { CopyButton } from "@/components/table/copy-button";
import { FilterDisclosure } from "@/components/table/filter-disclosure";
import { TableFrame } from "@/components/table/table-frame";
import {
  AUDIT_EVENT_NAMES,
  AUDIT_EVENTS,
  type AuditEntry,
  type AuditPage,
  type AuditResult,
} from "@/lib/audit/audit-types";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { parseErrorBody } from "@/lib/data-api/error-read";
import { formatDateTime } from "@/lib/format/display";
import { reconnect } from "@/lib/ui/browser-api";
import { describeFailure } from "@/lib/ui/failure";
import { filtersSet } from "@/lib/ui/views/filter-count";
import { purchaseStatusWords } from "@/lib/domain/purchases/fields";

const PAGE_SIZE = 50;
const FILTERS = ["event", "person", "from", "to"] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const RESULTS: Record<AuditResult, string> = {
  done: "Done",
  refused: "Refused",
  unknown: "Not known",
  sent: "Sent, no answer recorded",
};

/** The filters and page the address names, kept to what `GET /api/audit` takes (a bad value is dropped, not sent). */
function filtersOf(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const event = params.get("event");
  if (event && (AUDIT_EVENTS as readonly string[]).includes(event)) out.set("event", event);
  for (const name of ["from", "to"] as const) {
    const value = params.get(name);
    if (value && DATE.test(value)) out.set(name, value);
  }
  const person = params.get("person");
  if (person && person.length <= 100) out.set("person", person);
  const page = Number(params.get("page"));
  if (Number.isInteger(page) && page > 1) out.set("page", String(page));
  return out;
}

async function fetchPage(query: string, signal: AbortSignal): Promise<AuditPage> {
  const response = await fetch(`/api/audit?pageSize=${PAGE_SIZE}${query ? `&${query}` : ""}`, {
    credentials: "same-origin",
    signal,
  });
  if (response.status === 401) {
    reconnect();
    return { entries: [], page: 1, pageSize: PAGE_SIZE, total: 0, hasNextPage: false, people: [] };
  }
  if (!response.ok) {
    // A DataApiError, so the app's retry rule applies: a 4xx (a filter refused) is shown at once, not asked again.
    const error = parseErrorBody(await response.json().catch(() => undefined));
    throw new DataApiError({
      status: response.status,
      code: error?.code ?? `HTTP_${response.status}`,
      detail: error?.detail ?? `Backroom answered ${response.status}`,
      requestId: response.headers.get("X-Request-Id") ?? undefined,
    });
  }
  return (await response.json()) as AuditPage;
}

/** What an entry's business reference says, in a line. */
function describeReference(entry: AuditEntry): string {
  const r = entry.reference;
  if (entry.event === "payment-allocation") {
    const parts = [
      `${r.amount ?? "?"} from payment ${r.paymentInvoiceNum ?? "?"} to invoice ${r.targetInvoiceNum ?? "?"}`,
      r.arAccountId !== undefined ? `AR account ${r.arAccountId}` : undefined,
      r.paymentRequestId !== undefined ? `request ${r.paymentRequestId}` : undefined,
    ];
    return parts.filter(Boolean).join(" · ");
  }
  if (entry.event.startsWith("purchase-")) {
    const parts = [
      r.poNum ? `PO ${r.poNum}` : undefined,
      r.purchaseGlobalId,
      r.vendorId !== undefined ? `vendor ${r.vendorId}` : undefined,
      r.warehouseId !== undefined ? `warehouse ${r.warehouseId}` : undefined,
      r.lineCount !== undefined ? `${r.lineCount} line${r.lineCount === 1 ? "" : "s"}` : undefined,
      r.totalCases !== undefined ? `${r.totalCases} cases` : undefined,
      r.submit ? "submitted at once" : undefined,
      r.erpId !== undefined ? `ERP id ${r.erpId}` : undefined,
    ];
    return parts.filter(Boolean).join(" · ") || "—";
  }
  if (entry.event === "note-added" || entry.event === "note-deleted")
    return r.customerId !== undefined ? `Customer ${r.customerId}` : "—";
  if (entry.event === "accounting-export")
    return [
      r.fileName,
      r.records !== undefined ? `${r.records} record${r.records === 1 ? "" : "s"}` : undefined,
      r.amount !== undefined ? `total ${r.amount}` : undefined,
      r.customerId !== undefined ? `customer ${r.customerId}` : undefined,
    ]
      .filter(Boolean)
      .join(" · ");
  if (entry.event === "menu-link-made" || entry.event === "menu-link-revoked")
    return r.menuName ? `Menu link "${r.menuName}"` : "—";
  if (entry.event === "order-list-sent")
    return [
      r.customerId !== undefined ? `Customer ${r.customerId}` : undefined,
      r.subjectEmail && `to ${r.subjectEmail}`,
      r.lineCount !== undefined ? `${r.lineCount} line${r.lineCount === 1 ? "" : "s"}` : undefined,
      r.amount !== undefined ? `total ${r.amount}` : undefined,
      r.listStatus === "mail-off"
        ? "kept, not mailed (mail is off)"
        : r.listStatus === "mail-failed"
          ? "mail failed"
          : undefined,
    ]
      .filter(Boolean)
      .join(" · ");
  if (entry.event === "accounting-mapping-changed")
    return [r.vendorName && `vendor ${r.vendorName}`, r.dateFormat && `dates ${r.dateFormat}`]
      .filter(Boolean)
      .join(" · ");
  if (r.subjectEmail || r.role || r.method)
    return [r.subjectEmail, r.role && `as ${r.role}`, r.method && `by ${r.method}`].filter(Boolean).join(" · ");
  return entry.keyLabel ? `${entry.keyLabel}${entry.keyScope ? ` · ${entry.keyScope}` : ""}` : (entry.keyScope ?? "—");
}

/**
 * The workspace's audit trail (`GET /api/audit`): every write made through Backroom with its keys, sign-ins and
 * sign-outs, keys added and removed, invitations, role changes and removals, each naming who, newest first (a role that
 * sees only its own entries sees those). The filters (event, person, from, to) and the page live in the address, so a
 * view can be bookmarked or sent; the CSV download takes the same filters.
 */
export function ActivityLog() {
  const timeZone = useTimeZone();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [refused, setRefused] = useState<string>();
  const filters = filtersOf(new URLSearchParams(params.toString()));
  const query = filters.toString();
  const page = Number(filters.get("page") ?? 1);
  const activity = useQuery({
    queryKey: ["audit", query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    staleTime: 0,
  });
  const data = activity.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  const go = (next: URLSearchParams) =>
    router.push(`${pathname}${next.size ? `?${next}` : ""}` as never, { scroll: false });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(form.get(name) ?? "");
      if (value) next.set(name, value);
    }
    const from = next.get("from");
    const to = next.get("to");
    if (from && to && from > to)
      return setRefused("The From date is after the To date: choose a range that runs forward.");
    setRefused(undefined);
    go(filtersOf(next));
  };
  const toPage = (n: number) => {
    const next = new URLSearchParams(filters);
    if (n > 1) next.set("page", String(n));
    else next.delete("page");
    go(next);
  };
  const csv = new URLSearchParams(filters);
  csv.delete("page");
  csv.set("format", "csv");

  return (
    <div className="space-y-3">
      <FilterDisclosure count={filtersSet(Object.fromEntries(FILTERS.map((name) => [name, filters.get(name)])))}>
        <form
          onSubmit={onSubmit}
          key={query}
          className="flex flex-wrap items-end gap-3"
          aria-label="Filter the activity"
        >
          <label className="flex flex-col text-sm">
            Event
            <select
              name="event"
              defaultValue={filters.get("event") ?? ""}
              className="mt-1 rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
            >
              <option value="">All events</option>
              {AUDIT_EVENTS.map((e) => (
                <option key={e} value={e}>
                  {AUDIT_EVENT_NAMES[e]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm">
            Person
            <select
              name="person"
              defaultValue={filters.get("person") ?? ""}
              className="mt-1 rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
            >
              <option value="">Everyone</option>
              {(data?.people ?? []).map((p) => (
                <option key={p.userId} value={p.userId}>
                  {p.email}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm">
            From (UTC)
            <input
              type="date"
              name="from"
              defaultValue={filters.get("from") ?? ""}
              className="mt-1 rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
            />
          </label>
          <label className="flex flex-col text-sm">
            To (UTC)
            <input
              type="date"
              name="to"
              defaultValue={filters.get("to") ?? ""}
              className="mt-1 rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
            />
          </label>
          <button type="submit" className="pager-button text-sm">
            Apply
          </button>
          {query && (
            <button
              type="button"
              className="pager-button text-sm"
              onClick={() => {
                setRefused(undefined);
                go(new URLSearchParams());
              }}
            >
              Clear filters
            </button>
          )}
          <a href={`/api/audit?${csv}`} download className="pager-button text-sm">
            Download CSV
          </a>
        </form>
      </FilterDisclosure>

      {refused && (
        <p role="alert" className="text-sm font-semibold text-red-800 dark:text-red-300">
          {refused}
        </p>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {activity.isFetching
          ? "Loading…"
          : data
            ? `${data.total.toLocaleString("en-US")} entr${data.total === 1 ? "y" : "ies"}${data.total > PAGE_SIZE ? `, page ${page} of ${pages}` : ""}`
            : ""}
      </p>
      {activity.error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {describeFailure(activity.error, { what: "the activity", service: "Backroom" }).message}
        </p>
      )}
      {/* Every column within a desk's page (at 1366 px From and Request id were past the frame's edge): times, people,
          addresses and ids wrap in narrow columns. On a phone each entry is a card (`stack`). */}
      <TableFrame label="Activity of this workspace">
        <table className="data-table stack">
          <caption className="sr-only">Activity of this workspace, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Who</th>
              <th scope="col">Event</th>
              <th scope="col">Reference</th>
              <th scope="col">Result</th>
              <th scope="col">Outcome</th>
              <th scope="col">From</th>
              <th scope="col">Request id</th>
            </tr>
          </thead>
          <tbody>
            {(data?.entries ?? []).map((entry) => (
              <tr key={entry.id}>
                <td data-label="Time" className="min-w-24 whitespace-normal">
                  {formatDateTime(entry.at, timeZone)}
                </td>
                <td data-label="Who" className="max-w-44 min-w-28 text-xs whitespace-normal [overflow-wrap:anywhere]">
                  {entry.userEmail ?? <span title="Before accounts: the key's session">{entry.keyLabel ?? "—"}</span>}
                </td>
                <td data-label="Event" className="min-w-24 whitespace-normal">
                  {AUDIT_EVENT_NAMES[entry.event] ?? entry.event}
                </td>
                <td data-label="Reference" className="max-w-xs min-w-40 text-xs break-words whitespace-normal">
                  {describeReference(entry)}
                </td>
                <td
                  data-label="Result"
                  className={`max-w-56 min-w-24 whitespace-normal ${entry.result === "done" ? "" : "font-semibold text-red-800 dark:text-red-300"}`}
                >
                  {RESULTS[entry.result] ?? entry.result}
                  {entry.upstreamStatus !== null && <span className="font-normal"> ({entry.upstreamStatus})</span>}
                  {(entry.reference.errorCode || entry.reference.errorDetail) && (
                    <span className="block text-xs font-normal [overflow-wrap:anywhere]">
                      {[entry.reference.errorCode, entry.reference.errorDetail].filter(Boolean).join(": ")}
                    </span>
                  )}
                </td>
                <td data-label="Outcome" className="whitespace-normal">
                  {(entry.event.startsWith("purchase-") ? purchaseStatusWords(entry.outcome) : entry.outcome) ?? "—"}
                  {entry.outcomeAt && entry.outcome && (
                    <span className="block text-xs text-slate-700 dark:text-slate-300">
                      {formatDateTime(entry.outcomeAt, timeZone)}
                    </span>
                  )}
                </td>
                <td data-label="From" className="max-w-32 text-xs whitespace-normal [overflow-wrap:anywhere]">
                  {entry.clientAddress}
                  {entry.session && (
                    <span className="block font-mono text-slate-700 dark:text-slate-300">session {entry.session}</span>
                  )}
                </td>
                <td data-label="Request id" className="max-w-40 min-w-32 whitespace-normal">
                  {entry.requestId ? (
                    <>
                      <span className="font-mono text-xs [overflow-wrap:anywhere]">{entry.requestId}</span>{" "}
                      <CopyButton text={entry.requestId} label="Copy request id" />
                    </>
                  ) : (
                    "—"
                  )}
                  {entry.idempotencyKey && (
                    <span
                      className="block font-mono text-xs text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300"
                      title="Idempotency-Key"
                    >
                      key {entry.idempotencyKey}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data && data.entries.length === 0 && (
          <p className="p-4 text-sm">
            {query ? "No activity matches these filters." : "No activity recorded in this workspace yet."}
          </p>
        )}
      </TableFrame>
      {data && data.total > PAGE_SIZE && (
        <nav aria-label="Activity pages" className="flex items-center gap-3">
          <button type="button" className="pager-button text-sm" disabled={page <= 1} onClick={() => toPage(page - 1)}>
            Previous page
          </button>
          <button
            type="button"
            className="pager-button text-sm"
            disabled={!data.hasNextPage}
            onClick={() => toPage(page + 1)}
          >
            Next page
          </button>
        </nav>
      )}
    </div>
  );
}
