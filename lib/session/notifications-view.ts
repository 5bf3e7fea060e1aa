/** One notification as the inbox shows it. */
export interface Notification {
  id: string;
  kind: string;
  title: string;
  /** A path of Backroom's: the record it is about. */
  link: string | null;
  createdAt: string;
  read: boolean;
  workspaceId: string | null;
}

/** The body of `GET /api/notifications`: the person's newest 50 and how many are unread. */
export interface NotificationsJson {
  items: Notification[];
  unread: number;
}
