import "server-only";
import * as z from "zod";
import type { MarkedReadJson, NotificationsJson } from "@/lib/session/notifications-view";
import type { ActorResolver } from "../core/auth/actor";
import { defineRoute } from "../core/define-route";
import type { NotificationStore } from "../core/notify/notification-store";
import { MarkedReadAnswer, NotificationsAnswer } from "./answers";

/** What the inbox's endpoints need from the backend. */
export interface NotificationDeps {
  actors: ActorResolver;
  inbox: NotificationStore;
}

export const listNotifications = defineRoute(
  {
    method: "GET",
    path: "/api/notifications",
    summary: "The person's inbox, newest first (50), and how many are unread.",
    description: `In every workspace of theirs (each item names its workspace), since what happened to their money or their
orders is theirs wherever: what the ERP did with their payment requests and purchase orders (amounts in dollars; a
rejection says the API gave no reason, as its records carry none), learned by the follow-ups, and what the hourly
watches found (invoices due or overdue, credit to apply, products below target days of cover, customers put on hold,
tomorrow's delivery cut-off), each linking to the page of its record (the AR account's payments, the invoice, the
customer; built with the pages' own addresses, \`lib/domain/page-href.ts\`).`,
    answer: NotificationsAnswer,
    need: "signed-in",
  },
  async ({ actor }, deps: NotificationDeps): Promise<NotificationsJson> => deps.inbox.list(actor.person.id),
);

const MarkRead = z.union([
  z.strictObject({ ids: z.array(z.string().min(1).max(100)).min(1).max(200) }),
  z.strictObject({ all: z.literal(true) }),
]);

export const markNotificationsRead = defineRoute(
  {
    method: "POST",
    path: "/api/notifications/read",
    summary: "Marks the person's notifications read: those of `ids`, or `all`.",
    description: "Another's ids change nothing. Answers the unread count left. Safe to repeat.",
    answer: MarkedReadAnswer,
    need: "signed-in",
    body: MarkRead,
    invalid: 'Give the notifications to mark read: {"ids": [...]} or {"all": true}.',
  },
  async ({ actor, body }, deps: NotificationDeps): Promise<MarkedReadJson> => {
    await deps.inbox.markRead(actor.person.id, "all" in body ? "all" : body.ids);
    return { unread: await deps.inbox.unread(actor.person.id) };
  },
);
