import "server-only";
import { headers } from "next/headers";
import { SAVE_HEADER } from "@/lib/ui/offline/page-rules";

/**
 * Whether this render is "Save for offline" keeping the page (the service worker's fetch, `SAVE_HEADER`): the page then
 * skips its data prefetch, as it will draw from what the device keeps (IndexedDB), and its HTML stays small.
 */
export async function isOfflineSave(): Promise<boolean> {
  return (await headers()).get(SAVE_HEADER) === "1";
}
