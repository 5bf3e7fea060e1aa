import "server-only";
import * as z from "zod";
import { readBodyText } from "@/lib/data-api/request-body";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import type { ActorResolver } from "../core/auth/actor";
import { NO_STORE } from "../core/route-errors";
import { withActor } from "../core/with-actor";
import type { NotificationsJson } from "@/lib/session/notifications-view";
import type { NotificationStore } from "../core/notify/notification-store";

/** What the inbox's endpoints need from the backend. */
export interface NotificationDeps {
  actors: ActorResolver;
  notifications: NotificationStore;
}

// GET /api/notifications: the person's inbox, newest first (50), and how many are unread; in every workspace of
// theirs (each item names its workspace), since what happened to their money or their orders is theirs wherever.
export const listNotifications = withActor(
  "signed-in",
  undefined,
  async (_request: Request, actor, deps: NotificationDeps): Promise<Response> => {
    const body: NotificationsJson = await deps.notifications.list(actor.person.id);
    return Response.json(body, { headers: NO_STORE });
  },
);

const MarkRead = z.union([
  z.strictObject({ ids: z.array(z.string().min(1).max(100)).min(1).max(200) }),
  z.strictObject({ all: z.literal(true) }),
]);

// POST /api/notifications/read {ids} or {all: true}: marks the person's notifications read (another's ids change
// nothing); answers the unread count left. Safe to repeat.
export const markNotificationsRead = withActor(
  "signed-in",
  undefined,
  async (request: Request, actor, deps: NotificationDeps): Promise<Response> => {
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(request, 16 * 1024));
    } catch {
      body = undefined;
    }
    const parsed = MarkRead.safeParse(body);
    if (!parsed.success)
      return Response.json(
        validationErrorBody(parsed.error, 'Give the notifications to mark read: {"ids": [...]} or {"all": true}.'),
        { status: 400, headers: NO_STORE },
      );
    await deps.notifications.markRead(actor.person.id, "all" in parsed.data ? "all" : parsed.data.ids);
    return Response.json({ unread: await deps.notifications.unread(actor.person.id) }, { headers: NO_STORE });
  },
);
