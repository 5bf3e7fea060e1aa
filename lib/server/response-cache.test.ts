import { describe, expect, it } from "vitest";
import { type CachedResponse, ENTRY_OVERHEAD_BYTES, createResponseCache } from "./response-cache";

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
    status: 200, headers: {}, body: new TextEncoder().encode(text), etag: `W/"${text.length}"`,
    storedAt: 1_000_000, freshUntil: 1_015_000, resource: "Invoices", ...over,
  };
}

const bodyOf = (entry: CachedResponse | undefined) => (entry ? new TextDecoder().decode(entry.body) : undefined);

describe("createResponseCache", () => {
  it("never answers one key with another key's entry", () => {
    const cache = createResponseCache({ now: clock().now });
    cache.set(ALICE, INVOICES, answer("alice's invoices"));
    expect(cache.get(BOB, INVOICES)).toBeUndefined();
    cache.set(BOB, INVOICES, answer("bob's invoices"));
    expect(bodyOf(cache.get(ALICE, INVOICES))).toBe("alice's invoices");
    expect(bodyOf(cache.get(BOB, INVOICES))).toBe("bob's invoices");
    // A fingerprint that would shift the "\n" separator is refused rather than risk a collision.
    expect(() => cache.get(`${ALICE}\nhttps:`, INVOICES)).toThrow(/fingerprint/);
  });

  it("tells fresh from stale by the injected clock, and counts hits and misses", () => {
    const c = clock();
    const cache = createResponseCache({ now: c.now });
    expect(cache.get(ALICE, INVOICES)).toBeUndefined();
    cache.set(ALICE, INVOICES, answer("v1", { freshUntil: c.now() + 15_000 }));
    c.advance(14_999);
    expect(bodyOf(cache.get(ALICE, INVOICES))).toBe("v1");
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 });
    c.advance(1);
    // Stale: still returned (the caller revalidates with its ETag), but counted as a miss.
    expect(cache.get(ALICE, INVOICES)?.etag).toBe('W/"2"');
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2 });
  });

  it("refreshes a stale entry after a 304: fresh again, new headers and ETag kept", () => {
    const c = clock();
    const cache = createResponseCache({ now: c.now });
    cache.set(ALICE, INVOICES, answer("v1", { freshUntil: c.now() + 15_000, headers: { "X-Request-Id": "a" } }));
    c.advance(20_000);
    cache.refresh(ALICE, INVOICES, c.now() + 15_000, { "X-Request-Id": "b", ETag: 'W/"next"' });
    const entry = cache.get(ALICE, INVOICES);
    expect(bodyOf(entry)).toBe("v1");
    expect(entry).toMatchObject({ headers: { "X-Request-Id": "b", ETag: 'W/"next"' }, etag: 'W/"next"', storedAt: c.now() });
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 0, revalidations: 1 });
    // Refreshing what is not there does nothing, and counts nothing.
    cache.refresh(BOB, INVOICES, c.now() + 15_000);
    expect(cache.get(BOB, INVOICES)).toBeUndefined();
    expect(cache.stats().revalidations).toBe(1);
  });

  it("evicts the least recently used entries when over its byte budget", () => {
    const size = 100 + ENTRY_OVERHEAD_BYTES;
    const cache = createResponseCache({ maxBytes: 3 * size, now: clock().now });
    const url = (n: number) => `${INVOICES}&n=${n}`;
    for (const n of [1, 2, 3]) cache.set(ALICE, url(n), answer("x".repeat(100)));
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 3 * size });
    cache.get(ALICE, url(1)); // 1 is now the most recently used: 2 goes first
    cache.set(ALICE, url(4), answer("y".repeat(100)));
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 3 * size });
    expect(cache.get(ALICE, url(2))).toBeUndefined();
    for (const n of [1, 3, 4]) expect(cache.get(ALICE, url(n)), `entry ${n}`).toBeDefined();
    // One large answer pushes out as many as it needs.
    cache.set(BOB, url(5), answer("z".repeat(100 + 2 * size)));
    expect(cache.stats().entries).toBe(1);
    expect(cache.get(BOB, url(5))).toBeDefined();
  });

  it("counts header text in an entry's bytes", () => {
    const cache = createResponseCache({ now: clock().now });
    cache.set(ALICE, INVOICES, answer("abc", { headers: { ETag: 'W/"1"' } }));
    expect(cache.stats().bytes).toBe(3 + "ETag".length + 'W/"1"'.length + ENTRY_OVERHEAD_BYTES);
  });

  it("skips answers larger than maxEntryBytes, and drops the older answer they replace", () => {
    const cache = createResponseCache({ maxEntryBytes: 10, now: clock().now });
    cache.set(ALICE, INVOICES, answer("0123456789"));
    expect(cache.stats().entries).toBe(1);
    cache.set(ALICE, INVOICES, answer("0123456789A"));
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    expect(cache.get(ALICE, INVOICES)).toBeUndefined();
  });

  it("stores only 200 answers with a body", () => {
    const cache = createResponseCache();
    expect(() => cache.set(ALICE, INVOICES, answer("x", { status: 203 }))).toThrow();
    expect(() => cache.set(ALICE, INVOICES, answer(""))).toThrow();
    expect(cache.stats().entries).toBe(0);
  });

  it("invalidates only the given resources, and only for that key", () => {
    const cache = createResponseCache({ now: clock().now });
    cache.set(ALICE, INVOICES, answer("a-invoices"));
    cache.set(ALICE, `${INVOICES}&Page=2`, answer("a-invoices-2"));
    cache.set(ALICE, STATES, answer("a-states", { resource: "Directory" }));
    cache.set(BOB, INVOICES, answer("b-invoices"));
    expect(cache.invalidate(ALICE, ["Invoices", "Payments"])).toBe(2);
    expect(cache.get(ALICE, INVOICES)).toBeUndefined();
    expect(bodyOf(cache.get(ALICE, STATES))).toBe("a-states");
    expect(bodyOf(cache.get(BOB, INVOICES))).toBe("b-invoices");
    expect(cache.invalidate("hmac-nobody", ["Invoices"])).toBe(0);
  });

  it("forgets every entry of a key, and only of that key", () => {
    const cache = createResponseCache({ now: clock().now });
    cache.set(ALICE, INVOICES, answer("a-invoices"));
    cache.set(ALICE, STATES, answer("a-states", { resource: "Directory" }));
    cache.set(BOB, STATES, answer("b-states", { resource: "Directory" }));
    cache.forgetKey(ALICE);
    expect(cache.get(ALICE, INVOICES)).toBeUndefined();
    expect(cache.get(ALICE, STATES)).toBeUndefined();
    expect(bodyOf(cache.get(BOB, STATES))).toBe("b-states");
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 8 + ENTRY_OVERHEAD_BYTES });
  });

  it("replaces an entry stored again, counting its bytes once", () => {
    const cache = createResponseCache({ now: clock().now });
    cache.set(ALICE, INVOICES, answer("old"));
    cache.set(ALICE, INVOICES, answer("newer"));
    expect(bodyOf(cache.get(ALICE, INVOICES))).toBe("newer");
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 5 + ENTRY_OVERHEAD_BYTES });
  });

  it("is not changed by the caller mutating the headers it stored", () => {
    const cache = createResponseCache({ now: clock().now });
    const entry = answer("x", { headers: { ETag: 'W/"1"' } });
    cache.set(ALICE, INVOICES, entry);
    entry.headers.ETag = "tampered";
    expect(cache.get(ALICE, INVOICES)?.headers.ETag).toBe('W/"1"');
  });
});
