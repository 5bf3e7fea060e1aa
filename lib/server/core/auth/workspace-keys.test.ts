import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../db/open";
import { databaseProfiles } from "../db/testing";
import { deriveSecret } from "../session/key-crypto";
import type { KeyScope } from "../session/types";
import { testAuth } from "./testing";
import { createWorkspaceKeyStore } from "./workspace-keys";

const SECRET = "current-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const OLD_SECRET = "previous-secret-0123456789abcdefghijklmnopqrstuvwxyz";

const PROD_KEY = "prod-customer-7f3a9c2e4b1d8f6a0c5e";
const TEST_KEY = "test-supplier-1b2c3d4e5f60718293a4";
const OTHER_KEY = "prod-brand-two-0a1b2c3d4e5f6a7b";
const scope: KeyScope = { customers: [{ id: 101, name: "Valley Cannabis" }], summary: "1 customer" };
const prod = {
  apiKey: PROD_KEY,
  environment: "production",
  keyType: "Customer",
  label: "Valley Cannabis (Customer)",
  scope,
} as const;
const test = {
  apiKey: TEST_KEY,
  environment: "test",
  keyType: "Supplier",
  label: "Green Leaf (Supplier)",
  scope: { summary: "1 supplier" },
} as const;
const other = { ...prod, apiKey: OTHER_KEY, label: "Other brand" } as const;

const opened: Database[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
});

describe.each(databaseProfiles())("a workspace's keys on $name", ({ open }) => {
  /** Two workspaces (Valley, owned by Ana; Hill, by Ben) and a store over them on a clock the test moves. */
  async function setup() {
    const database = await open();
    opened.push(database);
    const { db } = database;
    const { auth } = testAuth(database);
    const { internalAdapter } = await auth.$context;
    const person = async (email: string) =>
      (
        await internalAdapter.createUser(
          { email, name: email.split("@")[0]!, emailVerified: false },
          { method: "admin" },
        )
      ).id;
    const workspace = async (slug: string, userId: string) =>
      (await auth.api.createOrganization({ body: { name: slug, slug, userId } }))!.id;
    const [ana, ben, cy] = [
      await person("ana@valley.example"),
      await person("ben@hill.example"),
      await person("cy@valley.example"),
    ];
    const valley = await workspace("valley", ana);
    const hill = await workspace("hill", ben);
    let time = Date.parse("2030-01-01T09:00:00.000Z");
    const clock = { now: () => new Date(time), advance: (ms: number) => void (time += ms) };
    const storeWith = (secrets: { current: string; previous?: string[] } = { current: SECRET }) =>
      createWorkspaceKeyStore({ db, secrets, now: clock.now });
    const rows = () => db.selectFrom("workspace_keys").selectAll().orderBy("added_at").orderBy("id").execute();
    return { db, clock, keys: storeWith(), storeWith, rows, ana, ben, cy, valley, hill };
  }

  it("adds a key for a workspace and lists it there only, oldest first, never the key itself", async () => {
    const { keys, clock, ana, valley, hill } = await setup();
    const first = await keys.add(valley, ana, prod);
    clock.advance(1000);
    const second = await keys.add(valley, ana, test);
    expect([first.added, second.added]).toEqual([true, true]);
    expect(first.key).toEqual({
      id: expect.any(String),
      fingerprint: expect.any(String),
      environment: "production",
      keyType: "Customer",
      label: prod.label,
      scope,
      hint: "0c5e",
      addedAt: "2030-01-01T09:00:00.000Z",
      lastUsedAt: null,
    });
    const listed = await keys.list(valley);
    expect(listed.map((k) => k.id)).toEqual([first.key.id, second.key.id]);
    expect(JSON.stringify(listed)).not.toMatch(new RegExp(`${PROD_KEY}|${TEST_KEY}`));
    expect(await keys.list(hill)).toEqual([]);
  });

  it("keeps one row for the same key added twice in an environment; the other environment, and another workspace, hold their own", async () => {
    const { keys, clock, rows, ana, ben, valley, hill } = await setup();
    const first = await keys.add(valley, ana, prod);
    const again = await keys.add(valley, ana, { ...prod, label: "Renamed" });
    expect(again).toEqual({ key: first.key, added: false });
    clock.advance(1000);
    const otherEnvironment = await keys.add(valley, ana, { ...prod, environment: "test" });
    clock.advance(1000);
    const otherWorkspace = await keys.add(hill, ben, prod);
    expect([otherEnvironment.added, otherWorkspace.added]).toEqual([true, true]);
    expect(new Set([first.key.id, otherEnvironment.key.id, otherWorkspace.key.id]).size).toBe(3);
    expect((await rows()).map((r) => [r.workspace_id, r.environment])).toEqual([
      [valley, "production"],
      [valley, "test"],
      [hill, "production"],
    ]);
  });

  it("keeps one row when the same key is added twice at once", async () => {
    const { keys, rows, ana, valley } = await setup();
    const [a, b] = await Promise.all([keys.add(valley, ana, prod), keys.add(valley, ana, prod)]);
    expect(a.key.id).toBe(b.key.id);
    expect([a.added, b.added].sort()).toEqual([false, true]);
    expect(await rows()).toHaveLength(1);
  });

  it("tells its listeners of each key added, once, by its ids and type (never the key); a listener that fails leaves the key added", async () => {
    const { db, clock, ana, valley } = await setup();
    const failures: string[] = [];
    const keys = createWorkspaceKeyStore({
      db,
      secrets: { current: SECRET },
      now: clock.now,
      listenerFailed: (error, key) => void failures.push(`${key.keyId}: ${(error as Error).message}`),
    });
    const told: unknown[] = [];
    keys.onAdded(async (key) => void told.push(key));
    keys.onAdded(async () => Promise.reject(new Error("the queue is away")));
    const first = await keys.add(valley, ana, test);
    // The same key again (a double click): nothing new to tell; two at once: told once.
    await keys.add(valley, ana, test);
    const second = (await Promise.all([keys.add(valley, ana, prod), keys.add(valley, ana, prod)]))[0].key;
    expect(told).toEqual([
      { workspaceId: valley, keyId: first.key.id, keyType: "Supplier", environment: "test" },
      { workspaceId: valley, keyId: second.id, keyType: "Customer", environment: "production" },
    ]);
    expect(JSON.stringify(told)).not.toMatch(new RegExp(`${PROD_KEY}|${TEST_KEY}`));
    expect(first.added).toBe(true);
    expect(failures).toEqual([`${first.key.id}: the queue is away`, `${second.id}: the queue is away`]);
  });

  it("refuses a key it could not show back", async () => {
    const { keys, rows, ana, valley } = await setup();
    await expect(keys.add(valley, ana, { ...prod, environment: "staging" as "test" })).rejects.toThrow();
    await expect(keys.add(valley, ana, { ...prod, apiKey: "" })).rejects.toThrow();
    expect(await rows()).toEqual([]);
  });

  it("answers a member's key: the workspace's oldest until they choose one, their choice after, each member apart", async () => {
    const { keys, clock, ana, cy, valley } = await setup();
    const first = await keys.add(valley, ana, prod);
    clock.advance(1000);
    const second = await keys.add(valley, ana, test);
    expect(await keys.active(valley, ana)).toMatchObject({
      id: first.key.id,
      apiKey: PROD_KEY,
      environment: "production",
      keyType: "Customer",
    });
    expect(await keys.setActive(valley, ana, second.key.id)).toBe(true);
    expect(await keys.active(valley, ana)).toMatchObject({ id: second.key.id, apiKey: TEST_KEY });
    expect((await keys.active(valley, cy))?.id).toBe(first.key.id);
    // Chosen again: one choice per member and workspace.
    expect(await keys.setActive(valley, ana, first.key.id)).toBe(true);
    expect((await keys.active(valley, ana))?.id).toBe(first.key.id);
  });

  it("never reaches another workspace's key: not chosen, not removed, not answered", async () => {
    const { keys, rows, ana, ben, valley, hill } = await setup();
    const own = await keys.add(valley, ana, prod);
    const theirs = await keys.add(hill, ben, other);
    expect(await keys.setActive(valley, ana, theirs.key.id)).toBe(false);
    expect(await keys.setActive(valley, ana, "no-such-key")).toBe(false);
    expect(await keys.remove(valley, theirs.key.id)).toBeUndefined();
    expect(await rows()).toHaveLength(2);
    expect(await keys.active(valley, ana)).toMatchObject({ id: own.key.id, apiKey: PROD_KEY });
    expect(await keys.active(hill, ana)).toMatchObject({ id: theirs.key.id, apiKey: OTHER_KEY });
    expect(await keys.active("no-such-workspace", ana)).toBeUndefined();
  });

  it("removes a key, naming the members who worked with it; they fall back to the oldest left, and to none after the last", async () => {
    const { db, keys, clock, ana, cy, valley } = await setup();
    const first = await keys.add(valley, ana, prod);
    clock.advance(1000);
    const second = await keys.add(valley, ana, test);
    await keys.setActive(valley, ana, second.key.id);
    await keys.setActive(valley, cy, second.key.id);
    expect(await keys.remove(valley, second.key.id)).toEqual({
      key: { id: second.key.id, fingerprint: second.key.fingerprint },
      activeFor: expect.arrayContaining([ana, cy]),
    });
    expect(await keys.remove(valley, second.key.id)).toBeUndefined();
    expect(await db.selectFrom("workspace_active_keys").selectAll().execute()).toEqual([]);
    expect((await keys.active(valley, ana))?.id).toBe(first.key.id);
    // Worked with as the oldest, not chosen: nobody is named.
    expect(await keys.remove(valley, first.key.id)).toEqual({
      key: { id: first.key.id, fingerprint: first.key.fingerprint },
      activeFor: [],
    });
    expect(await keys.active(valley, ana)).toBeUndefined();
    expect(await keys.list(valley)).toEqual([]);
  });

  it("notes a key's use at most once a minute, so reads stay reads", async () => {
    const { keys, clock, rows, ana, valley } = await setup();
    await keys.add(valley, ana, prod);
    clock.advance(1000);
    expect((await keys.active(valley, ana))?.lastUsedAt).toBe("2030-01-01T09:00:01.000Z");
    clock.advance(30_000);
    await keys.active(valley, ana);
    expect((await rows())[0]!.last_used_at).toBe("2030-01-01T09:00:01.000Z");
    clock.advance(31_000);
    await keys.active(valley, ana);
    expect((await rows())[0]!.last_used_at).toBe("2030-01-01T09:01:02.000Z");
  });

  describe("at rest", () => {
    it("holds no key in clear in any column of any row, in any common encoding", async () => {
      const { db, keys, ana, ben, valley, hill } = await setup();
      await keys.add(valley, ana, prod);
      const { key } = await keys.add(valley, ana, test);
      await keys.add(hill, ben, other);
      await keys.setActive(valley, ana, key.id);
      await keys.active(valley, ana);
      const forms = [PROD_KEY, TEST_KEY, OTHER_KEY].flatMap((s) => [
        s,
        Buffer.from(s).toString("base64"),
        Buffer.from(s).toString("base64url"),
        Buffer.from(s).toString("hex"),
      ]);
      const cells = [
        ...(await db.selectFrom("workspace_keys").selectAll().execute()),
        ...(await db.selectFrom("workspace_active_keys").selectAll().execute()),
      ].flatMap((row) => Object.values(row).map(String));
      expect(cells.length).toBeGreaterThan(0);
      for (const form of forms) expect(cells.filter((cell) => cell.includes(form))).toEqual([]);
    });

    it.each(["ciphertext", "tag", "iv"] as const)("answers no key when the stored %s was changed", async (column) => {
      const { db, keys, rows, ana, valley } = await setup();
      await keys.add(valley, ana, prod);
      const [row] = await rows();
      const bytes = Buffer.from(row![column], "base64url");
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      await db
        .updateTable("workspace_keys")
        .set({ [column]: bytes.toString("base64url") })
        .execute();
      expect(await keys.active(valley, ana)).toBeUndefined();
    });

    it("does not decrypt a ciphertext moved into another workspace's row", async () => {
      const { db, keys, rows, ana, ben, valley, hill } = await setup();
      await keys.add(valley, ana, prod);
      await keys.add(hill, ben, other);
      const [victim, attacker] = [
        (await rows()).find((r) => r.workspace_id === valley),
        (await rows()).find((r) => r.workspace_id === hill),
      ];
      const sealed = { secret_id: victim!.secret_id, iv: victim!.iv, ciphertext: victim!.ciphertext, tag: victim!.tag };
      await db.updateTable("workspace_keys").set(sealed).where("id", "=", attacker!.id).execute();
      expect(await keys.active(hill, ben)).toBeUndefined();
      expect((await keys.active(valley, ana))?.apiKey).toBe(PROD_KEY);
    });

    it("does not decrypt a row moved to another workspace", async () => {
      const { db, keys, rows, ana, ben, valley, hill } = await setup();
      await keys.add(valley, ana, prod);
      const [row] = await rows();
      await db.updateTable("workspace_keys").set({ workspace_id: hill }).where("id", "=", row!.id).execute();
      expect(await keys.list(hill)).toHaveLength(1);
      expect(await keys.active(hill, ben)).toBeUndefined();
    });

    it("does not decrypt ciphertexts swapped between two rows of a workspace", async () => {
      const { db, keys, clock, rows, ana, valley } = await setup();
      await keys.add(valley, ana, prod);
      clock.advance(1000);
      await keys.add(valley, ana, { ...prod, apiKey: OTHER_KEY });
      const [a, b] = await rows();
      const sealed = (r: typeof a) => ({ iv: r!.iv, ciphertext: r!.ciphertext, tag: r!.tag });
      await db.updateTable("workspace_keys").set(sealed(b)).where("id", "=", a!.id).execute();
      await db.updateTable("workspace_keys").set(sealed(a)).where("id", "=", b!.id).execute();
      expect(await keys.active(valley, ana)).toBeUndefined();
      await keys.setActive(valley, ana, b!.id);
      expect(await keys.active(valley, ana)).toBeUndefined();
    });
  });

  describe("secrets rotated", () => {
    it("reads a key written under a previous secret and encrypts it again under the current one", async () => {
      const { storeWith, rows, ana, valley } = await setup();
      const before = storeWith({ current: OLD_SECRET });
      await before.add(valley, ana, prod);
      const [written] = await rows();
      expect(written!.secret_id).toBe(deriveSecret(OLD_SECRET).id);

      const rotated = storeWith({ current: SECRET, previous: [OLD_SECRET] });
      expect((await rotated.active(valley, ana))?.apiKey).toBe(PROD_KEY);
      const [rewritten] = await rows();
      expect(rewritten!.secret_id).toBe(deriveSecret(SECRET).id);
      expect(rewritten!.ciphertext).not.toBe(written!.ciphertext);
      // Known by the current secret's fingerprint from now on.
      expect(rewritten!.fingerprint).not.toBe(written!.fingerprint);
      expect((await rotated.active(valley, ana))?.fingerprint).toBe(rewritten!.fingerprint);

      expect((await storeWith({ current: SECRET }).active(valley, ana))?.apiKey).toBe(PROD_KEY);
      expect(await before.active(valley, ana)).toBeUndefined();
    });

    it("knows a key written under a previous secret when it is added again", async () => {
      const { storeWith, rows, ana, valley } = await setup();
      const first = await storeWith({ current: OLD_SECRET }).add(valley, ana, prod);
      const again = await storeWith({ current: SECRET, previous: [OLD_SECRET] }).add(valley, ana, prod);
      expect(again).toEqual({ key: first.key, added: false });
      expect(await rows()).toHaveLength(1);
    });

    it("answers no key for one whose secret is not configured, and keeps it listed", async () => {
      const { storeWith, rows, ana, valley } = await setup();
      const { key } = await storeWith({ current: OLD_SECRET }).add(valley, ana, prod);
      const stranger = storeWith({ current: SECRET });
      expect(await stranger.active(valley, ana)).toBeUndefined();
      expect((await stranger.list(valley)).map((k) => k.id)).toEqual([key.id]);
      expect(await rows()).toHaveLength(1);
    });
  });
});
