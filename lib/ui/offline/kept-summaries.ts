import { createStore, set } from "idb-keyval";
import { hasDatabase, WEEK_DATABASE, WEEK_MAX_AGE_MS } from "./device-databases";

/**
 * The accounts' summaries kept with a rep's week: each account's top of page (what it owes, how late, its next
 * delivery) as HTML, drawn by the page that saved the week with the same components as the customer's page. The
 * service worker puts the one of the address's account into the customer page's stand-in (`fillKeptSummary`), so the
 * store's money shows as the page is read, before its scripts have run. In the week's database (deleted with it by
 * `clearDevice`), beside the week itself (`week-store.ts`); imported by the worker, so nothing here but IndexedDB.
 */

const STORE = "week";
const SUMMARIES_KEY = "summaries";

/** What is kept: when, and each account's summary by its customer id (the rep's is the week's `WeekMeta`). */
export interface KeptSummaries {
  savedAt: number;
  html: Record<string, string>;
}

let store: ReturnType<typeof createStore> | undefined;
const weekStore = () => (store ??= createStore(WEEK_DATABASE, STORE));

/**
 * Keeps the week's accounts' summaries, replacing those kept before (another rep's, or older; none given keeps none).
 * Resolves with their size in UTF-8 bytes.
 */
export async function keepSummaries(html: Record<string, string>): Promise<number> {
  await set(SUMMARIES_KEY, { savedAt: Date.now(), html } satisfies KeptSummaries, weekStore());
  return new TextEncoder().encode(Object.values(html).join("")).length;
}

/**
 * The summary kept for an account, or undefined: none kept (nothing saved, the account not among the week's), or
 * kept more than a week ago. Read by the worker, which closes the database after each read: a connection it held open
 * would stop `clearDevice` from deleting the database at sign-out.
 *
 * @example
 * const html = await keptSummary(20013);
 */
export async function keptSummary(customerId: number, now = Date.now()): Promise<string | undefined> {
  if (!(await hasDatabase(WEEK_DATABASE))) return undefined;
  const kept = await readOnce<KeptSummaries>(SUMMARIES_KEY).catch(() => undefined);
  if (!kept || now - kept.savedAt > WEEK_MAX_AGE_MS) return undefined;
  return Object.hasOwn(kept.html, String(customerId)) ? kept.html[String(customerId)] : undefined;
}

/** One value of the week's store, read in a connection of its own that is closed after (no store is created). */
function readOnce<T>(key: string): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(WEEK_DATABASE);
    // Nothing is kept when the database is new here (deleted since it was listed): it is not this reader's to create.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const read = db.transaction(STORE, "readonly").objectStore(STORE).get(key);
        read.onsuccess = () => resolve(read.result as T | undefined);
        read.onerror = () => reject(read.error);
      } catch (error) {
        reject(error);
      } finally {
        // Closes once the transaction is done.
        db.close();
      }
    };
  });
}
