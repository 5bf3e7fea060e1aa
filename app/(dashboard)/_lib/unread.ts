import "server-only";
import { backend } from "@/lib/backend";

/** The person's unread notifications, for the bell's first paint (0 when the database cannot say: the bell asks again). */
export async function unreadCount(userId: string): Promise<number> {
  const { notifications } = await backend();
  return notifications.list(userId, { limit: 0 }).then(
    ({ unread }) => unread,
    () => 0,
  );
}
