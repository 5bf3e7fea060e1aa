import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAddress, createConnectThrottle } from "./connect-throttle";
import { deleteUnder, freshPrefix, redisUrl } from "./shared/testing";

const secret = "x".repeat(40);

describe("the connect throttle, in memory", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("lets 4 refused keys through, makes the address wait 1 minute at the 5th, then doubles the wait on each further failure up to an hour", async () => {
    const throttle = createConnectThrottle({ secret });
    for (let i = 1; i <= 4; i++) {
      expect(await throttle.check("203.0.113.7")).toBeUndefined();
      expect(await throttle.failed("203.0.113.7"), `failure ${i}`).toBeUndefined();
    }
    expect(await throttle.failed("203.0.113.7")).toEqual({ seconds: 60, scope: "address" });
    expect(await throttle.check("203.0.113.7")).toEqual({ seconds: 60, scope: "address" });
    vi.advanceTimersByTime(45_000);
    expect(await throttle.check("203.0.113.7")).toEqual({ seconds: 15, scope: "address" });
    // Another address is not held up.
    expect(await throttle.check("198.51.100.2")).toBeUndefined();

    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      vi.advanceTimersByTime(3_600_000);
      expect(await throttle.check("203.0.113.7")).toBeUndefined();
      waits.push((await throttle.failed("203.0.113.7"))!.seconds);
    }
    expect(waits).toEqual([120, 240, 480, 960, 1920, 3600, 3600]);
  });

  it("makes an account wait after 5 failed sign-ins from any addresses, and only that account", async () => {
    const throttle = createConnectThrottle({ secret });
    for (let i = 1; i <= 4; i++)
      expect(await throttle.failed(`203.0.113.${i}`, "Ana@Shop.example"), `failure ${i}`).toBeUndefined();
    expect(await throttle.failed("203.0.113.5", "ana@shop.example")).toEqual({ seconds: 60, scope: "account" });
    // From a sixth address the account still waits; another account from the same address does not.
    expect(await throttle.check("198.51.100.9", "ana@shop.example")).toEqual({ seconds: 60, scope: "account" });
    expect(await throttle.check("203.0.113.5", "ben@shop.example")).toBeUndefined();
    // A success forgets the account's failures.
    vi.advanceTimersByTime(60_000);
    await throttle.succeeded("198.51.100.9", "ana@shop.example");
    expect(await throttle.failed("198.51.100.9", "ana@shop.example")).toBeUndefined();
  });

  it("forgets an address's failures when a key is accepted from it", async () => {
    const throttle = createConnectThrottle({ secret });
    for (let i = 0; i < 4; i++) await throttle.failed("203.0.113.7");
    await throttle.succeeded("203.0.113.7");
    for (let i = 0; i < 4; i++) expect(await throttle.failed("203.0.113.7")).toBeUndefined();
  });

  it("forgets failures older than 15 minutes", async () => {
    const throttle = createConnectThrottle({ secret });
    for (let i = 0; i < 4; i++) await throttle.failed("203.0.113.7");
    vi.advanceTimersByTime(15 * 60_000 + 1);
    for (let i = 0; i < 4; i++) expect(await throttle.failed("203.0.113.7")).toBeUndefined();
  });

  it("makes every key connect wait for the rest of the minute once the global ceiling is reached", async () => {
    const throttle = createConnectThrottle({ secret, globalPerMinute: 10 });
    for (let i = 0; i < 9; i++) expect(await throttle.failed(`10.0.0.${i}`)).toBeUndefined();
    vi.advanceTimersByTime(20_000);
    expect(await throttle.failed("10.0.1.1")).toEqual({ seconds: 40, scope: "global" });
    expect(await throttle.check("192.0.2.99")).toEqual({ seconds: 40, scope: "global" });
    vi.advanceTimersByTime(40_001);
    expect(await throttle.check("192.0.2.99")).toBeUndefined();
  });

  it("never locks everyone out of signing in: failed sign-ins from anywhere neither count to the global ceiling nor wait on it", async () => {
    const throttle = createConnectThrottle({ secret, globalPerMinute: 10 });
    for (let i = 0; i < 30; i++)
      expect(await throttle.failed(`10.0.2.${i}`, `person-${i}@shop.example`, "sign-in")).toBeUndefined();
    expect(await throttle.check("192.0.2.99", "ana@shop.example", "sign-in")).toBeUndefined();
    expect(await throttle.check("192.0.2.99")).toBeUndefined();
    // Keys past the ceiling hold up keys, not sign-ins.
    for (let i = 0; i < 10; i++) await throttle.failed(`10.0.3.${i}`);
    expect((await throttle.check("192.0.2.99"))?.scope).toBe("global");
    expect(await throttle.check("192.0.2.99", "ana@shop.example", "sign-in")).toBeUndefined();
  });
});

describe.skipIf(!redisUrl())("the connect throttle on Redis, shared by instances", () => {
  const clients: Redis[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.quit()));
  });
  const instance = (prefix: string) => {
    const redis = new Redis(redisUrl()!, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    clients.push(redis);
    return { redis, throttle: createConnectThrottle({ secret, redis, prefix }) };
  };
  const connected = async (redis: Redis) => {
    if (redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
  };

  it("counts the failures made on two instances together, and keeps no address in Redis", async () => {
    const prefix = freshPrefix();
    const a = instance(prefix);
    const b = instance(prefix);
    await Promise.all([connected(a.redis), connected(b.redis)]);
    for (let i = 0; i < 2; i++) await a.throttle.failed("203.0.113.7");
    for (let i = 0; i < 2; i++) await b.throttle.failed("203.0.113.7");
    expect(await a.throttle.failed("203.0.113.7")).toEqual({ seconds: 60, scope: "address" });
    expect(await b.throttle.check("203.0.113.7")).toMatchObject({ scope: "address" });
    expect(await b.throttle.check("198.51.100.2")).toBeUndefined();
    const names = await a.redis.keys(`${prefix}*`);
    expect(names.length).toBeGreaterThan(0);
    expect(names.join(" ")).not.toContain("203.0.113.7");
    await b.throttle.succeeded("203.0.113.7");
    expect(await a.throttle.check("203.0.113.7")).toBeUndefined();
    await deleteUnder(prefix);
  });

  it("counts in memory while Redis does not answer", async () => {
    const redis = new Redis("redis://127.0.0.1:1", {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    redis.on("error", () => undefined);
    const throttle = createConnectThrottle({ secret, redis, prefix: freshPrefix() });
    for (let i = 0; i < 4; i++) expect(await throttle.failed("203.0.113.7")).toBeUndefined();
    expect(await throttle.failed("203.0.113.7")).toEqual({ seconds: 60, scope: "address" });
    expect(await throttle.check("203.0.113.7")).toMatchObject({ scope: "address" });
    redis.disconnect();
  });
});

describe("clientAddress", () => {
  it.each([
    [{ "X-Forwarded-For": "203.0.113.7" }, "203.0.113.7"],
    [{ "X-Forwarded-For": " 203.0.113.7 , 10.0.0.1" }, "203.0.113.7"],
    [{}, "unknown"],
  ])("reads %j as %s", (headers, address) => {
    expect(clientAddress(new Request("http://backroom.test/api/session", { headers }))).toBe(address);
  });
});
