import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/open";
import { databaseProfiles } from "../db/testing";
import { createMemoryStore } from "../shared/memory-store";
import type { SharedStore } from "../shared/shared-store";
import { redisUrl, sharedStoreProfiles } from "../shared/testing";
import { withActiveKeyCache } from "./active-key-cache";
import { createSessionStore } from "./session-store";
import type { SessionStore } from "./types";

const SECRET = "current-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const prod = { apiKey: "prod-customer-7f3a9c2e4b1d8f6a0c5e", environment: "production", keyType: "Customer", label: "Valley", scope: { summary: "1 customer" } } as const;
const test = { apiKey: "test-supplier-1b2c3d4e5f60718293a4", environment: "test", keyType: "Supplier", label: "Green Leaf", scope: { summary: "1 supplier" } } as const;

const closing: (Database | SharedStore)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((c) => c.close()));
});

/** A store whose activeKey calls are counted: how often the database was asked. */
function counted(store: SessionStore) {
  const spy = vi.fn(store.activeKey);
  return { store: { ...store, activeKey: spy }, reads: () => spy.mock.calls.length };
}

describe("active key cache without Redis (one process hears only itself)", () => {
  async function setup() {
    const [sqlite] = databaseProfiles();
    const database = await sqlite!.open();
    closing.push(database);
    let time = 1_000_000;
    const clock = { now: () => time, advance: (ms: number) => void (time += ms) };
    const make = () => {
      const { store, reads } = counted(createSessionStore({ db: database.db, secrets: { current: SECRET } }));
      return { sessions: withActiveKeyCache(store, createMemoryStore(), { now: clock.now }), reads };
    };
    return { clock, make };
  }

  it("keeps a copy for a second at most, then asks the database again", async () => {
    const { clock, make } = await setup();
    const { sessions, reads } = make();
    const { sessionId } = await sessions.connect(undefined, prod);
    await sessions.activeKey(sessionId);
    clock.advance(999);
    await sessions.activeKey(sessionId);
    expect(reads()).toBe(1);
    clock.advance(2);
    await sessions.activeKey(sessionId);
    expect(reads()).toBe(2);
  });

  it("drops its copy at once when the session changes through it", async () => {
    const { make } = await setup();
    const { sessions } = make();
    const { sessionId } = await sessions.connect(undefined, prod);
    await sessions.activeKey(sessionId);
    await sessions.signOut(sessionId);
    expect(await sessions.activeKey(sessionId)).toBeUndefined();
  });

  it("refuses within a second a session signed out by another process on the same database", async () => {
    const { clock, make } = await setup();
    const [a, b] = [make(), make()];
    const { sessionId } = await a.sessions.connect(undefined, prod);
    await a.sessions.activeKey(sessionId);
    await b.sessions.signOut(sessionId);
    clock.advance(1_001);
    expect(await a.sessions.activeKey(sessionId)).toBeUndefined();
  });
});

describe.skipIf(!redisUrl())("active key cache on Redis, two instances", () => {
  /** Two instances: one database, one Redis, each with its own cache of keys, on a clock the test may move. */
  async function twoInstances() {
    const profiles = databaseProfiles();
    const database = await profiles[profiles.length - 1]!.open();
    const redis = await sharedStoreProfiles().find((p) => p.name === "redis")!.open();
    closing.push(database, redis);
    let time = 1_000_000;
    const clock = { now: () => time, advance: (ms: number) => void (time += ms) };
    const make = (shared: SharedStore) => {
      const { store, reads } = counted(createSessionStore({ db: database.db, secrets: { current: SECRET } }));
      return { sessions: withActiveKeyCache(store, shared, { now: clock.now }), reads };
    };
    const a = make(redis);
    const b = make(redis.peer());
    await vi.waitFor(() => expect(redis.listening().live && redis.peer().listening().live).toBe(true), { timeout: 5_000, interval: 10 });
    return { a, b, database, clock };
  }

  it("answers a session's key from its copy after the first read", async () => {
    const { a } = await twoInstances();
    const { sessionId } = await a.sessions.connect(undefined, prod);
    expect((await a.sessions.activeKey(sessionId))?.apiKey).toBe(prod.apiKey);
    expect((await a.sessions.activeKey(sessionId))?.apiKey).toBe(prod.apiKey);
    expect(await a.sessions.activeKey(sessionId)).toMatchObject({ keyType: "Customer", environment: "production" });
    expect(a.reads()).toBe(1);
  });

  it("refuses a session signed out on the other instance within a second, and at once on the one that signed out", async () => {
    const { a, b } = await twoInstances();
    const { sessionId } = await a.sessions.connect(undefined, prod);
    await a.sessions.activeKey(sessionId);
    await b.sessions.activeKey(sessionId);
    const started = Date.now();
    await b.sessions.signOut(sessionId);
    expect(await b.sessions.activeKey(sessionId)).toBeUndefined();
    await vi.waitFor(async () => expect(await a.sessions.activeKey(sessionId)).toBeUndefined(), { timeout: 1_000, interval: 5 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("follows a key removed or switched on the other instance", async () => {
    const { a, b } = await twoInstances();
    const first = await a.sessions.connect(undefined, prod);
    const { sessionId, keyId } = await a.sessions.connect(first.sessionId, test);
    expect((await a.sessions.activeKey(sessionId))?.id).toBe(keyId);
    expect(await b.sessions.switchKey(sessionId, first.keyId)).toBe(true);
    await vi.waitFor(async () => expect((await a.sessions.activeKey(sessionId))?.id).toBe(first.keyId), { timeout: 1_000, interval: 5 });
    expect((await b.sessions.removeKey(sessionId, first.keyId))?.id).toBe(first.keyId);
    await vi.waitFor(async () => expect((await a.sessions.activeKey(sessionId))?.id).toBe(keyId), { timeout: 1_000, interval: 5 });
  });

  it("stops answering the old session id once connect has moved the ring, on both instances", async () => {
    const { a, b } = await twoInstances();
    const first = await a.sessions.connect(undefined, prod);
    await a.sessions.activeKey(first.sessionId);
    const second = await b.sessions.connect(first.sessionId, test);
    await vi.waitFor(async () => expect(await a.sessions.activeKey(first.sessionId)).toBeUndefined(), { timeout: 1_000, interval: 5 });
    expect((await a.sessions.activeKey(second.sessionId))?.keyType).toBe("Supplier");
  });

  it("keeps a copy 30 s while it hears the others, then asks the database again, even with no signal", async () => {
    const { a, database, clock } = await twoInstances();
    const { sessionId } = await a.sessions.connect(undefined, prod);
    await a.sessions.activeKey(sessionId);
    // Changed behind every instance's back (an operator deleting rows): only the time to live can notice.
    await database.db.deleteFrom("session_keys").execute();
    clock.advance(29_999);
    expect(await a.sessions.activeKey(sessionId)).toBeDefined();
    clock.advance(2);
    expect(await a.sessions.activeKey(sessionId)).toBeUndefined();
  });
});
