/** The IndexedDB database of a rep's week kept on the device (`week-store.ts`). */
export const WEEK_DATABASE = "backroom-offline";
/** How long a week is kept on the device: a week, as long as a session can last at most (SESSION_MAX_DAYS' default). */
export const WEEK_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The IndexedDB database of visit notes and other writes waiting to be sent (`outbox.ts`). */
export const OUTBOX_DATABASE = "backroom-outbox";

/**
 * Whether this origin has an IndexedDB database of that name (something was kept on this device since it was last
 * cleared), so that a page that only looks for what may be kept opens, and so creates, no empty database. True where
 * the browser cannot list its databases (`indexedDB.databases()`, Firefox before 126): then it is opened to look.
 *
 * @example
 * if (await hasDatabase("backroom-outbox")) await flushOutbox();
 */
export async function hasDatabase(name: string): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  if (typeof indexedDB.databases !== "function") return true;
  return (await indexedDB.databases()).some((d) => d.name === name);
}
