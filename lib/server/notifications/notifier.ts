import "server-only";
import type { NewNotification, NotificationStore } from "./notification-store";

/**
 * How anything in Backroom tells a person something (a follow-up's outcome, a watch's finding): the person's settings
 * for the kind decide where it goes (the inbox, an email, both, or nowhere; defaults by role,
 * `lib/session/notification-kinds.ts`), and each notification is made once (its effect key), however often it is told.
 */
export interface Notifier {
  /** Tells one person one thing, where their settings for its kind say; answers whether it was new (not told before). */
  notify(notification: NewNotification): Promise<boolean>;
}

/**
 * @example
 * const notifier = createNotifier({ store });
 * await notifier.notify({ userId, workspaceId, kind: "invoice-due", effectKey: `invoice-due:${userId}:${id}:${due}`, title: "Invoice 1041 is due on Dec 1", link: "/invoices/1041" });
 */
export function createNotifier(deps: { store: NotificationStore }): Notifier {
  return {
    async notify(notification) {
      return (await deps.store.tell(notification)) !== undefined;
    },
  };
}
