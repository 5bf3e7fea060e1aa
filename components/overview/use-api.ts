"use client";

import { useQuery } from "@tanstack/react-query";
import type { OperationId } from "@/lib/data-api/registry";
import { type ApiRequest, apiQueryOptions, apiWalkOptions } from "@/lib/domain/api-query";
import { OVERVIEW_WALK_PAGES } from "@/lib/ui/overview/requests";
import { browserApi } from "@/lib/ui/browser-api";

/** A card's request: the answer the server prefetched for it, or the browser's own. */
export function useApi<K extends OperationId>(request: ApiRequest<K>, staleTime: number, enabled = true) {
  return useQuery({ ...apiQueryOptions(browserApi, request, staleTime), enabled });
}

/**
 * A card's list read whole, as the list page its figure opens reads it (the same query: `apiWalkOptions` of the same
 * request and bound), the server's prefetch or the browser's own.
 */
export function useWalk<K extends OperationId>(request: ApiRequest<K>, staleTime: number, enabled = true) {
  return useQuery({ ...apiWalkOptions(browserApi, request, staleTime, OVERVIEW_WALK_PAGES), enabled });
}
