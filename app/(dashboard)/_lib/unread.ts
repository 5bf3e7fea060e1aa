import "server-only";
import { backend } from "@/lib/backend";

/** The person's unread notifications, for the bell's first paint (0 when the database cannot say: the bell asks again). */
export async function unreadCount(userId: string): Promise<number> {
  const { inbox: notifications } = await backend();
  return notifications.unread(userId).catch(() => 0);
}
