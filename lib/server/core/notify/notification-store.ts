import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Notification } from "@/lib/session/notifications-view";
import type { AuthTables, BackroomDatabase, NotificationTable } from "../db/schema";

import type { NotificationKind } from "@/lib/session/notification-kinds";

export type { NotificationKind };

export interface NewNotification {
  userId: string;
  workspaceId: string | null;
  kind: NotificationKind;
  /**
   * Makes the notification once: a second `tell` with the same key adds nothing. Unique among all notifications: one
   * told to several people names the person ("invoice-due:<userId>:<invoiceId>:<due date>").
   */
  effectKey: string;
  title: string;
  /** A path of Backroom's, the record it is about. */
  link: string | null;
}

export interface NotificationStore {
  /**
   * Adds a notification unless one with its effect key exists; answers its id when it was added now. `inbox: false`
   * keeps it out of the inbox (sent by email only), still told once and listed in the digest.
   */
  tell(notification: NewNotification, options?: { inbox?: boolean }): Promise<string | undefined>;
  /** Which of these effect keys no notification has yet (in their order): what would be new if told. */
  fresh(effectKeys: readonly string[]): Promise<string[]>;
  /**
   * Tells `summary` in place of `items`, in one transaction: the summary as `tell` would, and each item recorded once
   * (its effect key) but kept out of the inbox and the digest (`grouped_in`). Answers the summary's id when it was added
   * now; nothing is added when it was told before.
   */
  tellGroup(
    summary: NewNotification,
    items: readonly NewNotification[],
    options?: { inbox?: boolean },
  ): Promise<string | undefined>;
  /** One notification by id (the mail job's), with nothing about its reader. */
  get(id: string): Promise<(Notification & { userId: string }) | undefined>;
  /**
   * A person's notifications made at or after `since` (inbox or email only, not those told in a summary), oldest first:
   * the digest's. Here and in `list` and `unread`, a workspace's are left out while it requires two factors the person
   * lacks, and once the person is no member of it.
   */
  since(userId: string, since: string): Promise<Notification[]>;
  /** A person's notifications, newest first, and how many are unread. */
  list(userId: string, options?: { limit?: number }): Promise<{ items: Notification[]; unread: number }>;
  /** How many of the person's notifications are unread (the bell's count). */
  unread(userId: string): Promise<number>;
  /** Marks some of the person's notifications read (by id), or all of them; answers how many changed. */
  markRead(userId: string, ids: readonly string[] | "all"): Promise<number>;
}

/**
 * @example
 * const store = createNotificationStore(db);
 * await store.tell({ userId, workspaceId, kind: "payment-confirmed", effectKey: `outcome:${entryId}`, title: "Payment request 41 confirmed", link: "/payments" });
 * const { items, unread } = await store.list(userId);
 */
const view = (r: Selectable<NotificationTable>): Notification => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  link: r.link,
  createdAt: r.created_at,
  read: r.read_at !== null,
  workspaceId: r.workspace_id,
});

/**
 * The workspaces whose notifications a person may read now: those they are a member of, less those that require two
 * factors while the person has none (they read none of its data until they turn them on; the account pages say so).
 * A workspace they left or were removed from is not among them: what it told them goes with their membership.
 */
async function readableWorkspaces(db: Kysely<BackroomDatabase>, userId: string): Promise<string[]> {
  const auth = db.withTables<AuthTables>();
  const [person, memberships] = await Promise.all([
    auth.selectFrom("auth_user").select("twoFactorEnabled").where("id", "=", userId).executeTakeFirst(),
    auth
      .selectFrom("auth_member")
      .innerJoin("auth_organization", "auth_organization.id", "auth_member.organizationId")
      .select(["auth_organization.id", "auth_organization.requireTwoFactor"])
      .where("auth_member.userId", "=", userId)
      .execute(),
  ]);
  return memberships.filter((w) => person?.twoFactorEnabled || !w.requireTwoFactor).map((w) => w.id);
}

export function createNotificationStore(
  db: Kysely<BackroomDatabase>,
  now: () => Date = () => new Date(),
): NotificationStore {
  /** A person's notifications of no workspace, or of one they may read now (`readableWorkspaces`). */
  async function readable(userId: string) {
    const workspaces = await readableWorkspaces(db, userId);
    return db
      .selectFrom("notifications")
      .where("user_id", "=", userId)
      .where((eb) =>
        workspaces.length
          ? eb.or([eb("workspace_id", "is", null), eb("workspace_id", "in", workspaces)])
          : eb("workspace_id", "is", null),
      );
  }

  async function unread(userId: string): Promise<number> {
    const count = await (await readable(userId))
      .select((eb) => eb.fn.countAll<number | string>().as("unread"))
      .where("inbox", "=", 1)
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(count.unread);
  }

  /** Adds one notification unless its effect key is taken; answers its id when added. */
  async function insert(
    into: Kysely<BackroomDatabase>,
    notification: NewNotification,
    at: string,
    inbox: boolean,
    groupedIn: string | null = null,
  ) {
    const inserted = await into
      .insertInto("notifications")
      .values({
        id: randomUUID(),
        user_id: notification.userId,
        workspace_id: notification.workspaceId,
        kind: notification.kind,
        effect_key: notification.effectKey,
        title: notification.title.slice(0, 300),
        link: notification.link,
        created_at: at,
        read_at: null,
        inbox: inbox ? 1 : 0,
        grouped_in: groupedIn,
      })
      .onConflict((oc) => oc.column("effect_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    return inserted?.id;
  }

  return {
    async tell(notification, { inbox = true } = {}) {
      return insert(db, notification, now().toISOString(), inbox);
    },

    async fresh(effectKeys) {
      const told = new Set<string>();
      // In slices: a parameter list of SQLite's stays well under its limit.
      for (let i = 0; i < effectKeys.length; i += 500) {
        const rows = await db
          .selectFrom("notifications")
          .select("effect_key")
          .where("effect_key", "in", effectKeys.slice(i, i + 500))
          .execute();
        for (const row of rows) told.add(row.effect_key);
      }
      return effectKeys.filter((key) => !told.has(key));
    },

    async tellGroup(summary, items, { inbox = true } = {}) {
      const at = now().toISOString();
      return db.transaction().execute(async (trx) => {
        const id = await insert(trx, summary, at, inbox);
        if (id === undefined) return undefined;
        for (const item of items) await insert(trx, item, at, false, id);
        return id;
      });
    },

    async list(userId, { limit = 50 } = {}) {
      const [rows, count] = await Promise.all([
        (await readable(userId))
          .selectAll()
          .where("inbox", "=", 1)
          .orderBy("created_at", "desc")
          .orderBy("id")
          .limit(limit)
          .execute(),
        unread(userId),
      ]);
      return {
        unread: count,
        items: rows.map(view),
      };
    },

    async get(id) {
      const row = await db.selectFrom("notifications").selectAll().where("id", "=", id).executeTakeFirst();
      return row && { ...view(row), userId: row.user_id };
    },

    async since(userId, since) {
      const rows = await (await readable(userId))
        .selectAll()
        .where("created_at", ">=", since)
        .where("grouped_in", "is", null)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map(view);
    },

    unread,

    async markRead(userId, ids) {
      if (ids !== "all" && ids.length === 0) return 0;
      let query = db
        .updateTable("notifications")
        .set({ read_at: now().toISOString() })
        .where("user_id", "=", userId)
        .where("read_at", "is", null);
      if (ids !== "all") query = query.where("id", "in", ids);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
