import "server-only";
import * as z from "zod";
import type {
  KindSettingJson,
  MarkedReadJson,
  Notification,
  NotificationSettingsJson,
  NotificationsJson,
  UnsubscribedJson,
} from "@/lib/session/notifications-view";

/**
 * What the notifications' routes answer, as zod schemas for their specs (`/api/openapi.json`; every answer is checked
 * by them under test), each held to the type the code builds the answer as by `satisfies`. Kept on the server: the
 * types (lib/session/notifications-view.ts) are shared with the inbox and the settings page, which load no zod for
 * them.
 */

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
