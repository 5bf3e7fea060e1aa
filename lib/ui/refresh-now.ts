"use client";

import { useQueryClient } from "@tanstack/react-query";
import { apiQueryKey, type ApiRequest, callApi } from "@/lib/domain/api-query";
import { browserApi } from "./browser-api";

/**
 * Re-reads requests through the proxy with `Cache-Control: no-cache` (the API's current answer, a 304 when nothing
 * changed) and puts the answers in the query cache: after a write, and when a status check finds a change.
 */
export function useRefreshNow() {
  const client = useQueryClient();
  return async (requests: ApiRequest[]) => {
    await Promise.all(
      requests.map(async (request) =>
        client.setQueryData(apiQueryKey(request), await callApi(browserApi, request, { revalidate: true })),
      ),
    );
  };
}
