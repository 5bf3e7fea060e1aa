/** What `clearDevice` reaches: the browser's, or stand-ins in tests. */
export interface DeviceStores {
  caches?: Pick<CacheStorage, "keys" | "delete">;
  indexedDB?: Pick<IDBFactory, "databases" | "deleteDatabase">;
  storages?: Pick<Storage, "clear">[];
}

/**
 * Leaves nothing of the signed-in person on this device: deletes every Cache Storage cache but the precache of the
 * build's shell (the service worker's kept pages, `backroom-pages`), every IndexedDB database of the origin (the data
 * pages keep for offline use; `indexedDB.databases()`), and what the tab keeps in web storage (the Idempotency-Keys
 * and the followed payment requests in sessionStorage; nothing of the app's in localStorage is meant to outlive a
 * session either). The theme and time-zone cookies stay: they are the device's, not the person's. Called at sign-out
 * and where the server says the person is signed out or in no workspace (the sign-in and workspaces pages). Never
 * throws; a database another tab holds open is deleted once that tab lets go of it.
 *
 * @example
 * await clearDevice(); // then send the person to /sign-in
 */
export async function clearDevice(stores: DeviceStores = browserStores()): Promise<void> {
  await Promise.allSettled([clearCaches(stores.caches), clearDatabases(stores.indexedDB)]);
  for (const storage of stores.storages ?? []) {
    try {
      storage.clear();
    } catch {
      // Storage refused (blocked): there is nothing in it to clear.
    }
  }
}

async function clearCaches(cacheStorage: DeviceStores["caches"]): Promise<void> {
  if (!cacheStorage) return;
  const names = (await cacheStorage.keys()).filter((name) => !isShellCache(name));
  await Promise.allSettled(names.map((name) => cacheStorage.delete(name)));
}

async function clearDatabases(factory: DeviceStores["indexedDB"]): Promise<void> {
  // indexedDB.databases() is in every current browser (Firefox since 126); without it, nothing is known to delete.
  if (!factory?.databases) return;
  const databases = await factory.databases();
  await Promise.allSettled(
    databases.flatMap(({ name }) =>
      name === undefined
        ? []
        : [
            new Promise<void>((resolve) => {
              const request = factory.deleteDatabase(name);
              request.onsuccess = () => resolve();
              request.onerror = () => resolve();
              // Another connection is open (this page's own, or another tab's): the deletion waits for it to close.
              request.onblocked = () => resolve();
            }),
          ],
    ),
  );
}

/** Whether a Cache Storage cache may stay when the person's data goes: only Serwist's precache of the build's shell. */
export function isShellCache(name: string): boolean {
  return name.startsWith("serwist-precache");
}

function browserStores(): DeviceStores {
  if (typeof window === "undefined") return {};
  const storages: Storage[] = [];
  for (const get of [() => window.sessionStorage, () => window.localStorage]) {
    try {
      storages.push(get());
    } catch {
      // Reading storage refused (SecurityError): nothing there.
    }
  }
  return {
    caches: "caches" in window ? window.caches : undefined,
    indexedDB: "indexedDB" in window ? window.indexedDB : undefined,
    storages,
  };
}
