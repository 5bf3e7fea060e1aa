import { afterEach, describe, expect, it } from "vitest";
import { browserRequest, createTestBackend, signUp, type TestBackend } from "../testing";
import { createNotificationStore } from "./notification-store";
import { listNotifications, markNotificationsRead } from "./notifications-api";

const backends: TestBackend[] = [];
afterEach(async () => {
  await Promise.all(backends.splice(0).map((b) => b.close()));
});

async function setUp() {
  const backend = await createTestBackend(() => new Response("no upstream in these tests", { status: 500 }));
  backends.push(backend);
  const deps = { actors: backend.actors, notifications: createNotificationStore(backend.db) };
  const person = await signUp(backend);
  const other = await signUp(backend);
  const tell = (userId: string, effectKey: string) => deps.notifications.tell({ userId, workspaceId: null, kind: "purchase-imported", effectKey, title: `Purchase order ${effectKey} imported`, link: "/purchases" });
  return { backend, deps, person, other, tell };
}

describe("/api/notifications", () => {
  it("answers a person's own inbox, and nobody's to a stranger", async () => {
    const { deps, person, other, tell } = await setUp();
    await tell(person.userId, "a");
    await tell(other.userId, "b");
    expect((await listNotifications(browserRequest("GET", "/api/notifications", { site: null }), deps)).status).toBe(401);
    const answer = await listNotifications(browserRequest("GET", "/api/notifications", { cookie: person.cookie, site: null }), deps);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toContain("no-store");
    const body = (await answer.json()) as { items: { title: string }[]; unread: number };
    expect([body.items.map((i) => i.title), body.unread]).toEqual([["Purchase order a imported"], 1]);
  });

  it("marks read from Backroom's own pages only, with a body in the API's error shape when it is wrong", async () => {
    const { deps, person, other, tell } = await setUp();
    const mine = await tell(person.userId, "a");
    const theirs = await tell(other.userId, "b");
    const mark = (json: unknown, site: "same-origin" | "cross-site" = "same-origin") => markNotificationsRead(browserRequest("POST", "/api/notifications/read", { cookie: person.cookie, json, site }), deps);

    expect((await mark({ all: true }, "cross-site")).status).toBe(403);
    const bad = await mark({ ids: [] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ Error: { code: "VALIDATION_FAILED" } });
    expect((await mark("not json at all")).status).toBe(400);

    // Another's id changes nothing of theirs.
    expect(await (await mark({ ids: [theirs] })).json()).toEqual({ unread: 1 });
    expect((await deps.notifications.list(other.userId)).unread).toBe(1);
    expect(await (await mark({ ids: [mine] })).json()).toEqual({ unread: 0 });
    // Again: the same answer (safe to repeat).
    expect(await (await mark({ ids: [mine] })).json()).toEqual({ unread: 0 });
  });
});
