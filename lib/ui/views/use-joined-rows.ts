"use client";

import { useQueries } from "@tanstack/react-query";
import { apiQueryKey, callApi } from "@/lib/domain/api-query";
import type { KeyScope } from "@/lib/domain/key-scope";
import {
  joinIds,
  joinRequest,
  joinRows,
  joinsFor,
  type JoinScope,
  readJoinChildren,
} from "@/lib/domain/views/list-joins";
import { browserApi } from "@/lib/ui/browser-api";
import type { ListViewSpec } from "./list-view-spec";

type Row = Record<string, unknown>;

/** What a join knows of the key: a Supplier key's suppliers, from the session. */
export function joinScopeOf(scope: KeyScope): JoinScope {
  return scope.suppliers ? { supplierIds: new Set(scope.suppliers.map((s) => s.id)) } : {};
}

/**
 * The rows a list page shows with its joined columns filled (`list-joins.ts`): the children of the rows shown, read
 * by their ids in batches (one request for a page of 50 invoices and their lines), cached with the list's stale time.
 * Until they have come the rows are shown without them; `reading` says what is being read, `failed` what could not be.
 */
export function useJoinedRows(view: ListViewSpec, rows: Row[], scope: KeyScope) {
  const joins = joinsFor(view, scope.keyType);
  const joinScope = joinScopeOf(scope);
  const results = useQueries({
    queries: joins.map((join) => {
      const ids = joinIds(join, rows);
      return {
        queryKey: ["join", ...apiQueryKey(joinRequest(join, ids, 1, 500))] as const,
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          readJoinChildren({
            ids,
            signal,
            fetchPage: async (batch, page, pageSize, s) => {
              const result = await callApi(browserApi, joinRequest(join, batch, page, pageSize), { signal: s });
              return {
                rows: result.records as Row[],
                hasNextPage: result.paging?.hasNextPage ?? false,
                rateLimit: result.meta.rateLimit,
              };
            },
          }),
        staleTime: view.staleTime,
        enabled: ids.length > 0,
      };
    }),
  });
  let joined = rows;
  joins.forEach((join, index) => {
    // Only the children read for these very rows: a row whose id was not asked is not one without children.
    const children = results[index]?.data;
    if (children) joined = joinRows(join, joined, children, joinScope);
  });
  return {
    rows: joined,
    reading: joins.filter((_, i) => results[i]?.isFetching).map((j) => j.reading),
    failed: joins.flatMap((j, i) => {
      const result = results[i];
      return result?.error ? [{ reading: j.reading, error: result.error, retry: () => void result.refetch() }] : [];
    }),
  };
}
