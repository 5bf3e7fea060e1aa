import { afterEach, describe, expect, it, vi } from "vitest";
import { type CachedResponse, createResponseCache } from "./response-cache";
import { StoreUnavailable } from "./shared/redis-store";
import type { SharedStore } from "./shared/shared-store";
import { withNearCache } from "./shared/near-cache";
import { redisUrl, sharedStoreProfiles } from "./shared/testing";

const ALICE = "hmac-alice";
const BOB = "hmac-bob";
const INVOICES = "https://api.example.com/api/v1/invoices?Page=1";
const STATES = "https://api.example.com/api/v1/states";

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

function answer(text: string, over: Partial<CachedResponse> = {}): CachedResponse {
  return {
    status: 200,
    headers: {},
    body: new TextEncoder().encode(text),
    etag: `W/"${text.length}"`,
    storedAt: 1_000_000,
    freshUntil: 1_015_000,
    resource: "Invoices",
    ...over,
  };
}

const HOUR = 60 * 60 * 1000;
const bodyOf = (entry: CachedResponse | undefined) => (entry ? new TextDecoder().decode(entry.body) : undefined);

const opened: SharedStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

describe.each(sharedStoreProfiles())("response cache on $name", (profile) => {
  async function setup(options: { maxEntryBytes?: number } = {}) {
    const store = await profile.open();
    opened.push(store);
    const c = clock();
    const cache = createResponseCache(store, { now: c.now, ...options });
    /** The same cache as another instance sharing the store sees it. */
    const peer = createResponseCache(store.peer(), { now: c.now, ...options });
    /** Looks up and stores in one go, as the proxy does after an upstream 200. */
    const put = async (on: typeof cache, fp: string, url: string, entry: CachedResponse) =>
      on.store(await on.lookup(fp, url, entry.resource), entry);
    const get = async (on: typeof cache, fp: string, url: string, resource = "Invoices") =>
      (await on.lookup(fp, url, resource)).entry;
    return { cache, peer, clock: c, put, get };
  }

  it("never answers one key with another key's entry", async () => {
    const { cache, put, get } = await setup();
    await put(cache, ALICE, INVOICES, answer("alice's invoices"));
    expect(await get(cache, BOB, INVOICES)).toBeUndefined();
    await put(cache, BOB, INVOICES, answer("bob's invoices"));
    expect(bodyOf(await get(cache, ALICE, INVOICES))).toBe("alice's invoices");
    expect(bodyOf(await get(cache, BOB, INVOICES))).toBe("bob's invoices");
    // A fingerprint that would shift the "\n" separator is refused rather than risk a collision.
    await expect(cache.lookup(`${ALICE}\nhttps:`, INVOICES, "Invoices")).rejects.toThrow(/fingerprint/);
  });

  it("answers what another instance stored, with its headers, ETag and freshness", async () => {
    const { cache, peer, put, get } = await setup();
    await put(
      cache,
      ALICE,
      INVOICES,
      answer("v1", { headers: { "X-Request-Id": "a", ETag: 'W/"2"' }, freshUntil: 1_015_000 }),
    );
    const entry = await get(peer, ALICE, INVOICES);
    expect(bodyOf(entry)).toBe("v1");
    expect(entry).toMatchObject({
      status: 200,
      headers: { "X-Request-Id": "a", ETag: 'W/"2"' },
      etag: 'W/"2"',
      storedAt: 1_000_000,
      freshUntil: 1_015_000,
      resource: "Invoices",
    });
  });

  it("refreshes an entry after a 304: fresh again, new headers and ETag kept", async () => {
    const { cache, clock: c, put } = await setup();
    await put(cache, ALICE, INVOICES, answer("v1", { freshUntil: c.now() + 15_000, headers: { "X-Request-Id": "a" } }));
    c.advance(20_000);
    const stale = await cache.lookup(ALICE, INVOICES, "Invoices");
    await cache.refresh(stale, c.now() + 15_000, { "X-Request-Id": "b", ETag: 'W/"next"' });
    const entry = (await cache.lookup(ALICE, INVOICES, "Invoices")).entry;
    expect(bodyOf(entry)).toBe("v1");
    expect(entry).toMatchObject({
      headers: { "X-Request-Id": "b", ETag: 'W/"next"' },
      etag: 'W/"next"',
      storedAt: c.now(),
      freshUntil: c.now() + 15_000,
    });
    // Refreshing what is not there does nothing.
    const nothing = await cache.lookup(BOB, INVOICES, "Invoices");
    await cache.refresh(nothing, c.now() + 15_000);
    expect((await cache.lookup(BOB, INVOICES, "Invoices")).entry).toBeUndefined();
  });

  it("skips answers larger than maxEntryBytes, and drops the older answer they replace", async () => {
    const { cache, put, get } = await setup({ maxEntryBytes: 10 });
    await put(cache, ALICE, INVOICES, answer("0123456789"));
    expect(bodyOf(await get(cache, ALICE, INVOICES))).toBe("0123456789");
    await put(cache, ALICE, INVOICES, answer("0123456789A"));
    expect(await get(cache, ALICE, INVOICES)).toBeUndefined();
  });

  it("stores only 200 answers with a body", async () => {
    const { cache } = await setup();
    const found = await cache.lookup(ALICE, INVOICES, "Invoices");
    await expect(cache.store(found, answer("x", { status: 203 }))).rejects.toThrow();
    await expect(cache.store(found, answer(""))).rejects.toThrow();
    expect((await cache.lookup(ALICE, INVOICES, "Invoices")).entry).toBeUndefined();
  });

  it("invalidates only the given resources, only for that key, on every instance", async () => {
    const { cache, peer, put, get } = await setup();
    await put(cache, ALICE, INVOICES, answer("a-invoices"));
    await put(cache, ALICE, `${INVOICES}&Page=2`, answer("a-invoices-2"));
    await put(cache, ALICE, STATES, answer("a-states", { resource: "Directory" }));
    await put(cache, BOB, INVOICES, answer("b-invoices"));
    // A write through the other instance.
    await peer.invalidate(ALICE, ["Invoices", "Payments"]);
    expect(await get(cache, ALICE, INVOICES)).toBeUndefined();
    expect(await get(cache, ALICE, `${INVOICES}&Page=2`)).toBeUndefined();
    expect(bodyOf(await get(cache, ALICE, STATES, "Directory"))).toBe("a-states");
    expect(bodyOf(await get(cache, BOB, INVOICES))).toBe("b-invoices");
    // What is stored after the write is served again.
    await put(cache, ALICE, INVOICES, answer("a-invoices, after the write"));
    expect(bodyOf(await get(peer, ALICE, INVOICES))).toBe("a-invoices, after the write");
  });

  it("keeps an answer a write made out of date as the last-known one (never as the entry), until its key is forgotten", async () => {
    const { cache, peer, put } = await setup();
    await put(cache, ALICE, INVOICES, answer("a-invoices"));
    await peer.invalidate(ALICE, ["Invoices"]);
    const afterWrite = await cache.lookup(ALICE, INVOICES, "Invoices");
    expect([afterWrite.entry, bodyOf(afterWrite.lastKnown)]).toEqual([undefined, "a-invoices"]);
    // Bob's lookup of the same URL finds nothing of Alice's, last-known or not.
    expect((await cache.lookup(BOB, INVOICES, "Invoices")).lastKnown).toBeUndefined();
    await peer.forgetKey(ALICE);
    expect((await cache.lookup(ALICE, INVOICES, "Invoices")).lastKnown).toBeUndefined();
  });

  it("keeps an entry keepStaleMs past its freshness (the last-known answer's allowance), AR aging's past its midnight too", async () => {
    const store = await profile.open();
    opened.push(store);
    const ttls: number[] = [];
    const recording: SharedStore = {
      ...store,
      set: (key, value, ttlMs, options) => (
        key.startsWith("cache:entry") && ttls.push(ttlMs), store.set(key, value, ttlMs, options)
      ),
    };
    const c = clock();
    const cache = createResponseCache(recording, { now: c.now, keepStaleMs: 24 * HOUR });
    await cache.store(
      await cache.lookup(ALICE, INVOICES, "Invoices"),
      answer("fresh 15 s", { freshUntil: c.now() + 15_000 }),
    );
    await cache.store(
      await cache.lookup(ALICE, STATES, "Aging"),
      answer("fresh 20 h", { freshUntil: c.now() + 20 * HOUR, resource: "Aging" }),
    );
    expect(ttls).toEqual([15_000 + 24 * HOUR, 44 * HOUR]);
  });

  it("keeps every answer of a cold key's first page, looked up and stored side by side (on either instance)", async () => {
    const { cache, peer, get } = await setup();
    const urls = [INVOICES, `${INVOICES}&Page=2`, `${INVOICES}&Page=3`];
    // Every lookup finds no token yet; each store makes or adopts them.
    const lookups = await Promise.all(urls.map((url, i) => (i % 2 ? peer : cache).lookup(ALICE, url, "Invoices")));
    await Promise.all(lookups.map((lookup, i) => (i % 2 ? peer : cache).store(lookup, answer(`page ${i + 1}`))));
    expect(await Promise.all(urls.map(async (url) => bodyOf(await get(cache, ALICE, url))))).toEqual([
      "page 1",
      "page 2",
      "page 3",
    ]);
  });

  it("does not keep an answer looked up before a write when the key had no token yet, nor after a store and a write meanwhile", async () => {
    const { cache, peer, put, get } = await setup();
    const before = await cache.lookup(ALICE, INVOICES, "Invoices");
    await peer.invalidate(ALICE, ["Invoices"]);
    await cache.store(before, answer("read before the write"));
    expect(await get(cache, ALICE, INVOICES)).toBeUndefined();

    const cold = await cache.lookup(BOB, INVOICES, "Invoices");
    await put(peer, BOB, STATES, answer("b-states", { resource: "Invoices" }));
    await peer.invalidate(BOB, ["Invoices"]);
    await cache.store(cold, answer("read before the write"));
    expect(await get(cache, BOB, INVOICES)).toBeUndefined();
  });

  it("does not keep an answer fetched before a write that landed while it was on its way", async () => {
    const { cache, peer, put, get } = await setup();
    await put(cache, ALICE, INVOICES, answer("before"));
    const lookup = await cache.lookup(ALICE, INVOICES, "Invoices");
    // The upstream GET is in flight; another instance writes.
    await peer.invalidate(ALICE, ["Invoices"]);
    await cache.store(lookup, answer("read before the write"));
    expect(await get(cache, ALICE, INVOICES)).toBeUndefined();
  });

  it("forgets every entry of a key, and only of that key", async () => {
    const { cache, peer, put, get } = await setup();
    await put(cache, ALICE, INVOICES, answer("a-invoices"));
    await put(cache, ALICE, STATES, answer("a-states", { resource: "Directory" }));
    await put(cache, BOB, STATES, answer("b-states", { resource: "Directory" }));
    await peer.forgetKey(ALICE);
    expect(await get(cache, ALICE, INVOICES)).toBeUndefined();
    expect(await get(cache, ALICE, STATES, "Directory")).toBeUndefined();
    expect(bodyOf(await get(cache, BOB, STATES, "Directory"))).toBe("b-states");
  });

  it("replaces an entry stored again", async () => {
    const { cache, put, get } = await setup();
    await put(cache, ALICE, INVOICES, answer("old"));
    await put(cache, ALICE, INVOICES, answer("newer"));
    expect(bodyOf(await get(cache, ALICE, INVOICES))).toBe("newer");
  });

  it("is not changed by the caller mutating what it stored or was answered", async () => {
    const { cache, put, get } = await setup();
    const entry = answer("x", { headers: { ETag: 'W/"1"' } });
    await put(cache, ALICE, INVOICES, entry);
    entry.headers.ETag = "tampered";
    const first = await get(cache, ALICE, INVOICES);
    first!.body[0] = 0;
    expect(await get(cache, ALICE, INVOICES)).toMatchObject({ headers: { ETag: 'W/"1"' } });
    expect(bodyOf(await get(cache, ALICE, INVOICES))).toBe("x");
  });
});

describe("response cache when its store fails", () => {
  it("reads as empty and unavailable, stores nothing, and says why, without rejecting", async () => {
    const failing: SharedStore = {
      kind: "redis",
      get: () => Promise.reject(new StoreUnavailable("down")),
      set: () => Promise.reject(new StoreUnavailable("down")),
      delete: () => Promise.reject(new StoreUnavailable("down")),
      take: () => Promise.reject(new StoreUnavailable("down")),
      increment: () => Promise.reject(new StoreUnavailable("down")),
      push: () => Promise.reject(new StoreUnavailable("down")),
      list: () => Promise.reject(new StoreUnavailable("down")),
      publish: () => Promise.reject(new StoreUnavailable("down")),
      subscribe: () => {},
      listening: () => ({ live: false, epoch: 0 }),
      health: async () => "unavailable",
      close: async () => {},
    };
    const errors: unknown[] = [];
    const cache = createResponseCache(failing, { onStoreError: (error) => errors.push(error) });
    const found = await cache.lookup(ALICE, INVOICES, "Invoices");
    expect(found).toMatchObject({ entry: undefined, available: false });
    await cache.store(found, answer("x"));
    await cache.invalidate(ALICE, ["Invoices"]);
    await cache.forgetKey(ALICE);
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(errors.every((e) => e instanceof StoreUnavailable)).toBe(true);
  });
});

describe.skipIf(!redisUrl())("response cache over Redis with near caches (as instances run it)", () => {
  it("serves the other instance's answer, then drops it within moments of a write through the first", async () => {
    const redis = await sharedStoreProfiles()
      .find((p) => p.name === "redis")!
      .open();
    opened.push(redis);
    const one = createResponseCache(withNearCache(redis));
    const two = createResponseCache(withNearCache(redis.peer()));
    await vi.waitFor(() => expect(redis.listening().live && redis.peer().listening().live).toBe(true), {
      timeout: 5_000,
      interval: 10,
    });
    await one.store(await one.lookup(ALICE, INVOICES, "Invoices"), answer("from one"));
    expect(bodyOf((await two.lookup(ALICE, INVOICES, "Invoices")).entry)).toBe("from one");
    await one.invalidate(ALICE, ["Invoices"]);
    await vi.waitFor(async () => expect((await two.lookup(ALICE, INVOICES, "Invoices")).entry).toBeUndefined(), {
      timeout: 1_000,
      interval: 2,
    });
  });
});
