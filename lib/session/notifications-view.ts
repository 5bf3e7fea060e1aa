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

/** The body of `POST /api/notifications/read`: how many are left unread. */
export interface MarkedReadJson {
  unread: number;
}

/** One kind as the settings page shows it. */
export interface KindSettingJson {
  kind: string;
  label: string;
  description: string;
  /** Where it goes for the person now: their choice, or their role's default. */
  channel: "inbox" | "email" | "both" | "off";
  /** The role's default, shown next to it. */
  defaultChannel: "inbox" | "email" | "both" | "off";
  /** Whether the person chose the channel (else it follows the role). */
  chosen: boolean;
}

/** The body of `GET /api/notifications/settings` (and of its PUT's answer). */
export interface NotificationSettingsJson {
  /** Whether email can be chosen, and if not why: no mail server, or a demo person (whose address reaches nobody). */
  email: { delivers: boolean; address: string; off?: "no-smtp" | "demo" };
  kinds: KindSettingJson[];
  digest: { enabled: boolean; time: string; timeZone: string };
  /** Whether the person may change them (a demo person's are shared by every visitor, so fixed). */
  editable: boolean;
}

/** The body of `POST /api/notifications/unsubscribe`: what it stopped, in words ("the daily digest"). */
export interface UnsubscribedJson {
  unsubscribed: string;
}
