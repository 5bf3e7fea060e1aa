import { afterEach, describe, expect, it } from "vitest";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { hashOf, isFinalRefusal, keyForSignature, type KeyStore, sendOnce, sessionKeyStore } from "./idempotency";
import { BrokenStorage, MemoryStorage } from "./test-storage";

const PREFIX = "backroom.idempotency.";

describe("sessionKeyStore", () => {
  it("keeps keys in the given storage under its prefix", () => {
    const storage = new MemoryStorage();
    const store = sessionKeyStore(storage);
    store.set("sig-a", "key-a");
    expect(storage.getItem(`${PREFIX}sig-a`)).toBe("key-a");
    expect(store.get("sig-a")).toBe("key-a");
    expect(store.get("sig-b")).toBeUndefined();
  });

  it("finds a key kept before a reload, in a new store over the same storage", () => {
    const storage = new MemoryStorage();
    sessionKeyStore(storage).set("sig-a", "key-a");
    const afterReload = sessionKeyStore(storage);
    expect(afterReload.get("sig-a")).toBe("key-a");
  });

  it("removes a deleted key from the storage too", () => {
    const storage = new MemoryStorage();
    const store = sessionKeyStore(storage);
    store.set("sig-a", "key-a");
    store.set("sig-b", "key-b");
    store.delete("sig-a");
    expect(store.get("sig-a")).toBeUndefined();
    expect(storage.getItem(`${PREFIX}sig-a`)).toBeNull();
    expect(sessionKeyStore(storage).get("sig-a")).toBeUndefined();
    expect(store.get("sig-b")).toBe("key-b");
  });

  it("leaves other entries of the storage alone", () => {
    const storage = new MemoryStorage();
    storage.setItem("sig-a", "not ours");
    const store = sessionKeyStore(storage);
    expect(store.get("sig-a")).toBeUndefined();
    store.set("sig-a", "key-a");
    store.delete("sig-a");
    expect(storage.getItem("sig-a")).toBe("not ours");
  });

  it("keeps keys in memory when the storage refuses writes", () => {
    const storage = new MemoryStorage();
    storage.refuseWrites = true;
    const store = sessionKeyStore(storage);
    expect(() => store.set("sig-a", "key-a")).not.toThrow();
    expect(store.get("sig-a")).toBe("key-a");
    expect(storage.length).toBe(0);
    store.delete("sig-a");
    expect(store.get("sig-a")).toBeUndefined();
  });

  it("keeps keys in memory when every storage call throws", () => {
    const store = sessionKeyStore(new BrokenStorage());
    expect(store.get("sig-a")).toBeUndefined();
    expect(() => store.set("sig-a", "key-a")).not.toThrow();
    expect(store.get("sig-a")).toBe("key-a");
    expect(() => store.delete("sig-a")).not.toThrow();
    expect(store.get("sig-a")).toBeUndefined();
  });

  it("keeps keys in memory without a storage", () => {
    // Node has no sessionStorage, so the default is none as well.
    expect(globalThis.sessionStorage).toBeUndefined();
    for (const store of [sessionKeyStore(undefined), sessionKeyStore()]) {
      expect(store.get("sig-a")).toBeUndefined();
      store.set("sig-a", "key-a");
      expect(store.get("sig-a")).toBe("key-a");
      store.delete("sig-a");
      expect(store.get("sig-a")).toBeUndefined();
    }
  });

  describe("where reading sessionStorage itself throws (storage blocked)", () => {
    afterEach(() => {
      Reflect.deleteProperty(globalThis, "sessionStorage");
    });

    it("falls back to memory instead of throwing", () => {
      Object.defineProperty(globalThis, "sessionStorage", {
        configurable: true,
        get() {
          throw new DOMException("Access is denied for this document.", "SecurityError");
        },
      });
      const store = sessionKeyStore();
      store.set("sig-a", "key-a");
      expect(store.get("sig-a")).toBe("key-a");
    });
  });

  it("uses the tab's sessionStorage by default", () => {
    const storage = new MemoryStorage();
    Object.defineProperty(globalThis, "sessionStorage", { configurable: true, value: storage });
    try {
      sessionKeyStore().set("sig-a", "key-a");
      expect(storage.getItem(`${PREFIX}sig-a`)).toBe("key-a");
    } finally {
      Reflect.deleteProperty(globalThis, "sessionStorage");
    }
  });
});

/** A KeyStore over a Map, that lets a test see what is kept. */
function mapStore(): KeyStore & { keys: Map<string, string> } {
  const keys = new Map<string, string>();
  return { keys, get: (s) => keys.get(s), set: (s, k) => void keys.set(s, k), delete: (s) => void keys.delete(s) };
}

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

const refusal = (status: number, code?: string) => new DataApiError({ status, code, detail: "refused" });

describe("keyForSignature", () => {
  it("gives the waiting key for a signature, and a new one for another", () => {
    const store = mapStore();
    const newKey = counter();
    expect(keyForSignature(store, "a", newKey)).toBe("key-1");
    expect(keyForSignature(store, "a", newKey)).toBe("key-1");
    expect(keyForSignature(store, "b", newKey)).toBe("key-2");
    store.delete("a");
    expect(keyForSignature(store, "a", newKey)).toBe("key-3");
  });
});

describe("isFinalRefusal", () => {
  it("is final for refusals on the request's merits", () => {
    for (const status of [400, 403, 404, 409, 422]) expect(isFinalRefusal(refusal(status))).toBe(true);
  });

  it("is not final without a settled answer", () => {
    for (const status of [0, 429, 500, 502, 503, 504]) expect(isFinalRefusal(refusal(status))).toBe(false);
    expect(isFinalRefusal(refusal(409, "IDEMPOTENCY_KEY_IN_PROGRESS"))).toBe(false);
    expect(isFinalRefusal(new Error("boom"))).toBe(false);
    expect(isFinalRefusal(undefined)).toBe(false);
  });
});

describe("sendOnce", () => {
  it("ends the key once answered", async () => {
    const store = mapStore();
    const seen: string[] = [];
    await expect(sendOnce(store, "sig", async (key) => (seen.push(key), "ok"), counter())).resolves.toBe("ok");
    expect(store.keys.size).toBe(0);
    await sendOnce(store, "sig", async (key) => void seen.push(key), counter());
    expect(seen).toEqual(["key-1", "key-1"]);
  });

  it("sends the same key again after a failure with no settled answer", async () => {
    const store = mapStore();
    const newKey = counter();
    const seen: string[] = [];
    for (const error of [
      refusal(0, "NETWORK_ERROR"),
      refusal(503),
      refusal(429),
      refusal(409, "IDEMPOTENCY_KEY_IN_PROGRESS"),
    ]) {
      await expect(
        sendOnce(
          store,
          "sig",
          async (key) => {
            seen.push(key);
            throw error;
          },
          newKey,
        ),
      ).rejects.toBe(error);
    }
    await sendOnce(store, "sig", async (key) => void seen.push(key), newKey);
    expect(seen).toEqual(["key-1", "key-1", "key-1", "key-1", "key-1"]);
    expect(store.keys.size).toBe(0);
  });

  it("ends the key on a refusal on the merits, so a corrected request is a new one", async () => {
    const store = mapStore();
    const newKey = counter();
    await expect(
      sendOnce(
        store,
        "sig",
        async () => {
          throw refusal(422);
        },
        newKey,
      ),
    ).rejects.toMatchObject({ status: 422 });
    expect(store.keys.size).toBe(0);
    const seen: string[] = [];
    await sendOnce(store, "sig", async (key) => void seen.push(key), newKey);
    expect(seen).toEqual(["key-2"]);
  });

  it("keeps one key per signature: two writes in flight do not share one", async () => {
    const store = mapStore();
    const newKey = counter();
    const seen: string[] = [];
    await Promise.all([
      sendOnce(store, "a", async (k) => void seen.push(k), newKey),
      sendOnce(store, "b", async (k) => void seen.push(k), newKey),
    ]);
    expect(seen.sort()).toEqual(["key-1", "key-2"]);
  });
});

describe("hashOf", () => {
  it("is stable, short and different for different texts", () => {
    expect(hashOf('{"po_num":"PO-1"}')).toBe(hashOf('{"po_num":"PO-1"}'));
    expect(hashOf('{"po_num":"PO-1"}')).not.toBe(hashOf('{"po_num":"PO-2"}'));
    expect(hashOf("")).not.toBe(hashOf(" "));
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) seen.add(hashOf(`{"cases":${i}}`));
    expect(seen.size).toBe(20_000);
    expect(hashOf("x".repeat(100_000)).length).toBeLessThanOrEqual(11);
  });
});
