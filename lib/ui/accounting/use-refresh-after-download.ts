"use client";

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type ExportEntry, EXPORTS_KEY, exportsQueryOptions, PREVIEW_KEY } from "./accounting-client";

/** How long a marked download may take to be in the ledger before the page asks again anyway. */
const PATIENCE_MS = 45_000;
const EVERY_MS = 1_500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a marked download (a plain link: the browser fetches it, the page is not told when it is done), the
 * exports' list is asked again until it holds the file as a new entry, then the preview: with "only what is new" it
 * shows the rest. Which entry is new is told by its id (not by the clocks of browser and server); without the list
 * at the click, a pause stands in for it.
 */
export async function refreshAfterDownload(client: QueryClient, fileName: string): Promise<void> {
  const before = client.getQueryData<ExportEntry[]>(EXPORTS_KEY);
  if (before === undefined) await pause(3_000);
  else {
    const known = new Set(before.map((e) => e.id));
    const until = Date.now() + PATIENCE_MS;
    while (Date.now() < until) {
      await pause(EVERY_MS);
      const list = await client.fetchQuery({ ...exportsQueryOptions, staleTime: 0 }).catch(() => undefined);
      if (list?.some((e) => !known.has(e.id) && e.fileName === fileName)) break;
    }
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: PREVIEW_KEY }),
    client.invalidateQueries({ queryKey: EXPORTS_KEY }),
  ]);
}

/** `refreshAfterDownload` with the page's query client. */
export function useRefreshAfterDownload(): (fileName: string) => void {
  const client = useQueryClient();
  return useCallback((fileName: string) => void refreshAfterDownload(client, fileName), [client]);
}
