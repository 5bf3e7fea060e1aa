import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../test-storage";
import { clearDevice, type DeviceStores, isShellCache } from "./clear-device";

/** Cache Storage over a set of names. */
function cacheStorage(names: string[]): NonNullable<DeviceStores["caches"]> & { names: Set<string> } {
  const set = new Set(names);
  return { names: set, keys: async () => [...set], delete: async (name) => set.delete(name) };
}

/** IndexedDB over a set of names; `blocked` names answer "blocked" (another tab holds them) and stay listed. */
function databases(
  names: string[],
  blocked: string[] = [],
): NonNullable<DeviceStores["indexedDB"]> & { names: Set<string> } {
  const set = new Set(names);
  return {
    names: set,
    databases: async () => [...set].map((name) => ({ name, version: 1 })),
    deleteDatabase: (name) => {
      const request = {} as IDBOpenDBRequest;
      queueMicrotask(() => {
        if (blocked.includes(name)) return request.onblocked?.call(request, {} as IDBVersionChangeEvent);
        set.delete(name);
        request.onsuccess?.call(request, {} as Event);
      });
      return request;
    },
  };
}

describe("clearDevice", () => {
  it("deletes every cache but the shell's precache, every database, and the tab's web storage", async () => {
    const caches = cacheStorage(["serwist-precache-v2-https://b.example/", "backroom-pages", "some-later-cache"]);
    const indexedDB = databases(["keyval-store", "backroom-offline"]);
    const session = new MemoryStorage();
    const local = new MemoryStorage();
    session.setItem("backroom.idempotency.POST /api/v1/x", "key");
    session.setItem("backroom.watching.12", "[]");
    local.setItem("anything", "kept by a later page");
    await clearDevice({ caches, indexedDB, storages: [session, local] });
    expect([...caches.names]).toEqual(["serwist-precache-v2-https://b.example/"]);
    expect([...indexedDB.names]).toEqual([]);
    expect(session.length).toBe(0);
    expect(local.length).toBe(0);
  });

  it("finishes when a database is held open elsewhere (it is deleted when let go), and clears the rest", async () => {
    const indexedDB = databases(["held", "free"], ["held"]);
    const caches = cacheStorage(["backroom-pages"]);
    await clearDevice({ caches, indexedDB, storages: [] });
    expect([...indexedDB.names]).toEqual(["held"]);
    expect([...caches.names]).toEqual([]);
  });

  it("does without what the browser lacks or refuses", async () => {
    await expect(clearDevice({})).resolves.toBeUndefined();
    const noList = { deleteDatabase: () => ({}) as IDBOpenDBRequest } as unknown as DeviceStores["indexedDB"];
    const refusing = {
      clear: () => {
        throw new DOMException("Access is denied for this document.", "SecurityError");
      },
    };
    const session = new MemoryStorage();
    session.setItem("backroom.watching.1", "[]");
    await expect(clearDevice({ indexedDB: noList, storages: [refusing, session] })).resolves.toBeUndefined();
    expect(session.length).toBe(0);
  });

  it("goes on when Cache Storage fails", async () => {
    const session = new MemoryStorage();
    session.setItem("backroom.watching.1", "[]");
    const failing = { keys: async () => Promise.reject(new Error("SecurityError")), delete: async () => false };
    await clearDevice({ caches: failing, storages: [session] });
    expect(session.length).toBe(0);
  });
});

describe("isShellCache", () => {
  it.each([
    ["serwist-precache-v2-https://backroom.example/", true],
    ["backroom-pages", false],
    ["serwist-runtime-https://backroom.example/", false],
    ["pages", false],
  ])("%s: %s", (name, shell) => {
    expect(isShellCache(name)).toBe(shell);
  });
});
