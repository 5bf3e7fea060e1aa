"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { StageBadge } from "@/components/order-guide/shared-list-header";
import { RequestError } from "@/components/table/request-error";
import { useTimeZone } from "@/components/shell/providers";
import { formatDateTime, formatMoney } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { storeReordersQueryOptions } from "@/lib/ui/order-guide/shared-list-client";

interface CustomerReordersProps {
  customerId: number;
  /** The store's sales rep (`SalesRepUserID`): a member linked to that rep sees its requests. */
  salesRepUserId: number | null | undefined;
}

/**
 * "Reorder requests" on a customer's page, for the distributor's staff: the store's lists of the last 90 days at every
 * stage (`GET /api/order-guide/reorders?customer=&status=all`), each with its stage, what was invoiced, who sent it when, and its
 * lines and total, linked to the list. None: said in a line, and why when the person is neither the store's rep (as
 * linked on Members) nor an owner or admin, who are the ones who see a store's requests.
 */
export function CustomerReorders({ customerId, salesRepUserId }: CustomerReordersProps) {
  const scope = useKeyScope();
  const timeZone = useTimeZone();
  const reorders = useQuery({ ...storeReordersQueryOptions(customerId), enabled: scope.keyType === "Employee" });
  if (scope.keyType !== "Employee") return null;
  const seesAll = scope.role === "owner" || scope.role === "admin";
  const isRep = scope.salesRepUserId != null && scope.salesRepUserId === salesRepUserId;
  const requests = reorders.data?.requests;
  return (
    <section aria-labelledby="customer-reorders" className="space-y-2">
      <h2 id="customer-reorders" className="text-lg font-semibold">
        Reorder requests
      </h2>
      {reorders.error ? (
        <RequestError error={reorders.error} onRetry={() => void reorders.refetch()} what="the reorder requests" />
      ) : !requests ? (
        <p className="text-sm" aria-busy="true">
          Reading the store&apos;s reorder requests…
        </p>
      ) : requests.length === 0 ? (
        <p className="text-sm">
          {seesAll || isRep
            ? "No reorder request from this store in the last 90 days."
            : "None shown: a store's reorder requests are seen by its sales rep (the member an owner or admin links to them on Members) and by owners and admins, and you are neither for this store."}
        </p>
      ) : (
        <ul className="max-w-3xl space-y-2">
          {requests.map((r) => (
            <li
              key={r.id}
              className="space-y-1 rounded border border-slate-300 px-3 py-2 text-sm dark:border-slate-600"
            >
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link
                  href={`/order-guide/lists/${r.id}`}
                  className="link inline-flex min-h-11 items-center font-semibold"
                >
                  Sent {formatDateTime(r.sentAt, timeZone)} by {r.sentBy}
                </Link>
                <StageBadge stage={r.stage} />
              </p>
              <p>
                {plural(r.lineCount, "line")} · {plural(r.totalCases, "case")} · {formatMoney(r.total)} · {r.matchWords}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
