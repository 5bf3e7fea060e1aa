"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { apiQueryOptions, type ApiRequest } from "@/lib/domain/api-query";
import { browserApi, budgetStore } from "@/lib/ui/browser-api";
import { nextCheckIn } from "@/lib/ui/follow-up";
import { PAYMENTS_STALE } from "@/lib/ui/payments/requests";
import type { Watched } from "@/lib/ui/payments/use-watched";
import { useRefreshNow } from "@/lib/ui/refresh-now";

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
 * Follows the requests sent from this page: asks the API (past the proxy's cache) for those still Pending or Exported,
 * after 15 s, then less and less often while nothing changes (up to every 5 minutes), and not at all while the hour's
 * requests are nearly used up or nothing is open. When one settles, `onChange` reads the balances again.
 *
 * While the page's own list of applications holds every followed request (it is newest first, and they are the
 * newest), their statuses are read from it and a check reads the list again: one request, not a second one for the
 * open ones. Otherwise (a status filter that leaves them out) the open ones are asked for by their payments.
 */
export function useFollowUp(
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scheduled anew after each check (`tick`) and when the number still open changes; `check` is the same work.
  }, [openCount, tick]);

  return {
    open: openCount,
    checking,
    lastChecked,
    checkNow: (request: ApiRequest) => check([request]).catch(() => {}),
  };
}
