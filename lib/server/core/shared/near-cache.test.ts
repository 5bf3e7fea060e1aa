import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryStore } from "./memory-store";
import { withNearCache } from "./near-cache";
import type { SharedStore } from "./shared-store";
import { redisUrl, sharedStoreProfiles } from "./testing";

const opened: SharedStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

const text = (value: Buffer | undefined) => value?.toString();

describe("near cache over memory", () => {
  it("is the memory store itself: one process has nothing to save", () => {
    const memory = createMemoryStore();
    expect(withNearCache(memory)).toBe(memory);
  });
});

describe.skipIf(!redisUrl())("near cache over Redis, two instances", () => {
  /** Two instances' near caches over one Redis, with the reads each makes of Redis counted. */
  async function twoInstances() {
    const redis = await sharedStoreProfiles()
      .find((p) => p.name === "redis")!
      .open();
    opened.push(redis);
    const counted = (store: SharedStore) => {
      const get = vi.fn(store.get);
      return {
        store: withNearCache({ ...store, get }),
        reads: () => get.mock.calls.length,
        lastRead: () => get.mock.calls.at(-1)?.[0],
      };
    };
    const a = counted(redis);
    const b = counted(redis.peer());
    await vi.waitFor(() => expect(redis.listening().live && redis.peer().listening().live).toBe(true), {
      timeout: 5_000,
      interval: 10,
    });
    return { a, b };
  }

  it("answers a value again from its copy, and what it wrote itself without reading it back", async () => {
    const { a, b } = await twoInstances();
    await b.store.set("k", Buffer.from("v1"), 60_000);
    // A read that the write's message overlaps is not kept; once it has arrived, a read is kept and answers again.
    await vi.waitFor(
      async () => {
        expect(text((await a.store.get(["k"]))[0])).toBe("v1");
        const before = a.reads();
        expect(text((await a.store.get(["k"]))[0])).toBe("v1");
        expect(a.reads()).toBe(before);
      },
      { timeout: 1_000, interval: 5 },
    );
    const before = a.reads();
    await a.store.set("mine", Buffer.from("written here"), 60_000);
    expect(text((await a.store.get(["mine"]))[0])).toBe("written here");
    expect(a.reads()).toBe(before);
  });

  it("reads only the keys it holds no copy of", async () => {
    const { a, b } = await twoInstances();
    await b.store.set("one", Buffer.from("1"), 60_000);
    await b.store.set("two", Buffer.from("2"), 60_000);
    await vi.waitFor(
      async () => {
        await a.store.get(["one"]);
        const before = a.reads();
        await a.store.get(["one"]);
        expect(a.reads()).toBe(before);
      },
      { timeout: 1_000, interval: 5 },
    );
    expect((await a.store.get(["one", "two", "none"])).map(text)).toEqual(["1", "2", undefined]);
    expect(a.lastRead()).toEqual(["two", "none"]);
    // The absent key is kept as absent too.
    const before = a.reads();
    await a.store.get(["none"]);
    expect(a.reads()).toBe(before);
  });

  it("drops its copy when another instance writes or deletes the key", async () => {
    const { a, b } = await twoInstances();
    await b.store.set("k", Buffer.from("old"), 60_000);
    await a.store.get(["k", "absent"]);
    await b.store.set("k", Buffer.from("new"), 60_000);
    await b.store.set("absent", Buffer.from("now present"), 60_000);
    await vi.waitFor(
      async () => expect((await a.store.get(["k", "absent"])).map(text)).toEqual(["new", "now present"]),
      { timeout: 1_000, interval: 5 },
    );
    await b.store.delete(["k"]);
    await vi.waitFor(async () => expect((await a.store.get(["k"]))[0]).toBeUndefined(), {
      timeout: 1_000,
      interval: 5,
    });
  });
});
