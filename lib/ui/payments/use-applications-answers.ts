"use client";

import { type Query, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { ApplicationsAnswer } from "./request-status";

type Cached = { records?: ApplicationsAnswer["records"]; paging?: { hasNextPage?: boolean } };

/** The cached answers of `/payments/applications` (the page's list, the follow-up's, the form's outstanding ones). */
function answersOf(queries: readonly Query[]): ApplicationsAnswer[] {
  return queries.flatMap((q) => {
    const data = q.state.data as Cached | undefined;
    if (!data?.records) return [];
    const query = Object.fromEntries(new URLSearchParams(String(q.queryKey[3] ?? "")));
    return [{ query, records: data.records, complete: !data.paging?.hasNextPage, at: q.state.dataUpdatedAt }];
  });
}

const KEY = ["api", "listPaymentApplications"] as const;

/**
 * Every answer of `/payments/applications` the page holds, kept current as new ones come: what `currentStatus` reads
 * a sent request's status from. No request of its own.
 */
export function useApplicationsAnswers(): ApplicationsAnswer[] {
  const cache = useQueryClient().getQueryCache();
  // A text that changes when an answer does: the snapshot React compares.
  const version = useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () =>
      cache
        .findAll({ queryKey: KEY })
        .map((q) => `${q.queryHash}@${q.state.dataUpdatedAt}`)
        .join("|"),
    () => "",
  );
  return version === "" ? [] : answersOf(cache.findAll({ queryKey: KEY }));
}
