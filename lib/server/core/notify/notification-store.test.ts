import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../db/open";
import type { AuthTables } from "../db/schema";
import { databaseProfiles } from "../db/testing";
import { createNotificationStore } from "./notification-store";

describe.each(databaseProfiles())("notifications on $name", ({ open }) => {
  const opened: Database[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
  });
  async function store() {
    const database = await open();
    opened.push(database);
    // u1 and u2 are members of w1: a person reads a workspace's notifications only while a member of it.
    const auth = database.db.withTables<AuthTables>();
    const at = new Date().toISOString();
    await auth
      .insertInto("auth_organization")
      .values({ id: "w1", name: "W1", slug: "w1", createdAt: at } as never)
      .execute();
    for (const id of ["u1", "u2"]) {
      await auth
        .insertInto("auth_user")
        .values({
          id,
          name: id,
          email: `${id}@w1.example`,
          emailVerified: database.dialect === "sqlite" ? 0 : false,
          createdAt: at,
          updatedAt: at,
        } as never)
        .execute();
      await auth
        .insertInto("auth_member")
        .values({ id: `m-${id}`, organizationId: "w1", userId: id, role: "viewer", createdAt: at } as never)
        .execute();
    }
    let time = Date.parse("2026-11-23T10:00:00.000Z");
    return createNotificationStore(database.db, () => new Date((time += 1000)));
  }
  const told = (userId: string, effectKey: string, title = "Payment request 1 confirmed") =>
    ({ userId, workspaceId: "w1", kind: "payment-confirmed", effectKey, title, link: "/payments" }) as const;

  it("tells a thing once however often it is learned, even by callers racing", async () => {
    const notifications = await store();
    const ids = await Promise.all([
      notifications.tell(told("u1", "outcome:7")),
      notifications.tell(told("u1", "outcome:7")),
      notifications.tell(told("u1", "outcome:7")),
    ]);
    expect(ids.filter(Boolean)).toHaveLength(1);
    expect(await notifications.tell(told("u1", "outcome:7"))).toBeUndefined();
    const { items, unread } = await notifications.list("u1");
    expect(unread).toBe(1);
    expect(items).toEqual([
      {
        id: ids.find(Boolean),
        kind: "payment-confirmed",
        title: "Payment request 1 confirmed",
        link: "/payments",
        createdAt: expect.any(String),
        read: false,
        workspaceId: "w1",
      },
    ]);
  });

  it("lists a person's own, newest first, and marks only their own read", async () => {
    const notifications = await store();
    const first = await notifications.tell(told("u1", "a", "first"));
    const second = await notifications.tell(told("u1", "b", "second"));
    const theirs = await notifications.tell(told("u2", "c", "someone else's"));
    expect((await notifications.list("u1")).items.map((n) => n.title)).toEqual(["second", "first"]);
    // Another's id changes nothing.
    expect(await notifications.markRead("u1", [theirs!])).toBe(0);
    expect((await notifications.list("u2")).unread).toBe(1);
    expect(await notifications.markRead("u1", [first!])).toBe(1);
    expect(await notifications.markRead("u1", [first!])).toBe(0);
    expect((await notifications.list("u1")).items.map((n) => [n.id, n.read])).toEqual([
      [second, false],
      [first, true],
    ]);
    expect(await notifications.markRead("u1", "all")).toBe(1);
    expect((await notifications.list("u1")).unread).toBe(0);
  });
});
