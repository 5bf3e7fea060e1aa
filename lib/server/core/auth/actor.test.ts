import { afterEach, describe, expect, it, vi } from "vitest";
import type { RoleName } from "@/lib/session/roles";
import type { Database } from "../db/open";
import type { AuthTables } from "../db/schema";
import { databaseProfiles } from "../db/testing";
import { HEARD_TTL_MS } from "../shared/heard-copies";
import { createMemoryStore } from "../shared/memory-store";
import type { SharedStore } from "../shared/shared-store";
import { sharedStoreProfiles } from "../shared/testing";
import { type ActorResolver, createActorResolver } from "./actor";
import type { Auth } from "./auth";
import { recordingMailer, testAuth } from "./testing";
import { createWorkspaceKeyStore, type WorkspaceKeyStore } from "./workspace-keys";

const PASSWORD = "correct horse battery staple";
const ORIGIN = "http://localhost:3000";
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a copy lives while the instances cannot hear each other (actor.ts's UNHEARD_TTL_MS). */
const UNHEARD_TTL_MS = 1_000;
const API_KEY = "test-customer-1b2c3d4e5f60718293a4";
const SECRETS = { current: "actor-test-secret-0123456789abcdefghijklmnop" };

const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(closing.splice(0).map((c) => c.close()));
});

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const as = (cookie: string) => new Headers({ cookie, origin: ORIGIN });

/** One instance of Backroom: its better-auth and its resolver, on a database and a handle of the shared store. */
interface Instance {
  auth: Auth;
  actors: ActorResolver;
  keys: WorkspaceKeyStore;
}
function instance(database: Database, shared: SharedStore, now?: () => number): Instance {
  const keys = createWorkspaceKeyStore({ db: database.db, secrets: SECRETS });
  const actors = createActorResolver({ db: database.db, keys, shared, maxAgeMs: WEEK_MS, now });
  const { auth } = testAuth(database, {
    store: shared,
    events: actors.events,
    mailer: recordingMailer(false),
    secrets: SECRETS,
  });
  actors.bind(auth);
  return { auth, actors, keys };
}

/**
 * A workspace on an instance: its owner (signed in, working in it, the workspace holding a key) and a member of each
 * role asked for, each signed in and working in it.
 */
async function workspace(on: Instance, roles: RoleName[] = []) {
  let n = 0;
  const person = async () => {
    const email = `person-${++n}-${Math.random().toString(36).slice(2, 8)}@valley.example`;
    const response = await on.auth.api.signUpEmail({
      body: { email, password: PASSWORD, name: `Person ${n}` },
      asResponse: true,
      headers: new Headers({ origin: ORIGIN }),
    });
    const { user } = (await response.json()) as { user: { id: string } };
    return { cookie: cookieOf(response), userId: user.id, email };
  };
  const owner = await person();
  const created = await on.auth.api.createOrganization({
    body: { name: "Valley", slug: `valley-${owner.userId.slice(0, 8).toLowerCase()}` },
    headers: as(owner.cookie),
  });
  const workspaceId = created!.id;
  const { key } = await on.keys.add(workspaceId, owner.userId, {
    apiKey: API_KEY,
    environment: "test",
    keyType: "Customer",
    label: "Valley (retailer)",
    scope: { summary: "1 store" },
  });
  await on.auth.api.setActiveOrganization({ body: { organizationId: workspaceId }, headers: as(owner.cookie) });
  const members = [];
  for (const role of roles) {
    const member = await person();
    const added = await on.auth.api.addMember({ body: { userId: member.userId, role, organizationId: workspaceId } });
    await on.auth.api.setActiveOrganization({ body: { organizationId: workspaceId }, headers: as(member.cookie) });
    members.push({ ...member, role, memberId: added!.id });
  }
  return { workspaceId, keyId: key.id, owner, members };
}

describe.each(databaseProfiles())("who is asking, on $name", ({ open }) => {
  async function setup(now?: () => number) {
    const database = await open();
    closing.push(database);
    return { database, one: instance(database, createMemoryStore(), now) };
  }

  it("resolves the person, their session, the workspace with its keys, the membership and role, and the key in clear", async () => {
    const { one } = await setup();
    const { owner, members, workspaceId, keyId } = await workspace(one, ["accounts"]);
    const accounts = members[0]!;
    const actor = await one.actors.resolve(as(accounts.cookie));
    expect(actor).toMatchObject({
      person: { id: accounts.userId, email: accounts.email, name: "Person 2", twoFactorEnabled: false },
      session: { id: expect.any(String), createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      workspace: {
        id: workspaceId,
        name: "Valley",
        requireTwoFactor: false,
        keys: [{ id: keyId, keyType: "Customer" }],
      },
      membership: { id: accounts.memberId, role: "accounts", salesRepUserId: null },
      needsTwoFactor: false,
      key: { id: keyId, apiKey: API_KEY, environment: "test" },
    });
    expect((await one.actors.resolve(as(owner.cookie)))?.membership?.role).toBe("owner");
  });

  it("answers a person working in no workspace without one, nor a membership or key", async () => {
    const { one } = await setup();
    const response = await one.auth.api.signUpEmail({
      body: { email: "solo@valley.example", password: PASSWORD, name: "Solo" },
      asResponse: true,
      headers: new Headers({ origin: ORIGIN }),
    });
    const actor = await one.actors.resolve(as(cookieOf(response)));
    expect(actor).toMatchObject({ person: { email: "solo@valley.example" }, needsTwoFactor: false });
    expect([actor?.workspace, actor?.membership, actor?.key]).toEqual([undefined, undefined, undefined]);
  });

  it.each([
    { name: "no cookie", cookie: () => "" },
    { name: "another site's cookies only", cookie: () => "theme=dark; other_session=abc.def" },
    {
      name: "a token better-auth never issued",
      cookie: () => `backroom.session_token=${"Z".repeat(32)}.${"s".repeat(43)}=`,
    },
    { name: "a cookie that does not percent-decode", cookie: () => "backroom.session_token=%E0%A4%A.%" },
    { name: "an empty cookie", cookie: () => "backroom.session_token=" },
  ])("resolves nobody with $name", async ({ cookie }) => {
    const { one } = await setup();
    await workspace(one);
    expect(await one.actors.resolve(as(cookie()))).toBeUndefined();
  });

  it("refuses a real session's token with another signature, or under a cookie name better-auth does not read, even once the session is known", async () => {
    const { one } = await setup();
    const { owner } = await workspace(one);
    const forged = owner.cookie.replace(/(backroom\.session_token=[^.;]+\.)[^;]+/, `$1${"A".repeat(43)}=`);
    const renamed = owner.cookie.replace("backroom.session_token", "__Secure-backroom.session_token");
    expect([forged, renamed]).not.toContain(owner.cookie);
    // Before and after the real cookie was resolved (and its copy kept).
    for (let round = 0; round < 2; round++) {
      expect(await one.actors.resolve(as(forged))).toBeUndefined();
      expect(await one.actors.resolve(as(renamed))).toBeUndefined();
      expect(await one.actors.resolve(as(owner.cookie))).toBeDefined();
    }
  });

  it("reads a person's session, membership, workspace and key once, then answers from its copies", async () => {
    const { one } = await setup();
    const { owner } = await workspace(one);
    const active = vi.spyOn(one.keys, "active");
    const list = vi.spyOn(one.keys, "list");
    for (let i = 0; i < 3; i++) expect((await one.actors.resolve(as(owner.cookie)))?.key?.apiKey).toBe(API_KEY);
    expect([active.mock.calls.length, list.mock.calls.length]).toEqual([1, 1]);
    // What it answers is the caller's to change: the copies stay as read.
    const first = (await one.actors.resolve(as(owner.cookie)))!;
    first.key!.apiKey = "changed";
    first.workspace!.keys.length = 0;
    const again = (await one.actors.resolve(as(owner.cookie)))!;
    expect([again.key?.apiKey, again.workspace?.keys.length]).toEqual([API_KEY, 1]);
  });

  it("asks for two factors, and gives no key, while the workspace requires them and the person has none", async () => {
    const { one } = await setup();
    const { owner, members, workspaceId } = await workspace(one, ["viewer"]);
    const viewer = members[0]!;
    // One person has turned two factors on (before their first request here).
    await (await one.auth.$context).internalAdapter.updateUser(viewer.userId, { twoFactorEnabled: true });
    await one.auth.api.updateOrganization({
      body: { organizationId: workspaceId, data: { requireTwoFactor: true } },
      headers: as(owner.cookie),
    });
    const ownerActor = await one.actors.resolve(as(owner.cookie));
    expect(ownerActor).toMatchObject({
      workspace: { requireTwoFactor: true },
      membership: { role: "owner" },
      needsTwoFactor: true,
    });
    expect(ownerActor?.key).toBeUndefined();
    const viewerActor = await one.actors.resolve(as(viewer.cookie));
    expect(viewerActor).toMatchObject({
      person: { twoFactorEnabled: true },
      needsTwoFactor: false,
      key: { apiKey: API_KEY },
    });
    // Required no more: the key again.
    await one.auth.api.updateOrganization({
      body: { organizationId: workspaceId, data: { requireTwoFactor: false } },
      headers: as(owner.cookie),
    });
    expect(await one.actors.resolve(as(owner.cookie))).toMatchObject({
      needsTwoFactor: false,
      key: { apiKey: API_KEY },
    });
  });

  it("ends a session past its absolute lifetime, however recently used, on every instance", async () => {
    let now = Date.now();
    const { database, one } = await setup(() => now);
    const { owner } = await workspace(one);
    const began = Date.parse((await one.actors.resolve(as(owner.cookie)))!.session.createdAt);
    now = began + WEEK_MS - 1;
    expect(await one.actors.resolve(as(owner.cookie))).toBeDefined();
    now += 1;
    expect(await one.actors.resolve(as(owner.cookie))).toBeUndefined();
    // Deleted, not only refused here: another instance with its own clock refuses it too, and better-auth knows it not.
    expect(await instance(database, createMemoryStore()).actors.resolve(as(owner.cookie))).toBeUndefined();
    expect(await one.auth.api.getSession({ headers: as(owner.cookie) })).toBeNull();
  });

  it("follows a member's removal and a key chosen or removed through the same instance at once", async () => {
    const { one } = await setup();
    const { owner, members, workspaceId, keyId } = await workspace(one, ["viewer"]);
    const viewer = members[0]!;
    const { key: second } = await one.keys.add(workspaceId, owner.userId, {
      apiKey: "test-second-key-00112233",
      environment: "test",
      keyType: "Employee",
      label: "Ops",
      scope: { summary: "all" },
    });
    await one.actors.workspaceChanged(workspaceId);
    expect((await one.actors.resolve(as(viewer.cookie)))?.key?.id).toBe(keyId);
    await one.keys.setActive(workspaceId, viewer.userId, second.id);
    await one.actors.keyChosen(workspaceId, viewer.userId);
    expect((await one.actors.resolve(as(viewer.cookie)))?.key?.id).toBe(second.id);
    const removed = await one.keys.remove(workspaceId, second.id);
    await one.actors.workspaceChanged(workspaceId, removed!.activeFor);
    expect((await one.actors.resolve(as(viewer.cookie)))?.key?.id).toBe(keyId);
    await one.auth.api.removeMember({
      body: { organizationId: workspaceId, memberIdOrEmail: viewer.memberId },
      headers: as(owner.cookie),
    });
    const after = await one.actors.resolve(as(viewer.cookie));
    expect([after?.person.id, after?.membership, after?.key]).toEqual([viewer.userId, undefined, undefined]);
  });
});

/**
 * Two instances of Backroom on one database and the shared store's two handles (`open()` then `peer()`): on Redis two
 * connections, hearing each other's messages; in memory one process, whose copies also live at most a second.
 */
const pairs = sharedStoreProfiles().flatMap((store) =>
  databaseProfiles().map((database) => ({ store, database, name: `${store.name} and ${database.name}` })),
);

describe.each(pairs)("revocation across two instances, on $name", ({ store, database: db }) => {
  async function twoInstances() {
    const database = await db.open();
    const shared = await store.open();
    closing.push(shared, database);
    const a = instance(database, shared);
    const b = instance(database, shared.peer());
    if (store.name === "redis")
      await vi.waitFor(() => expect(shared.listening().live && shared.peer().listening().live).toBe(true), {
        timeout: 5_000,
        interval: 10,
      });
    return { database, shared, a, b };
  }

  /** Resolves on `on` until `check` holds, for at most a second; answers how long it took. */
  async function withinASecond(check: () => Promise<void>): Promise<number> {
    const started = Date.now();
    await vi.waitFor(check, { timeout: 1_000, interval: 5 });
    const took = Date.now() - started;
    expect(took).toBeLessThan(1_000);
    return took;
  }

  it("refuses, on the other instance, a session signed out on one", async () => {
    const { a, b } = await twoInstances();
    const { owner } = await workspace(a);
    expect(await a.actors.resolve(as(owner.cookie))).toBeDefined();
    expect(await b.actors.resolve(as(owner.cookie))).toBeDefined();
    await b.auth.api.signOut({ headers: as(owner.cookie) });
    expect(await b.actors.resolve(as(owner.cookie))).toBeUndefined();
    await withinASecond(async () => expect(await a.actors.resolve(as(owner.cookie))).toBeUndefined());
  });

  it("refuses a session the database no longer holds though the shared store still copies it (ended while Redis was away), in Backroom and in better-auth", async () => {
    const { database, a, b } = await twoInstances();
    const { owner } = await workspace(a);
    expect(await a.actors.resolve(as(owner.cookie))).toBeDefined();
    // The row goes from the database alone: better-auth's copy in the shared store stays.
    await database.db.withTables<AuthTables>().deleteFrom("auth_session").where("userId", "=", owner.userId).execute();
    expect(await b.actors.resolve(as(owner.cookie))).toBeUndefined();
    const asked = await b.auth.handler(
      new Request(`${ORIGIN}/api/auth/organization/list`, { headers: as(owner.cookie) }),
    );
    expect(asked.status).toBe(401);
  });

  it("asks again for two factors, on the other instance, of every session of a person who turned them off on one", async () => {
    const { a, b } = await twoInstances();
    const { owner, workspaceId } = await workspace(a);
    const adapter = (await b.auth.$context).internalAdapter;
    await adapter.updateUser(owner.userId, { twoFactorEnabled: true });
    await b.auth.api.updateOrganization({
      body: { organizationId: workspaceId, data: { requireTwoFactor: true } },
      headers: as(owner.cookie),
    });
    await withinASecond(async () =>
      expect(await a.actors.resolve(as(owner.cookie))).toMatchObject({
        needsTwoFactor: false,
        key: { apiKey: API_KEY },
      }),
    );
    await adapter.updateUser(owner.userId, { twoFactorEnabled: false });
    await withinASecond(async () => {
      const actor = await a.actors.resolve(as(owner.cookie));
      expect([actor?.needsTwoFactor, actor?.key]).toEqual([true, undefined]);
    });
  });

  it("gives the new role, on the other instance, of a member whose role changed on one", async () => {
    const { a, b } = await twoInstances();
    const { owner, members, workspaceId } = await workspace(a, ["viewer"]);
    const member = members[0]!;
    expect((await a.actors.resolve(as(member.cookie)))?.membership?.role).toBe("viewer");
    expect((await b.actors.resolve(as(member.cookie)))?.membership?.role).toBe("viewer");
    await b.auth.api.updateMemberRole({
      body: { organizationId: workspaceId, memberId: member.memberId, role: "accounts" },
      headers: as(owner.cookie),
    });
    expect((await b.actors.resolve(as(member.cookie)))?.membership?.role).toBe("accounts");
    await withinASecond(async () =>
      expect((await a.actors.resolve(as(member.cookie)))?.membership?.role).toBe("accounts"),
    );
  });

  it("takes the workspace and its key, on the other instance, from a member removed on one", async () => {
    const { a, b } = await twoInstances();
    const { owner, members, workspaceId } = await workspace(a, ["admin"]);
    const member = members[0]!;
    expect((await a.actors.resolve(as(member.cookie)))?.key?.apiKey).toBe(API_KEY);
    await b.actors.resolve(as(member.cookie));
    await b.auth.api.removeMember({
      body: { organizationId: workspaceId, memberIdOrEmail: member.memberId },
      headers: as(owner.cookie),
    });
    await withinASecond(async () => {
      const actor = await a.actors.resolve(as(member.cookie));
      expect([actor?.person.id, actor?.membership, actor?.key]).toEqual([member.userId, undefined, undefined]);
    });
  });

  it("takes the workspace, on the other instance, from every session of a member who left on one", async () => {
    const { a, b } = await twoInstances();
    const { members, workspaceId } = await workspace(a, ["purchasing"]);
    const member = members[0]!;
    // A second browser of theirs, working in the workspace too.
    const signedIn = await a.auth.api.signInEmail({
      body: { email: member.email, password: PASSWORD },
      asResponse: true,
      headers: new Headers({ origin: ORIGIN }),
    });
    const otherBrowser = cookieOf(signedIn);
    await a.auth.api.setActiveOrganization({ body: { organizationId: workspaceId }, headers: as(otherBrowser) });
    expect((await a.actors.resolve(as(otherBrowser)))?.membership?.role).toBe("purchasing");
    await b.auth.api.leaveOrganization({ body: { organizationId: workspaceId }, headers: as(member.cookie) });
    await withinASecond(async () => expect((await a.actors.resolve(as(otherBrowser)))?.membership).toBeUndefined());
  });

  it("follows a key chosen and a key removed on the other instance", async () => {
    const { a, b } = await twoInstances();
    const { owner, members, workspaceId, keyId } = await workspace(a, ["viewer"]);
    const member = members[0]!;
    const { key: second } = await b.keys.add(workspaceId, owner.userId, {
      apiKey: "test-second-key-00112233",
      environment: "test",
      keyType: "Employee",
      label: "Ops",
      scope: { summary: "all" },
    });
    await b.actors.workspaceChanged(workspaceId);
    expect((await a.actors.resolve(as(member.cookie)))?.key?.id).toBe(keyId);
    await b.keys.setActive(workspaceId, member.userId, second.id);
    await b.actors.keyChosen(workspaceId, member.userId);
    await withinASecond(async () => expect((await a.actors.resolve(as(member.cookie)))?.key?.id).toBe(second.id));
    const removed = await b.keys.remove(workspaceId, second.id);
    await b.actors.workspaceChanged(workspaceId, removed!.activeFor);
    await withinASecond(async () => expect((await a.actors.resolve(as(member.cookie)))?.key?.id).toBe(keyId));
    // The owner worked with the oldest key without choosing it: its removal reaches them too.
    expect((await a.actors.resolve(as(owner.cookie)))?.key?.id).toBe(keyId);
    await b.keys.remove(workspaceId, keyId);
    await b.actors.workspaceChanged(workspaceId, []);
    await withinASecond(async () => expect((await a.actors.resolve(as(owner.cookie)))?.key).toBeUndefined());
  });

  it(`keeps a copy no longer than its bound when no instance announces a change: ${UNHEARD_TTL_MS} ms in memory, ${HEARD_TTL_MS} ms while Redis is heard`, async () => {
    const { database, a } = await twoInstances();
    const { members, workspaceId } = await workspace(a, ["viewer"]);
    const member = members[0]!;
    // The copies' clock (lru-cache reads performance.now), held still and moved only by the test: a slow database
    // write between two reads must not age the copy (a loaded CI machine took over 50 ms).
    let offset = 0;
    const frozen = performance.now();
    vi.spyOn(performance, "now").mockImplementation(() => frozen + offset);
    expect((await a.actors.resolve(as(member.cookie)))?.membership?.role).toBe("viewer");
    // Changed behind every instance's back (an operator editing the database): only the copy's bound can notice.
    await database.db
      .withTables<AuthTables>()
      .updateTable("auth_member")
      .set({ role: "accounts" })
      .where("organizationId", "=", workspaceId)
      .where("userId", "=", member.userId)
      .execute();
    const bound = store.name === "redis" ? HEARD_TTL_MS : UNHEARD_TTL_MS;
    offset += bound - 50;
    expect((await a.actors.resolve(as(member.cookie)))?.membership?.role).toBe("viewer");
    offset += 100;
    expect((await a.actors.resolve(as(member.cookie)))?.membership?.role).toBe("accounts");
  });
});
