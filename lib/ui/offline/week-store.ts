import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import type { PersistedClient } from "@tanstack/query-persist-client-core";
import { dehydrate, hashKey, hydrate, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { createStore, del, get, set } from "idb-keyval";
import { hasDatabase, WEEK_DATABASE, WEEK_MAX_AGE_MS } from "./device-databases";
import { keepSummaries } from "./kept-summaries";

export { WEEK_MAX_AGE_MS } from "./device-databases";

/**
 * A rep's week kept on the device ("Save for offline"): the answers Today read (the rep's accounts, their
 * delivery schedules, AR aging rows, last orders, the states' cut-offs) and the accounts' visit notes, as
 * react-query's dehydrated cache, in IndexedDB through TanStack Query's persister over idb-keyval. Restored into the
 * page's query client where a page of the rep's opens (Today, the accounts, a customer's page from the device): an
 * answer already newer in the cache is kept, so online the network's answer wins and offline the device's shows.
 *
 * Never the API key or a password (the browser has neither); the person's data, deleted by `clearDevice` at sign-out.
 */

const STORE = "week";
const CACHE_KEY = "cache";
const META_KEY = "meta";

/** What a save kept, shown beside the button and read by the offline line. */
export interface WeekMeta {
  /** When it was saved (ms since the epoch). */
  savedAt: number;
  repId: number;
  /** The day the lists were asked for (Today's invoices start 90 days before it): their keys, to read them by offline. */
  day: string;
  accounts: number;
  /** Queries kept, and the size of what was written (the serialized cache and the summaries, in UTF-8 bytes). */
  queries: number;
  bytes: number;
}

let store: ReturnType<typeof createStore> | undefined;
/** The store, opened on first use (never on the server, nor on a page that keeps nothing). */
const weekStore = () => (store ??= createStore(WEEK_DATABASE, STORE));

let lastBytes = 0;
const persister = createAsyncStoragePersister({
  storage: {
    getItem: (key: string) => get<string>(key, weekStore()).then((value) => value ?? null),
    setItem: (key: string, value: string) => {
      lastBytes = new TextEncoder().encode(value).length;
      return set(key, value, weekStore());
    },
    removeItem: (key: string) => del(key, weekStore()),
  },
  key: CACHE_KEY,
  // A save is a person's action, written at once.
  throttleTime: 0,
});

/** The buster of a rep's week: another rep's saved week is not this one's. */
const busterOf = (repId: number) => `week-v1:${repId}`;

/**
 * Keeps these queries' answers (the successful ones) on the device as the rep's week, with the accounts' summaries
 * drawn from them for the service worker (`kept-summaries.ts`; none kept when not given), replacing any week kept
 * before. The size told is both's.
 *
 * @example
 * const meta = await saveWeek(queryClient, { repId: 1008, day: "2026-11-25", accounts: 254, keys: today.queryKeys });
 */
export async function saveWeek(
  queryClient: QueryClient,
  {
    repId,
    day,
    accounts,
    keys,
    summaries = {},
  }: {
    repId: number;
    day: string;
    accounts: number;
    keys: readonly QueryKey[];
    summaries?: Record<string, string>;
  },
): Promise<WeekMeta> {
  const wanted = new Set(keys.map((key) => hashKey(key)));
  const clientState = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => wanted.has(query.queryHash) && query.state.status === "success",
    shouldDehydrateMutation: () => false,
  });
  // What persistQueryClientSave writes (written here: the count of what was kept is told beside the button).
  await persister.persistClient({ buster: busterOf(repId), timestamp: Date.now(), clientState });
  const summaryBytes = await keepSummaries(summaries);
  const meta: WeekMeta = {
    savedAt: Date.now(),
    repId,
    day,
    accounts,
    queries: clientState.queries.length,
    bytes: lastBytes + summaryBytes,
  };
  await set(META_KEY, meta, weekStore());
  return meta;
}

/** What the device keeps of a week, or undefined when nothing (or only what is past its week). */
export async function weekMeta(): Promise<WeekMeta | undefined> {
  if (!(await hasDatabase(WEEK_DATABASE))) return undefined;
  const meta = await get<WeekMeta>(META_KEY, weekStore()).catch(() => undefined);
  return meta && Date.now() - meta.savedAt <= WEEK_MAX_AGE_MS ? meta : undefined;
}

let preloaded: Promise<{ meta?: WeekMeta; client?: PersistedClient }> | undefined;

/**
 * Starts reading the kept week (its size is some hundreds of kilobytes) while the page is still being hydrated, so that
 * `restoreWeek` has it at once. Called when a rep's page's code loads; reads nothing where no week was saved.
 */
export function preloadWeek(): void {
  preloaded ??= weekMeta()
    .then(async (meta) => ({ meta, client: meta ? await persister.restoreClient() : undefined }))
    .catch(() => ({}));
}

/**
 * Puts the rep's kept week into the query client (answers newer in the cache stay). Resolves with what was kept, or
 * undefined when the device keeps no week of this rep.
 *
 * @example
 * const meta = await restoreWeek(queryClient, 1008);
 */
export async function restoreWeek(queryClient: QueryClient, repId: number): Promise<WeekMeta | undefined> {
  preloadWeek();
  const { meta, client } = await preloaded!;
  // Read once: a save since, or another rep's page, reads again.
  preloaded = undefined;
  if (
    !meta ||
    meta.repId !== repId ||
    !client ||
    client.buster !== busterOf(repId) ||
    Date.now() - client.timestamp > WEEK_MAX_AGE_MS
  )
    return undefined;
  // As persistQueryClientRestore does, from what was read already.
  hydrate(queryClient, client.clientState);
  return meta;
}
