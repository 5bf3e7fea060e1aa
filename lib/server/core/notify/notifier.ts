import "server-only";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { byEmail, isNotificationKind, type NotificationKind, toInbox } from "@/lib/session/notification-kinds";
import { isDemoPerson } from "../auth/demo";
import type { Mailer } from "../auth/mailer";
import type { AuthTables, BackroomDatabase } from "../db/schema";
import type { EffectLedger, JobQueue } from "../jobs/job-queue";
import { notificationMail } from "./mail";
import type { NewNotification, NotificationStore } from "./notification-store";
import type { Preferences } from "./preferences";
import { unsubscribeLinks, unsubscribeToken } from "./unsubscribe";

/**
 * How anything in Backroom tells a person something (a follow-up's outcome, a watch's finding): the person's settings
 * for the kind decide where it goes (the inbox, an email, both, or nowhere; defaults by role,
 * `lib/session/notification-kinds.ts`), and each notification is made once (its effect key), however often it is told.
 * An email is a job of its own (`NOTIFICATION_MAIL`), retried with the queue's backoff and sent at most once
 * (`EffectLedger`, key `mail:<notification id>`). Without SMTP, email is off: what would go by email only goes to the
 * inbox instead, so nothing is lost.
 */

export const NOTIFICATION_MAIL = "notification-mail";

/** More new things of one kind for one person than this, told together (`notifyAll`), are told as one summary. */
export const GROUP_ABOVE = 3;

/** The words and the page of a summary of `items` (new things of one kind for one person), or undefined: each alone. */
export type Summarize = (
  kind: NotificationKind,
  items: readonly NewNotification[],
) => { title: string; link: string } | undefined;

export interface Notifier {
  /** Tells one person one thing, where their settings for its kind say; answers whether it was new (not told before). */
  notify(notification: NewNotification): Promise<boolean>;
  /**
   * Tells several things at once (a watch's run): for each person and kind, more than `GROUP_ABOVE` new ones become one
   * summary (`summarize`'s words, its effect key naming the things it holds), each of them recorded so that it is not
   * told again; fewer are told one by one. Answers how many notifications were made (summaries count one).
   */
  notifyAll(notifications: readonly NewNotification[], summarize: Summarize): Promise<number>;
  /** The job: sends notification `id` by email to its person, once. */
  mail(id: string): Promise<void>;
}

export interface NotifierDeps {
  store: NotificationStore;
  /** Each person's channels; without, every notification goes to the inbox only (tests of what is told, not how). */
  preferences?: Preferences;
  jobs?: JobQueue;
  mailer?: Mailer;
  effects?: EffectLedger;
  db?: Kysely<BackroomDatabase>;
  /** Signs the unsubscribe links (the session secret). */
  secret?: string;
  /** Backroom's address for the links in a mail (`mailOrigin`). */
  origin?: string;
}

/**
 * @example
 * const notifier = createNotifier({ store, preferences, jobs, mailer, effects, db, secret, origin: mailOrigin(serverEnv.PUBLIC_URL, serverEnv.PORT) });
 * jobs.work<{ id: string }>(NOTIFICATION_MAIL, (job) => notifier.mail(job.data.id));
 * await notifier.notify({ userId, workspaceId, kind: "invoice-due", effectKey: `invoice-due:${userId}:${id}:${due}`, title: "Invoice 1041 is due on Dec 1", link: "/invoices/1041" });
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  const emails = Boolean(deps.mailer?.delivers && deps.jobs && deps.effects && deps.db && deps.secret && deps.origin);

  /** Tells `notification` (by `tell`) where the person's settings for its kind say; answers whether it was new. */
  async function deliver(
    notification: NewNotification,
    tell: (inbox: boolean) => Promise<string | undefined>,
  ): Promise<boolean> {
    const channel = deps.preferences
      ? await deps.preferences.channel(notification.userId, notification.workspaceId, notification.kind)
      : "inbox";
    if (channel === "off") return false;
    const email = emails && byEmail(channel);
    const id = await tell(toInbox(channel) || !email);
    if (id === undefined) return false;
    if (email) await deps.jobs!.send(NOTIFICATION_MAIL, { id }, { key: id });
    return true;
  }

  const notify = (notification: NewNotification) =>
    deliver(notification, (inbox) => deps.store.tell(notification, { inbox }));

  return {
    notify,

    async notifyAll(notifications, summarize) {
      const groups = new Map<string, NewNotification[]>();
      for (const n of notifications) {
        const key = JSON.stringify([n.userId, n.workspaceId, n.kind]);
        groups.set(key, [...(groups.get(key) ?? []), n]);
      }
      let told = 0;
      for (const group of groups.values()) {
        const fresh = new Set(await deps.store.fresh(group.map((n) => n.effectKey)));
        const items = group.filter((n) => fresh.has(n.effectKey));
        const words = items.length > GROUP_ABOVE ? summarize(items[0]!.kind, items) : undefined;
        if (!words) {
          for (const item of items) if (await notify(item)) told++;
          continue;
        }
        const { userId, workspaceId, kind } = items[0]!;
        const held = createHash("sha256")
          .update(
            items
              .map((n) => n.effectKey)
              .sort()
              .join("\n"),
          )
          .digest("hex")
          .slice(0, 32);
        const summary: NewNotification = {
          userId,
          workspaceId,
          kind,
          effectKey: `group:${kind}:${userId}:${held}`,
          ...words,
        };
        if (await deliver(summary, (inbox) => deps.store.tellGroup(summary, items, { inbox }))) told++;
      }
      return told;
    },

    async mail(id) {
      if (!emails) return;
      const notification = await deps.store.get(id);
      if (!notification) return;
      const person = await deps
        .db!.withTables<AuthTables>()
        .selectFrom("auth_user")
        .select("email")
        .where("id", "=", notification.userId)
        .executeTakeFirst();
      // The account was deleted since, or it is a demo person's (an address that reaches nobody): nobody to write to.
      if (!person || isDemoPerson(person.email)) return;
      const topic = isNotificationKind(notification.kind) ? notification.kind : "digest";
      const unsubscribe = unsubscribeLinks(
        deps.origin!,
        unsubscribeToken(deps.secret!, { userId: notification.userId, topic }),
      );
      await deps.effects!.once(`mail:${id}`, () =>
        deps.mailer!.send(notificationMail(notification, person.email, { origin: deps.origin!, unsubscribe })),
      );
    },
  };
}
