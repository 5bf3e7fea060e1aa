import { afterEach, describe, expect, it, vi } from "vitest";
import { withLocalFallback } from "./fallback-store";
import { createMemoryStore } from "./memory-store";
import { createRedisStore, StoreUnavailable } from "./redis-store";
import type { SharedStore } from "./shared-store";
import { rawRedis, redisUrl, sharedStoreProfiles, TEST_SECRET, waitUntilReady } from "./testing";

const opened: SharedStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

const text = (value: Buffer | undefined) => value?.toString();

describe.each(sharedStoreProfiles())("shared store on $name", (profile) => {
  async function open(options?: { maxBytes?: number }) {
    const store = await profile.open(options);
    opened.push(store);
    return store;
  }

  it("answers the values of several keys in order, undefined where absent", async () => {
    const store = await open();
    expect(await store.set("a", Buffer.from("alpha"), 60_000)).toBe(true);
    await store.set("b", Buffer.from("beta"), 60_000);
    expect((await store.get(["b", "missing", "a"])).map(text)).toEqual(["beta", undefined, "alpha"]);
    expect(await store.get([])).toEqual([]);
  });

  it("replaces a value, or keeps it when told to write only if absent", async () => {
    const store = await open();
    await store.set("k", Buffer.from("first"), 60_000);
    expect(await store.set("k", Buffer.from("second"), 60_000, { onlyIfAbsent: true })).toBe(false);
    expect(text((await store.get(["k"]))[0])).toBe("first");
    expect(await store.set("k", Buffer.from("third"), 60_000)).toBe(true);
    expect(text((await store.get(["k"]))[0])).toBe("third");
    expect(await store.set("new", Buffer.from("x"), 60_000, { onlyIfAbsent: true })).toBe(true);
  });

  it("forgets a value after its time to live, and on delete", async () => {
    const store = await open();
    await store.set("short", Buffer.from("x"), 30);
    await store.set("long", Buffer.from("y"), 60_000);
    await store.set("gone", Buffer.from("z"), 60_000);
    await store.delete(["gone", "never-set"]);
    expect(text((await store.get(["gone"]))[0])).toBeUndefined();
    await vi.waitFor(async () => expect((await store.get(["short"]))[0]).toBeUndefined(), {
      timeout: 2_000,
      interval: 20,
    });
    expect(text((await store.get(["long"]))[0])).toBe("y");
  });

  it("takes a value once: the first caller gets it, the next finds it gone", async () => {
    const store = await open();
    await store.set("one-time", Buffer.from("code"), 60_000);
    const [first, second] = await Promise.all([store.take("one-time"), store.peer().take("one-time")]);
    expect([first, second].map((v) => v?.toString()).sort()).toEqual(["code", undefined].sort());
    expect(await store.take("never-set")).toBeUndefined();
  });

  it("counts in a fixed window: increments from 1, shared by the instances, gone after the first increment's time to live", async () => {
    const store = await open();
    expect(await store.increment("attempts", 300)).toBe(1);
    const counts = await Promise.all([
      store.increment("attempts", 300),
      store.peer().increment("attempts", 300),
      store.increment("attempts", 60_000),
    ]);
    expect(counts.sort()).toEqual([2, 3, 4]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await store.increment("attempts", 300)).toBe(1);
  });

  it("keeps a list's newest values, newest first, for its time to live", async () => {
    const store = await open();
    for (let i = 1; i <= 3; i++) await store.push("log", [Buffer.from(`entry ${i}`)], 3, 60_000);
    // Several at once, oldest first.
    await store.push("log", [Buffer.from("entry 4"), Buffer.from("entry 5")], 3, 60_000);
    expect((await store.list("log")).map(text)).toEqual(["entry 5", "entry 4", "entry 3"]);
    expect(await store.list("no-list")).toEqual([]);
    await store.push("brief", [Buffer.from("x")], 3, 30);
    await vi.waitFor(async () => expect(await store.list("brief")).toEqual([]), { timeout: 2_000, interval: 20 });
    await store.delete(["log"]);
    expect(await store.list("log")).toEqual([]);
  });

  it("delivers a message to every subscriber of its channel, on every instance, and to no other channel", async () => {
    const first = await open();
    const second = first.peer();
    const heard: string[] = [];
    second.subscribe("news", (message) => heard.push(`second: ${message}`));
    first.subscribe("news", (message) => heard.push(`first: ${message}`));
    second.subscribe("other", (message) => heard.push(`other: ${message}`));
    await vi.waitFor(() => expect(first.listening().live && second.listening().live).toBe(true), {
      timeout: 5_000,
      interval: 20,
    });
    await first.publish("news", "session abc revoked");
    await vi.waitFor(
      () => expect(heard.sort()).toEqual(["first: session abc revoked", "second: session abc revoked"]),
      { timeout: 5_000, interval: 20 },
    );
  });

  it("shares what one instance writes with another", async () => {
    const first = await open();
    const second = first.peer();
    await waitUntilReady(second);
    await first.set("shared", Buffer.from("from the first"), 60_000);
    await first.push("list", [Buffer.from("pushed by the first")], 10, 60_000);
    expect(text((await second.get(["shared"]))[0])).toBe("from the first");
    expect((await second.list("list")).map(text)).toEqual(["pushed by the first"]);
    expect(await second.health()).toBe("ok");
  });
});

describe("memory store", () => {
  it("stays within its byte budget, dropping the least recently used first", async () => {
    const store = createMemoryStore({ maxBytes: 1_000 });
    for (const key of ["a", "b", "c"]) await store.set(key, Buffer.alloc(200), 60_000);
    await store.get(["a"]);
    await store.set("d", Buffer.alloc(400), 60_000);
    expect((await store.get(["a", "b", "c", "d"])).map((v) => v !== undefined)).toEqual([true, false, true, true]);
    // A value larger than the whole budget is not kept at all.
    expect(await store.set("huge", Buffer.alloc(2_000), 60_000)).toBe(false);
    expect((await store.get(["huge"]))[0]).toBeUndefined();
  });

  it("counts a list's bytes against its budget as it grows", async () => {
    const store = createMemoryStore({ maxBytes: 2_000 });
    await store.set("value", Buffer.alloc(500), 60_000);
    for (let i = 0; i < 8; i++) await store.push("list", [Buffer.alloc(200)], 100, 60_000);
    // 1,600 bytes of list and 500 of value do not fit in 2,000: the value, used least recently, went.
    expect((await store.get(["value"]))[0]).toBeUndefined();
    expect(await store.list("list")).toHaveLength(8);
  });

  it("keeps its own copy of what it is given", async () => {
    const store = createMemoryStore();
    const value = Buffer.from("original");
    await store.set("k", value, 60_000);
    value.write("tampered");
    expect(text((await store.get(["k"]))[0])).toBe("original");
  });
});

describe("local fallback", () => {
  it("uses the local store for a call the shared one fails, and the shared one again once it answers", async () => {
    const local = createMemoryStore();
    const shared = createMemoryStore();
    let failing = true;
    const flaky: SharedStore = {
      ...shared,
      set: (...args) => (failing ? Promise.reject(new StoreUnavailable("down")) : shared.set(...args)),
      get: (...args) => (failing ? Promise.reject(new StoreUnavailable("down")) : shared.get(...args)),
    };
    const errors: unknown[] = [];
    const store = withLocalFallback(flaky, local, (error) => errors.push(error));
    await store.set("k", Buffer.from("kept locally"), 60_000);
    expect(text((await store.get(["k"]))[0])).toBe("kept locally");
    expect(errors).toHaveLength(2);
    failing = false;
    await store.set("k", Buffer.from("shared again"), 60_000);
    expect(text((await shared.get(["k"]))[0])).toBe("shared again");
  });
});

describe.skipIf(!redisUrl())("redis store", () => {
  async function open(secret = TEST_SECRET, prefix = `test-raw-${Math.random().toString(36).slice(2)}:`) {
    const store = createRedisStore({ url: redisUrl()!, secret, prefix });
    opened.push(store);
    await waitUntilReady(store);
    return { store, prefix };
  }

  it("holds nothing readable: names are hashes, values and list elements are encrypted, and every key has a TTL", async () => {
    const { store, prefix } = await open();
    const name = "cache\nhttps://api.example.com/api/v1/invoices?CustomerIDs=20001";
    const secretText = '{"Data":[{"CustomerName":"Valley Cannabis - Oakland","Balance":"1234.56"}]}';
    await store.set(name, Buffer.from(secretText), 60_000);
    await store.push("requests\nkey-1", [Buffer.from("/api/v1/invoices?CustomerIDs=20001")], 10, 60_000);
    const held = await rawRedis(async (redis) => {
      const keys = await redis.keys(`${prefix}*`);
      const values = await Promise.all(
        keys.map(async (key) =>
          (await redis.type(key)) === "list"
            ? (await redis.lrangeBuffer(key, 0, -1)).join("")
            : (await redis.getBuffer(key))?.toString("latin1"),
        ),
      );
      const ttls = await Promise.all(keys.map((key) => redis.pttl(key)));
      await redis.del(...keys);
      return { keys, values, ttls };
    });
    expect(held.keys).toHaveLength(2);
    for (const key of held.keys) expect(key).toMatch(new RegExp(`^${prefix}[A-Za-z0-9_-]{32}$`));
    for (const value of held.values) {
      for (const word of ["Valley", "1234.56", "CustomerIDs", "20001", "invoices"]) expect(value).not.toContain(word);
    }
    for (const ttl of held.ttls) expect(ttl).toBeGreaterThan(0);
  });

  it("cannot read what was written under another secret, and reads it as absent", async () => {
    const { store, prefix } = await open();
    await store.set("k", Buffer.from("value"), 60_000);
    const { store: other } = await open("another-secret-0123456789abcdefghijklmnop", prefix);
    expect(await other.get(["k"])).toEqual([undefined]);
  });

  it("reads a value moved to another key as absent (the key's name is bound to its value)", async () => {
    const { store, prefix } = await open();
    await store.set("from", Buffer.from("value"), 60_000);
    await store.set("to", Buffer.from("other"), 60_000);
    await rawRedis(async (redis) => {
      const keys = await redis.keys(`${prefix}*`);
      const values = await Promise.all(keys.map((key) => redis.getBuffer(key)));
      await redis.set(keys[1]!, values[0]!);
      await redis.set(keys[0]!, values[1]!);
    });
    expect(await store.get(["from", "to"])).toEqual([undefined, undefined]);
  });

  it("fails fast, and says it is unavailable, when Redis cannot be reached", async () => {
    const store = createRedisStore({ url: "redis://127.0.0.1:1", secret: TEST_SECRET, onError: () => {} });
    opened.push(store);
    expect(await store.health()).toBe("unavailable");
    await expect(store.get(["k"])).rejects.toBeInstanceOf(StoreUnavailable);
    await expect(store.push("k", [Buffer.from("x")], 1, 1_000)).rejects.toBeInstanceOf(StoreUnavailable);
    expect(store.listening().live).toBe(false);
  });
});
