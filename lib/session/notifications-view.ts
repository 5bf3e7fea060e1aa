import * as z from "zod";

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

// The answers as zod schemas, for the routes' specs (`GET /api/openapi.json`; every answer is checked by them under
// test): `satisfies` keeps each in step with its interface.

const CHANNEL = z.enum(["inbox", "email", "both", "off"]);

/** `NotificationsJson` as a schema. */
export const NotificationsAnswer = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      title: z.string(),
      link: z.string().nullable().describe("A path of Backroom's: the record it is about."),
      createdAt: z.string(),
      read: z.boolean(),
      workspaceId: z.string().nullable(),
    }) satisfies z.ZodType<Notification>,
  ),
  unread: z.number(),
}) satisfies z.ZodType<NotificationsJson>;

/** `MarkedReadJson` as a schema. */
export const MarkedReadAnswer = z.object({
  unread: z.number().describe("How many are left unread."),
}) satisfies z.ZodType<MarkedReadJson>;

/** `NotificationSettingsJson` as a schema. */
export const NotificationSettingsAnswer = z.object({
  email: z
    .object({ delivers: z.boolean(), address: z.string(), off: z.enum(["no-smtp", "demo"]).optional() })
    .describe("Whether email can be chosen, and if not why: no mail server, or a demo person."),
  kinds: z.array(
    z.object({
      kind: z.string(),
      label: z.string(),
      description: z.string(),
      channel: CHANNEL.describe("Where it goes for the person now: their choice, or their role's default."),
      defaultChannel: CHANNEL.describe("The role's default."),
      chosen: z.boolean().describe("Whether the person chose the channel (else it follows the role)."),
    }) satisfies z.ZodType<KindSettingJson>,
  ),
  digest: z.object({ enabled: z.boolean(), time: z.string(), timeZone: z.string() }),
  editable: z.boolean().describe("Whether the person may change them (a demo person's are fixed)."),
}) satisfies z.ZodType<NotificationSettingsJson>;

/** `UnsubscribedJson` as a schema. */
export const UnsubscribedAnswer = z.object({
  unsubscribed: z.string().describe('What it stopped, in words ("the daily digest").'),
}) satisfies z.ZodType<UnsubscribedJson>;
