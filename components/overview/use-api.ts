"use client";

import { useQuery } from "@tanstack/react-query";
import type { OperationId } from "@/lib/data-api/registry";
import { type ApiRequest, apiQueryOptions } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";

/** A card's request: the answer the server prefetched for it, or the browser's own. */
export function useApi<K extends OperationId>(request: ApiRequest<K>, staleTime: number, enabled = true) {
  return useQuery({ ...apiQueryOptions(browserApi, request, staleTime), enabled });
}
