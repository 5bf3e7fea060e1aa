import type { SaveMessage, SaveResult } from "./page-rules";

export type { SaveResult } from "./page-rules";

/**
 * Keeps the given pages on this device now ("Save for offline"), through the service worker: each address is fetched
 * once (with the `Backroom-Offline-Save: 1` header, so its server render may skip its data prefetch) and kept when it
 * is a dashboard page that answered with its HTML. Resolves with the addresses kept and those that were not, as given.
 * Without a worker (a development server, a browser that refuses one) nothing is kept and every address has failed.
 * Only pages: the data they show offline is the page's own to keep (IndexedDB).
 *
 * @example
 * const { saved, failed } = await saveForOffline(["/today", "/customers", "/customers/12"]);
 */
export async function saveForOffline(
  urls: string[],
  { timeoutMs = 120_000 }: { timeoutMs?: number } = {},
): Promise<SaveResult> {
  const none = { saved: [], failed: [...urls] };
  if (urls.length === 0 || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return none;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return none;
  // A worker still installing (its precache on the way) answers once it is active.
  const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
  if (!worker) return none;
  return new Promise<SaveResult>((resolve) => {
    const channel = new MessageChannel();
    const settle = (result: SaveResult) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(result);
    };
    const timer = setTimeout(() => settle(none), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<SaveResult>) => settle(event.data);
    worker.postMessage({ type: "backroom:save-pages", urls } satisfies SaveMessage, [channel.port2]);
  });
}
