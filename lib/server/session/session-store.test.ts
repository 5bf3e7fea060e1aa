import type { Kysely } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { databaseProfiles, type DatabaseProfile } from "../db/testing";
import type { Database } from "../db/open";
import type { BackroomDatabase } from "../db/schema";
import { deriveSecret } from "./key-crypto";
import { createSessionStore } from "./session-store";
import type { KeyScope, SessionStore, SessionStoreOptions } from "./types";

const SECRET = "current-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const OLD_SECRET = "previous-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const HOUR = 60 * 60 * 1000;
const IDLE = 8 * HOUR;
const MAX_AGE = 7 * 24 * HOUR;

const PROD_KEY = "prod-customer-7f3a9c2e4b1d8f6a0c5e";
const TEST_KEY = "test-supplier-1b2c3d4e5f60718293a4";
const scope: KeyScope = { customers: [{ id: 101, name: "Valley Cannabis" }], summary: "1 customer" };
const prod = { apiKey: PROD_KEY, environment: "production", keyType: "Customer", label: "Valley Cannabis (Customer)", scope } as const;
const test = { apiKey: TEST_KEY, environment: "test", keyType: "Supplier", label: "Green Leaf (Supplier)", scope: { summary: "1 supplier" } } as const;

const open: Database[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((database) => database.close()));
});
// The profile the describe block being run is about (set by its beforeAll).
let profile: DatabaseProfile;

// A migrated in-memory database, a clock the test moves, and a store over both.
async function setup(options: Partial<SessionStoreOptions> = {}) {
  const database = await profile.open();
  open.push(database);
  const { db } = database;
  let time = Date.parse("2030-01-01T09:00:00.000Z");
  const clock = { now: () => new Date(time), advance: (ms: number) => void (time += ms) };
  const storeWith = (more: Partial<SessionStoreOptions> = {}): SessionStore =>
    createSessionStore({ db, secrets: { current: SECRET }, now: clock.now, ...options, ...more });
  return { db, clock, store: storeWith(), storeWith };
}

async function counts(db: Kysely<BackroomDatabase>) {
  const sessions = await db.selectFrom("sessions").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const keys = await db.selectFrom("session_keys").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return { sessions: Number(sessions.n), keys: Number(keys.n) };
}

describe.each(databaseProfiles())("session store on $name", (current) => {
  beforeAll(() => {
    profile = current;
  });

  describe("session store: connect and read", () => {
    it("answers the active key in clear for upstream, and only its metadata to the UI", async () => {
      const { store, clock } = await setup();
      const { sessionId, keyId } = await store.connect(undefined, prod);
      expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      clock.advance(61_000);
      const active = await store.activeKey(sessionId);
      expect(active).toMatchObject({ id: keyId, apiKey: PROD_KEY, environment: "production", keyType: "Customer", hint: "0c5e", scope });
      expect(active?.lastUsedAt).toBe("2030-01-01T09:01:01.000Z");
      const view = await store.view(sessionId);
      expect(view).toEqual({
        keys: [{ id: keyId, fingerprint: active!.fingerprint, environment: "production", keyType: "Customer", label: prod.label, scope, hint: "0c5e", addedAt: "2030-01-01T09:00:00.000Z", lastUsedAt: "2030-01-01T09:01:01.000Z" }],
        activeKeyId: keyId,
        createdAt: "2030-01-01T09:00:00.000Z",
        lastSeenAt: "2030-01-01T09:01:01.000Z",
      });
      expect(JSON.stringify(view)).not.toContain(PROD_KEY);
    });

    it("writes a session's and a key's use down at most once a minute, so reads stay reads", async () => {
      const { db, store, clock } = await setup();
      const { sessionId } = await store.connect(undefined, prod);
      await store.activeKey(sessionId);
      const stamps = () => Promise.all([db.selectFrom("sessions").select("last_seen_at").executeTakeFirstOrThrow(), db.selectFrom("session_keys").select("last_used_at").executeTakeFirstOrThrow()]);
      const first = await stamps();
      clock.advance(30_000);
      await store.activeKey(sessionId);
      await store.view(sessionId);
      expect(await stamps()).toEqual(first);
      clock.advance(31_000);
      await store.activeKey(sessionId);
      expect(await stamps()).toEqual([{ last_seen_at: "2030-01-01T09:01:01.000Z" }, { last_used_at: "2030-01-01T09:01:01.000Z" }]);
    });

    it("never holds a key or a session id in clear, in any column of any row", async () => {
      const { db, store } = await setup();
      const first = await store.connect(undefined, prod);
      const second = await store.connect(first.sessionId, test);
      await store.activeKey(second.sessionId);
      const other = await store.connect(undefined, { ...prod, apiKey: "prod-other-99887766554433221100" });
      const secrets = [PROD_KEY, TEST_KEY, "prod-other-99887766554433221100", first.sessionId, second.sessionId, other.sessionId];
      const forms = secrets.flatMap((s) => [s, Buffer.from(s).toString("base64"), Buffer.from(s).toString("base64url"), Buffer.from(s).toString("hex")]);
      const cells: string[] = [];
      for (const table of ["sessions", "session_keys"] as const) {
        const rows = await db.selectFrom(table).selectAll().execute();
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) cells.push(...Object.values(row).map(String));
      }
      for (const form of forms) expect(cells.filter((cell) => cell.includes(form))).toEqual([]);
    });

    it.each([
      ["an unknown", "A".repeat(43)],
      ["a malformed", "not a session id"],
      ["an empty", ""],
    ])("treats %s session id as absent", async (_name, sessionId) => {
      const { store } = await setup();
      await store.connect(undefined, prod);
      expect(await store.view(sessionId)).toBeUndefined();
      expect(await store.activeKey(sessionId)).toBeUndefined();
      expect(await store.switchKey(sessionId, "x")).toBe(false);
      expect(await store.removeKey(sessionId, "x")).toBeUndefined();
    });

    it("rejects a key it would not be able to show back", async () => {
      const { db, store } = await setup();
      await expect(store.connect(undefined, { ...prod, environment: "staging" as "test" })).rejects.toThrow();
      await expect(store.connect(undefined, { ...prod, apiKey: "" })).rejects.toThrow();
      expect(await counts(db)).toEqual({ sessions: 0, keys: 0 });
    });
  });

  describe("session store: connect rotates the session id", () => {
    it("moves the ring to a new id, makes the new key active, and the old id stops working", async () => {
      const { store, clock } = await setup();
      const first = await store.connect(undefined, prod);
      clock.advance(HOUR);
      const second = await store.connect(first.sessionId, test);
      expect(second.sessionId).not.toBe(first.sessionId);
      expect(await store.view(first.sessionId)).toBeUndefined();
      expect(await store.activeKey(first.sessionId)).toBeUndefined();
      const view = await store.view(second.sessionId);
      expect(view?.keys.map((k) => k.id)).toEqual([first.keyId, second.keyId]);
      expect(view?.activeKeyId).toBe(second.keyId);
      // The ring keeps its age: a new key does not extend the life of the old ones.
      expect(view?.createdAt).toBe("2030-01-01T09:00:00.000Z");
      expect(await store.switchKey(second.sessionId, first.keyId)).toBe(true);
      expect((await store.activeKey(second.sessionId))?.apiKey).toBe(PROD_KEY);
    });

    it("starts a fresh ring when the old session has expired", async () => {
      const { db, store, clock } = await setup();
      const first = await store.connect(undefined, prod);
      clock.advance(IDLE);
      const second = await store.connect(first.sessionId, test);
      expect((await store.view(second.sessionId))?.keys.map((k) => k.id)).toEqual([second.keyId]);
      expect(await counts(db)).toEqual({ sessions: 1, keys: 1 });
    });

    it("replaces the entry when the same key is added again in the same environment", async () => {
      const { store, clock } = await setup();
      const first = await store.connect(undefined, prod);
      clock.advance(1000);
      const second = await store.connect(first.sessionId, test);
      clock.advance(1000);
      const again = await store.connect(second.sessionId, { ...prod, label: "Valley Cannabis (renamed)" });
      const view = await store.view(again.sessionId);
      expect(view?.keys.map((k) => [k.id, k.label])).toEqual([
        [second.keyId, test.label],
        [again.keyId, "Valley Cannabis (renamed)"],
      ]);
      expect(view?.activeKeyId).toBe(again.keyId);
    });

    it("keeps the same key twice when it is added for the other environment", async () => {
      const { store, clock } = await setup();
      const first = await store.connect(undefined, prod);
      clock.advance(1000);
      const second = await store.connect(first.sessionId, { ...prod, environment: "test" });
      expect((await store.view(second.sessionId))?.keys.map((k) => k.environment)).toEqual(["production", "test"]);
    });
  });

  describe("session store: the key ring", () => {
    async function ringOfThree() {
      const context = await setup();
      const { store, clock } = context;
      const a = await store.connect(undefined, prod);
      clock.advance(1000);
      const b = await store.connect(a.sessionId, test);
      clock.advance(1000);
      const c = await store.connect(b.sessionId, { ...prod, apiKey: "prod-brand-two-0a1b2c3d4e5f6a7b" });
      return { ...context, sessionId: c.sessionId, ids: { a: a.keyId, b: b.keyId, c: c.keyId } };
    }

    it("switches the active key, and refuses a key the session does not hold", async () => {
      const { store, sessionId, ids } = await ringOfThree();
      const stranger = await store.connect(undefined, { ...test, apiKey: "test-stranger-00112233445566778899" });
      expect(await store.switchKey(sessionId, ids.b)).toBe(true);
      expect((await store.activeKey(sessionId))?.apiKey).toBe(TEST_KEY);
      expect(await store.switchKey(sessionId, stranger.keyId)).toBe(false);
      expect(await store.switchKey(sessionId, "no-such-key")).toBe(false);
      expect((await store.view(sessionId))?.activeKeyId).toBe(ids.b);
    });

    it("removes a key that is not active without changing the active one", async () => {
      const { store, sessionId, ids } = await ringOfThree();
      expect(await store.removeKey(sessionId, ids.a)).toEqual({ id: ids.a, fingerprint: expect.any(String) });
      expect(await store.removeKey(sessionId, ids.a)).toBeUndefined();
      const view = await store.view(sessionId);
      expect(view?.keys.map((k) => k.id)).toEqual([ids.b, ids.c]);
      expect(view?.activeKeyId).toBe(ids.c);
    });

    it("makes the most recently added remaining key active when the active one goes, then none", async () => {
      const { db, store, sessionId, ids } = await ringOfThree();
      await store.switchKey(sessionId, ids.b);
      expect((await store.removeKey(sessionId, ids.b))?.id).toBe(ids.b);
      expect((await store.view(sessionId))?.activeKeyId).toBe(ids.c);
      expect((await store.removeKey(sessionId, ids.c))?.id).toBe(ids.c);
      expect((await store.view(sessionId))?.activeKeyId).toBe(ids.a);
      expect((await store.removeKey(sessionId, ids.a))?.id).toBe(ids.a);
      expect(await store.view(sessionId)).toMatchObject({ keys: [], activeKeyId: null });
      expect(await store.activeKey(sessionId)).toBeUndefined();
      expect(await counts(db)).toEqual({ sessions: 1, keys: 0 });
    });

    it("signs out by deleting the session and every key it held, and nothing of other sessions", async () => {
      const { db, store, sessionId, ids } = await ringOfThree();
      const other = await store.connect(undefined, prod);
      expect(await counts(db)).toEqual({ sessions: 2, keys: 4 });
      expect((await store.signOut(sessionId)).map((k) => k.id).sort()).toEqual(Object.values(ids).sort());
      expect(await store.signOut(sessionId)).toEqual([]);
      expect(await counts(db)).toEqual({ sessions: 1, keys: 1 });
      expect(await store.view(sessionId)).toBeUndefined();
      expect((await store.activeKey(other.sessionId))?.apiKey).toBe(PROD_KEY);
    });
  });

  describe("session store: expiry", () => {
    it("keeps a session alive while it is used within the idle timeout, and ends it after", async () => {
      const { db, store, clock } = await setup();
      const { sessionId } = await store.connect(undefined, prod);
      for (let i = 0; i < 3; i++) {
        clock.advance(IDLE - 1);
        expect(await store.view(sessionId)).toBeDefined();
      }
      clock.advance(IDLE);
      expect(await store.activeKey(sessionId)).toBeUndefined();
      expect(await counts(db)).toEqual({ sessions: 0, keys: 0 });
    });

    it("ends a session at its absolute lifetime however busy it is", async () => {
      const { store, clock } = await setup();
      const first = await store.connect(undefined, prod);
      clock.advance(HOUR);
      const { sessionId } = await store.connect(first.sessionId, test);
      for (let elapsed = HOUR; elapsed < MAX_AGE - HOUR; elapsed += HOUR) {
        clock.advance(HOUR);
        expect(await store.activeKey(sessionId)).toBeDefined();
      }
      clock.advance(HOUR - 1);
      expect(await store.activeKey(sessionId)).toBeDefined();
      clock.advance(1);
      expect(await store.activeKey(sessionId)).toBeUndefined();
    });

    it("takes its timeouts from the options", async () => {
      const { store, clock } = await setup({ idleMs: 60_000, maxAgeMs: 120_000 });
      const idle = await store.connect(undefined, prod);
      const busy = await store.connect(undefined, prod);
      clock.advance(59_999);
      expect(await store.view(busy.sessionId)).toBeDefined();
      clock.advance(1);
      expect(await store.view(idle.sessionId)).toBeUndefined();
      expect(await store.view(busy.sessionId)).toBeDefined();
      // Kept busy (use is written down every tenth of the idle timeout), it still ends at its absolute lifetime.
      clock.advance(30_000);
      expect(await store.view(busy.sessionId)).toBeDefined();
      clock.advance(29_999);
      expect(await store.view(busy.sessionId)).toBeDefined();
      clock.advance(1);
      expect(await store.view(busy.sessionId)).toBeUndefined();
    });

    it("purges expired sessions and their keys, and answers how many went", async () => {
      const { db, store, clock } = await setup();
      const idle = await store.connect(undefined, prod);
      const old = await store.connect(undefined, test);
      const ring = await store.connect(old.sessionId, prod);
      for (let elapsed = HOUR; elapsed < MAX_AGE; elapsed += HOUR) {
        clock.advance(HOUR);
        expect(await store.view(ring.sessionId)).toBeDefined();
      }
      clock.advance(HOUR);
      const fresh = await store.connect(undefined, prod);
      expect(await counts(db)).toEqual({ sessions: 3, keys: 4 });
      expect(await store.purgeExpired()).toBe(2);
      expect(await counts(db)).toEqual({ sessions: 1, keys: 1 });
      expect(await store.purgeExpired()).toBe(0);
      expect(await store.view(fresh.sessionId)).toBeDefined();
      expect(await store.view(idle.sessionId)).toBeUndefined();
    });

    it("counts the live sessions, leaving out expired ones not yet purged", async () => {
      const { store, clock } = await setup();
      expect(await store.countLive()).toBe(0);
      const idle = await store.connect(undefined, prod);
      clock.advance(IDLE - 1000);
      const busy = await store.connect(undefined, test);
      expect(await store.countLive()).toBe(2);
      clock.advance(1000);
      expect(await store.countLive()).toBe(1);
      await store.signOut(busy.sessionId);
      expect(await store.countLive()).toBe(0);
      expect(await store.view(idle.sessionId)).toBeUndefined();
    });

    it("lets only one of two connects made at once from the same session move its ring", async () => {
      const { db, store, clock } = await setup();
      const first = await store.connect(undefined, prod);
      clock.advance(1000);
      // Two tabs, or two instances, adding a key with the same cookie at the same moment.
      const [a, b] = await Promise.all([store.connect(first.sessionId, test), store.connect(first.sessionId, { ...test, apiKey: "test-other-00112233445566778899" })]);
      const rings = await Promise.all([store.view(a.sessionId), store.view(b.sessionId)]);
      // One of them got the old ring; the other found it gone and started its own. No key is in two rings.
      expect(rings.map((r) => r?.keys.length).sort()).toEqual([1, 2]);
      expect(await counts(db)).toEqual({ sessions: 2, keys: 3 });
      expect(await store.view(first.sessionId)).toBeUndefined();
    });

    it("refuses timeouts that are not positive", async () => {
      const { storeWith } = await setup();
      expect(() => storeWith({ idleMs: 0 })).toThrow(RangeError);
      expect(() => storeWith({ maxAgeMs: Number.NaN })).toThrow(RangeError);
    });
  });

  describe("session store: secrets and tampering", () => {
    it("reads a key written under a previous secret and re-encrypts it under the current one", async () => {
      const { db, storeWith } = await setup();
      const before = storeWith({ secrets: { current: OLD_SECRET } });
      const { sessionId } = await before.connect(undefined, prod);
      const written = await db.selectFrom("session_keys").selectAll().executeTakeFirstOrThrow();
      expect(written.secret_id).toBe(deriveSecret(OLD_SECRET).id);

      const rotated = storeWith({ secrets: { current: SECRET, previous: [OLD_SECRET] } });
      expect((await rotated.activeKey(sessionId))?.apiKey).toBe(PROD_KEY);
      const rewritten = await db.selectFrom("session_keys").selectAll().executeTakeFirstOrThrow();
      expect(rewritten.secret_id).toBe(deriveSecret(SECRET).id);
      expect(rewritten.ciphertext).not.toBe(written.ciphertext);

      expect((await storeWith({ secrets: { current: SECRET } }).activeKey(sessionId))?.apiKey).toBe(PROD_KEY);
      expect(await before.activeKey(sessionId)).toBeUndefined();
    });

    it("re-adding a key after a rotation still replaces the entry written under the previous secret", async () => {
      const { storeWith } = await setup();
      const first = await storeWith({ secrets: { current: OLD_SECRET } }).connect(undefined, prod);
      const rotated = storeWith({ secrets: { current: SECRET, previous: [OLD_SECRET] } });
      const again = await rotated.connect(first.sessionId, prod);
      expect((await rotated.view(again.sessionId))?.keys.map((k) => k.id)).toEqual([again.keyId]);
    });

    // Decision: an unreadable key reads as no active key (undefined, not an error) and stays stored, so that restoring
    // the missing secret, or an instance that has it, can still use it. The UI still lists it and can remove it.
    it("answers undefined for a key whose secret is not configured, and keeps it", async () => {
      const { db, storeWith } = await setup();
      const { sessionId, keyId } = await storeWith({ secrets: { current: OLD_SECRET } }).connect(undefined, prod);
      const stranger = storeWith({ secrets: { current: SECRET } });
      expect(await stranger.activeKey(sessionId)).toBeUndefined();
      expect((await stranger.view(sessionId))?.keys.map((k) => k.id)).toEqual([keyId]);
      expect(await counts(db)).toEqual({ sessions: 1, keys: 1 });
    });

    it.each([
      ["ciphertext", "ciphertext"],
      ["tag", "tag"],
      ["iv", "iv"],
    ] as const)("answers undefined when the stored %s was changed", async (_name, column) => {
      const { db, store } = await setup();
      const { sessionId } = await store.connect(undefined, prod);
      const row = await db.selectFrom("session_keys").selectAll().executeTakeFirstOrThrow();
      const bytes = Buffer.from(row[column], "base64url");
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      await db.updateTable("session_keys").set({ [column]: bytes.toString("base64url") }).execute();
      expect(await store.activeKey(sessionId)).toBeUndefined();
    });

    it("refuses ciphertexts swapped between two rows", async () => {
      const { db, store } = await setup();
      const first = await store.connect(undefined, prod);
      const { sessionId } = await store.connect(first.sessionId, test);
      const rows = await db.selectFrom("session_keys").selectAll().orderBy("added_at").execute();
      const [a, b] = rows;
      if (!a || !b) throw new Error("expected two keys");
      const sealed = (r: typeof a) => ({ iv: r.iv, ciphertext: r.ciphertext, tag: r.tag });
      await db.updateTable("session_keys").set(sealed(b)).where("id", "=", a.id).execute();
      await db.updateTable("session_keys").set(sealed(a)).where("id", "=", b.id).execute();
      expect(await store.activeKey(sessionId)).toBeUndefined();
      expect(await store.switchKey(sessionId, a.id)).toBe(true);
      expect(await store.activeKey(sessionId)).toBeUndefined();
    });

    it("refuses a key moved into another session by editing the database", async () => {
      const { db, store } = await setup();
      const victim = await store.connect(undefined, prod);
      const attacker = await store.connect(undefined, test);
      const attackerRow = await db.selectFrom("session_keys").select("session_id_hash").where("id", "=", attacker.keyId).executeTakeFirstOrThrow();
      await db.updateTable("session_keys").set({ session_id_hash: attackerRow.session_id_hash }).where("id", "=", victim.keyId).execute();
      await db.updateTable("sessions").set({ active_key_id: victim.keyId }).where("id_hash", "=", attackerRow.session_id_hash).execute();
      expect(await store.activeKey(attacker.sessionId)).toBeUndefined();
    });

    it("drops a key it cannot read when connect moves the ring, since the move would leave it unreadable for good", async () => {
      const { storeWith } = await setup();
      const first = await storeWith({ secrets: { current: OLD_SECRET } }).connect(undefined, prod);
      const store = storeWith({ secrets: { current: SECRET } });
      const second = await store.connect(first.sessionId, test);
      expect((await store.view(second.sessionId))?.keys.map((k) => k.id)).toEqual([second.keyId]);
    });
  });
});
