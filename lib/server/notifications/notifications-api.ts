import "server-only";
import * as z from "zod";
import type { MarkedReadJson, NotificationsJson } from "@/lib/session/notifications-view";
import type { ActorResolver } from "../core/auth/actor";
import { defineRoute } from "../core/define-route";
import type { NotificationStore } from "../core/notify/notification-store";

/** What the inbox's endpoints need from the backend. */
export interface NotificationDeps {
  actors: ActorResolver;
  notifications: NotificationStore;
}

// GET /api/notifications: the person's inbox, newest first (50), and how many are unread; in every workspace of
// theirs (each item names its workspace), since what happened to their money or their orders is theirs wherever.
export const listNotifications = defineRoute(
  { need: "signed-in" },
  async ({ actor }, deps: NotificationDeps): Promise<NotificationsJson> => deps.notifications.list(actor.person.id),
);

const MarkRead = z.union([
  z.strictObject({ ids: z.array(z.string().min(1).max(100)).min(1).max(200) }),
  z.strictObject({ all: z.literal(true) }),
]);

// POST /api/notifications/read {ids} or {all: true}: marks the person's notifications read (another's ids change
// nothing); answers the unread count left. Safe to repeat.
export const markNotificationsRead = defineRoute(
  {
    need: "signed-in",
    body: MarkRead,
    invalid: 'Give the notifications to mark read: {"ids": [...]} or {"all": true}.',
  },
  async ({ actor, body }, deps: NotificationDeps): Promise<MarkedReadJson> => {
    await deps.notifications.markRead(actor.person.id, "all" in body ? "all" : body.ids);
    return { unread: await deps.notifications.unread(actor.person.id) };
  },
);
