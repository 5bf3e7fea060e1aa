import { afterEach, describe, expect, it } from "vitest";
import { browserRequest, signUp, type TestBackend } from "../core/testing";
import { createTestBackend } from "../testing";
import { createNotificationStore } from "../core/notify/notification-store";
import type { NotificationSettingsJson } from "@/lib/session/notifications-view";
import { listNotifications, markNotificationsRead } from "./notifications-api";
import { createPreferences } from "../core/notify/preferences";
import { getNotificationSettings, postUnsubscribe, putNotificationSettings } from "./settings-api";
import { unsubscribeToken } from "../core/notify/unsubscribe";

const SECRET = "s".repeat(40);

const backends: TestBackend[] = [];
afterEach(async () => {
  await Promise.all(backends.splice(0).map((b) => b.close()));
});

async function setUp() {
  const backend = await createTestBackend(() => new Response("no upstream in these tests", { status: 500 }));
  backends.push(backend);
  const deps = { actors: backend.actors, inbox: createNotificationStore(backend.db) };
  const person = await signUp(backend);
  const other = await signUp(backend);
  const tell = (userId: string, effectKey: string) =>
    deps.inbox.tell({
      userId,
      workspaceId: null,
      kind: "purchase-imported",
      effectKey,
      title: `Purchase order ${effectKey} imported`,
      link: "/purchases",
    });
  return { backend, deps, person, other, tell };
}

describe("/api/notifications", () => {
  it("answers a person's own inbox, and nobody's to a stranger", async () => {
    const { deps, person, other, tell } = await setUp();
    await tell(person.userId, "a");
    await tell(other.userId, "b");
    expect((await listNotifications(browserRequest("GET", "/api/notifications", { site: null }), deps)).status).toBe(
      401,
    );
    const answer = await listNotifications(
      browserRequest("GET", "/api/notifications", { cookie: person.cookie, site: null }),
      deps,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toContain("no-store");
    const body = (await answer.json()) as { items: { title: string }[]; unread: number };
    expect([body.items.map((i) => i.title), body.unread]).toEqual([["Purchase order a imported"], 1]);
  });

  it("marks read from Backroom's own pages only, with a body in the API's error shape when it is wrong", async () => {
    const { deps, person, other, tell } = await setUp();
    const mine = await tell(person.userId, "a");
    const theirs = await tell(other.userId, "b");
    const mark = (json: unknown, site: "same-origin" | "cross-site" = "same-origin") =>
      markNotificationsRead(
        browserRequest("POST", "/api/notifications/read", { cookie: person.cookie, json, site }),
        deps,
      );

    expect((await mark({ all: true }, "cross-site")).status).toBe(403);
    const bad = await mark({ ids: [] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ Error: { code: "VALIDATION_FAILED" } });
    expect((await mark("not json at all")).status).toBe(400);
    const large = await mark({ ids: Array.from({ length: 200 }, (_, i) => `${i}`.padStart(100, "x")) });
    expect([large.status, ((await large.json()) as { Error: { code: string } }).Error.code]).toEqual([
      413,
      "PAYLOAD_TOO_LARGE",
    ]);

    // Another's id changes nothing of theirs.
    expect(await (await mark({ ids: [theirs] })).json()).toEqual({ unread: 1 });
    expect((await deps.inbox.list(other.userId)).unread).toBe(1);
    expect(await (await mark({ ids: [mine] })).json()).toEqual({ unread: 0 });
    // Again: the same answer (safe to repeat).
    expect(await (await mark({ ids: [mine] })).json()).toEqual({ unread: 0 });
  });
});

describe("/api/notifications/settings and /api/notifications/unsubscribe", () => {
  async function settingsSetUp(mailDelivers = true) {
    const backend = await createTestBackend(() => new Response("no upstream in these tests", { status: 500 }));
    backends.push(backend);
    const deps = { actors: backend.actors, preferences: createPreferences(backend.db), mailDelivers, secret: SECRET };
    const person = await signUp(backend);
    const put = (json: unknown, site: "same-origin" | "cross-site" = "same-origin") =>
      putNotificationSettings(
        browserRequest("PUT", "/api/notifications/settings", { cookie: person.cookie, json, site }),
        deps,
      );
    const get = async () =>
      (await (
        await getNotificationSettings(
          browserRequest("GET", "/api/notifications/settings", { cookie: person.cookie, site: null }),
          deps,
        )
      ).json()) as NotificationSettingsJson;
    return { deps, person, put, get };
  }

  it("shows every kind with the person's channel, and changes what a PUT names", async () => {
    const { put, get } = await settingsSetUp();
    const before = await get();
    expect(before.email).toEqual({ delivers: true, address: expect.stringMatching(/@backroom\.test$/) });
    expect(before.digest).toEqual({ enabled: true, time: "07:00", timeZone: "UTC" });
    // Outside a workspace every kind is listed, each at the inbox until chosen.
    expect(before.kinds.map((k) => [k.kind, k.channel, k.chosen])).toContainEqual(["invoice-due", "inbox", false]);
    const answer = await put({
      channels: { "invoice-due": "email", "below-cover": "off" },
      digest: { enabled: true, time: "18:30", timeZone: "Europe/Berlin" },
    });
    expect(answer.status).toBe(200);
    const after = (await answer.json()) as NotificationSettingsJson;
    expect(after.kinds.find((k) => k.kind === "invoice-due")).toMatchObject({ channel: "email", chosen: true });
    expect(after.kinds.find((k) => k.kind === "below-cover")).toMatchObject({ channel: "off", chosen: true });
    expect(after.digest).toEqual({ enabled: true, time: "18:30", timeZone: "Europe/Berlin" });
    expect(await get()).toEqual(after);
  });

  it("refuses what is not a setting, cross-site writes, and strangers, in the API's error shape", async () => {
    const { put, deps } = await settingsSetUp();
    expect((await put({ channels: { "invoice-due": "pigeon" } })).status).toBe(400);
    expect((await put({ channels: { "no-such-kind": "inbox" } })).status).toBe(400);
    expect((await put({ digest: { enabled: true, time: "25:00", timeZone: "UTC" } })).status).toBe(400);
    const zone = await put({ digest: { enabled: true, time: "07:00", timeZone: "Mars/Olympus" } });
    expect(zone.status).toBe(400);
    expect(await zone.json()).toMatchObject({ Error: { code: "VALIDATION_FAILED" } });
    expect((await put({ channels: {} }, "cross-site")).status).toBe(403);
    expect(
      (await putNotificationSettings(browserRequest("PUT", "/api/notifications/settings", { json: {} }), deps)).status,
    ).toBe(401);
  });

  it("says email is off without a mail server", async () => {
    const { get } = await settingsSetUp(false);
    expect((await get()).email).toMatchObject({ delivers: false, off: "no-smtp" });
  });

  it("unsubscribes by a signed token alone, from anywhere, and refuses a token that is not one", async () => {
    const { deps, person, get } = await settingsSetUp();
    const token = unsubscribeToken(SECRET, { userId: person.userId, topic: "digest" });
    // A mail client's RFC 8058 POST: no cookie, no origin of Backroom's.
    const answer = await postUnsubscribe(
      new Request(`http://backroom.test/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" },
      }),
      deps,
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ unsubscribed: "the daily digest" });
    expect((await get()).digest.enabled).toBe(false);
    const bad = await postUnsubscribe(
      new Request(
        `http://backroom.test/api/notifications/unsubscribe?token=${encodeURIComponent(token.slice(0, -3))}`,
        { method: "POST" },
      ),
      deps,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ Error: { code: "BAD_UNSUBSCRIBE_TOKEN" } });
    // No token at all is a link that is not ours, not a bad query.
    const none = await postUnsubscribe(
      new Request("http://backroom.test/api/notifications/unsubscribe", { method: "POST" }),
      deps,
    );
    expect([none.status, await none.json()]).toMatchObject([400, { Error: { code: "BAD_UNSUBSCRIBE_TOKEN" } }]);
  });

  it("hands a report's unsubscribe to the reports, and refuses a topic nobody answers for", async () => {
    const { deps, person } = await settingsSetUp();
    const left: string[] = [];
    const withReports: typeof deps & {
      unsubscribers: Record<string, (userId: string, id: string) => Promise<boolean>>;
    } = { ...deps, unsubscribers: { report: async (userId, id) => (left.push(`${userId}:${id}`), true) } };
    const post = (topic: string, on = withReports) =>
      postUnsubscribe(
        new Request(
          `http://backroom.test/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(SECRET, { userId: person.userId, topic }))}`,
          { method: "POST" },
        ),
        on,
      );
    const answer = await post("report:s-41");
    expect(await answer.json()).toEqual({ unsubscribed: "this scheduled report" });
    expect(left).toEqual([`${person.userId}:s-41`]);
    expect((await post("report:s-41", { ...deps, unsubscribers: {} })).status).toBe(400);
    expect((await post("pigeons:1")).status).toBe(400);
  });
});
