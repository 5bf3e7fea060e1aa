"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { RequestError } from "@/components/table/request-error";
import { REASON_WORDS, STATUS_WORDS, type DisputeStatus } from "@/lib/domain/disputes/dispute";
import type { DisputeSummary } from "@/lib/domain/disputes/view";
import { formatDay, formatMoney } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";
import { ageDays, AGE_BUCKETS, applyFilter, filterOf, listHref } from "@/lib/ui/disputes/dispute-figures";
import { disputesQueryOptions } from "@/lib/ui/disputes/disputes-client";
import { DisputeFigures } from "./dispute-figures";
import { DisputeStatusBadge } from "./dispute-status";

interface DisputesListProps {
  keyType: "Customer" | "Supplier" | "Employee";
}

const STATUS_TABS: (DisputeStatus | undefined)[] = [undefined, "open", "acknowledged", "resolved"];

/**
 * The disputes the key sees, newest first, filtered by the address (status, and a figure's reason, brand, product or
 * age): cards on a phone, a table at a desk; each row's store, invoice, reasons, amount, what is still open and its
 * age, linked to its page. Staff and brands see their figures above it.
 */
export function DisputesList({ keyType }: DisputesListProps) {
  const params = useSearchParams();
  const filter = filterOf(new URLSearchParams(params.toString()));
  const query = useQuery(disputesQueryOptions({ status: filter.status, supplierId: filter.supplierId }));
  const now = useMemo(() => new Date(), []);
  const rows = query.data ? applyFilter(query.data.disputes, filter, now) : undefined;
  const narrowed = [
    filter.reason && `reason ${REASON_WORDS[filter.reason]}`,
    filter.age && `open ${AGE_BUCKETS.find((b) => b.id === filter.age)?.label.toLowerCase()}`,
    filter.productId &&
      `product ${rows?.[0]?.lines.find((l) => l.productId === filter.productId)?.productName ?? filter.productId}`,
    filter.supplierId && `brand ${filter.supplierId}`,
  ].filter(Boolean);
  return (
    <div className="space-y-4">
      {keyType !== "Customer" && <DisputeFigures keyType={keyType} />}
      <nav aria-label="Status" className="flex flex-wrap gap-2">
        {STATUS_TABS.map((status) => (
          <Link
            key={status ?? "all"}
            href={listHref({ ...filter, status })}
            aria-current={filter.status === status ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded border px-3 text-sm ${filter.status === status ? "border-sky-800 bg-sky-800 font-semibold text-white dark:bg-sky-300 dark:text-slate-950" : "border-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800"}`}
          >
            {status ? STATUS_WORDS[status] : "All"}
          </Link>
        ))}
      </nav>
      {narrowed.length > 0 && (
        <p className="text-sm">
          Only disputes with {narrowed.join(", ")}.{" "}
          <Link href={listHref({ status: filter.status })} className="link">
            Show every one
          </Link>
        </p>
      )}
      {query.error ? (
        <RequestError error={query.error} onRetry={() => void query.refetch()} what="the disputes" />
      ) : !rows ? (
        <div role="status" aria-busy="true" aria-label="Loading the disputes" className="space-y-2">
          {[0, 1, 2].map((i) => (
            <span key={i} className="skeleton block h-16 w-full" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <p data-testid="disputes-loaded">
          {filter.status || narrowed.length ? "No dispute here with these filters." : "No dispute yet."}
          {keyType === "Customer" && " Report a problem from an invoice, or from Receiving."}
        </p>
      ) : (
        <>
          <p className="text-sm" aria-live="polite" data-testid="disputes-loaded">
            {plural(rows.length, "dispute")}
          </p>
          <ul className="space-y-3 sm:hidden" aria-label="Disputes">
            {rows.map((d) => (
              <li key={d.id} className="rounded border border-slate-300 p-3 text-sm dark:border-slate-600">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <Link href={`/disputes/${d.id}`} className="link inline-flex min-h-11 items-center font-semibold">
                    {d.customerName} · {d.invoiceNum}
                  </Link>
                  <DisputeStatusBadge status={d.status} />
                </p>
                <p>{reasonsOf(d)}</p>
                <p>
                  <span className="font-semibold">{formatMoney(d.amount)}</span> in dispute · {formatMoney(d.open)} open
                  · {ageWords(d, now)}
                </p>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto sm:block">
            <table className="data-table w-full text-sm">
              <caption className="sr-only">Disputes</caption>
              <thead>
                <tr>
                  <th scope="col">Store</th>
                  <th scope="col">Invoice</th>
                  <th scope="col">Reasons</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="text-right">
                    In dispute
                  </th>
                  <th scope="col" className="text-right">
                    Open
                  </th>
                  <th scope="col">Opened</th>
                  <th scope="col" className="text-right">
                    Age
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => (
                  <tr key={d.id}>
                    <td>
                      <Link href={`/disputes/${d.id}`} className="link">
                        {d.customerName}
                      </Link>
                    </td>
                    <td>{d.invoiceNum}</td>
                    <td>{reasonsOf(d)}</td>
                    <td>
                      <DisputeStatusBadge status={d.status} />
                    </td>
                    <td className="text-right tabular-nums">{formatMoney(d.amount)}</td>
                    <td className="text-right tabular-nums">{formatMoney(d.open)}</td>
                    <td>{formatDay(d.openedAt.slice(0, 10))}</td>
                    <td className="text-right tabular-nums">{ageWords(d, now)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

const reasonsOf = (d: DisputeSummary) => d.reasons.map((r) => REASON_WORDS[r]).join(", ");

function ageWords(d: DisputeSummary, now: Date): string {
  const days = ageDays(d, now);
  const span = days === 0 ? "today" : plural(days, "day");
  if (d.status === "resolved") return `resolved in ${days === 0 ? "under a day" : span}`;
  return days === 0 ? "opened today" : `${span} old`;
}
