import "server-only";
import * as z from "zod";
import { readBodyText } from "@/lib/data-api/request-body";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { isZone } from "@/lib/format/days";
import {
  type Channel,
  CHANNELS,
  defaultChannel,
  KIND_NAMES,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "@/lib/session/notification-kinds";
import type { NotificationSettingsJson } from "@/lib/session/notifications-view";
import type { Actor, ActorResolver } from "../core/auth/actor";
import { isDemoPerson } from "../core/auth/demo";
import { failureAnswer, NO_STORE } from "../core/route-errors";
import { withActor } from "../core/with-actor";
import type { Preferences } from "../core/notify/preferences";
import { readUnsubscribeToken } from "../core/notify/unsubscribe";

/** What the notification settings' endpoints need from the backend. */
export interface SettingsDeps {
  actors: ActorResolver;
  preferences: Preferences;
  /** Whether Backroom sends mail (SMTP_URL). */
  mailDelivers: boolean;
  secret: string;
  /** The previous session secrets: an unsubscribe link signed before a rotation still works. */
  previousSecrets?: string[];
  /** What leaves a topic that is not a kind or the digest ("report:<id>": a scheduled report's recipients). */
  unsubscribers?: Record<string, (userId: string, id: string) => Promise<boolean>>;
}

/** The kinds a person is shown: those about the active workspace's keys (every kind outside a workspace). */
function kindsFor(actor: Actor): NotificationKind[] {
  const types = new Set(actor.workspace?.keys.map((k) => k.keyType) ?? []);
  if (!actor.workspace || types.size === 0) return KIND_NAMES;
  return KIND_NAMES.filter((kind) => NOTIFICATION_KINDS[kind].keyTypes.some((t) => types.has(t)));
}

/**
 * The person's notification settings as the page and the endpoint show them.
 *
 * @example
 * const initial = await notificationSettings(actor, await backend()); // the page's first paint
 */
export async function notificationSettings(actor: Actor, deps: SettingsDeps): Promise<NotificationSettingsJson> {
  const [chosen, digest] = await Promise.all([
    deps.preferences.chosen(actor.person.id),
    deps.preferences.digest(actor.person.id),
  ]);
  const demo = isDemoPerson(actor.person.email);
  const emails = deps.mailDelivers && !demo;
  const role = actor.membership?.role;
  return {
    email: {
      delivers: emails,
      address: actor.person.email,
      ...(deps.mailDelivers ? (demo ? { off: "demo" as const } : {}) : { off: "no-smtp" as const }),
    },
    kinds: kindsFor(actor).map((kind) => {
      // Without email, what would be emailed goes to the inbox (the notifier's rule): shown as it is.
      const actual = (channel: Channel): Channel => (emails || channel === "off" ? channel : "inbox");
      const fallback = actual(role === undefined ? "inbox" : defaultChannel(kind, role));
      const mine = chosen[kind];
      return {
        kind,
        label: NOTIFICATION_KINDS[kind].label,
        description: NOTIFICATION_KINDS[kind].description,
        channel: mine ? actual(mine) : fallback,
        defaultChannel: fallback,
        chosen: mine !== undefined,
      };
    }),
    digest,
    editable: !demo,
  };
}

// GET /api/notifications/settings: the person's channel per kind (theirs or their role's), their digest, and whether
// email can be chosen at all.
export const getNotificationSettings = withActor(
  "signed-in",
  undefined,
  async (_request: Request, actor, deps: SettingsDeps): Promise<Response> =>
    Response.json(await notificationSettings(actor, deps), { headers: NO_STORE }),
);

const SettingsBody = z.strictObject({
  channels: z
    .partialRecord(
      z.enum(KIND_NAMES as [NotificationKind, ...NotificationKind[]]),
      z.enum(CHANNELS as ["inbox", "email", "both", "off"]),
    )
    .optional(),
  digest: z
    .strictObject({
      enabled: z.boolean(),
      time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time of day as HH:MM, 00:00 to 23:59"),
      timeZone: z.string().min(1).max(64).refine(isZone, "an IANA time zone, such as Europe/Berlin"),
    })
    .optional(),
});

// PUT /api/notifications/settings {channels?: {kind: channel}, digest?: {enabled, time, timeZone}}: sets what it
// names, and answers the whole settings. Safe to repeat. A demo person's are fixed (shared by every visitor).
export const putNotificationSettings = withActor(
  "signed-in",
  undefined,
  async (request: Request, actor, deps: SettingsDeps): Promise<Response> => {
    if (isDemoPerson(actor.person.email)) return failureAnswer("demo-shared");
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(request, 16 * 1024));
    } catch {
      body = undefined;
    }
    const parsed = SettingsBody.safeParse(body);
    if (!parsed.success)
      return Response.json(
        validationErrorBody(
          parsed.error,
          'Give the settings to change: {"channels": {"invoice-due": "email"}, "digest": {"enabled": true, "time": "07:00", "timeZone": "Europe/Berlin"}}.',
        ),
        { status: 400, headers: NO_STORE },
      );
    if (parsed.data.channels) await deps.preferences.choose(actor.person.id, parsed.data.channels);
    if (parsed.data.digest) await deps.preferences.setDigest(actor.person.id, parsed.data.digest);
    return Response.json(await notificationSettings(actor, deps), { headers: NO_STORE });
  },
);

/** What a registered topic's unsubscribe stopped, in words. */
const UNSUBSCRIBED: Record<string, string> = {
  report: "this scheduled report",
  statements: "the monthly statements",
  accounting: "the exports to the books",
};

/**
 * Stops what an unsubscribe token names: a kind's emails (both becomes the inbox, email becomes off), the daily
 * digest, or a topic another part registered ("report:<id>"). Answers what it stopped, or undefined for a token that
 * is not ours.
 */
export async function unsubscribe(
  token: string,
  deps: Pick<SettingsDeps, "preferences" | "secret" | "previousSecrets" | "unsubscribers">,
): Promise<{ topic: string; label: string } | undefined> {
  const what = readUnsubscribeToken({ current: deps.secret, previous: deps.previousSecrets }, token);
  if (!what) return undefined;
  const { userId, topic } = what;
  if (topic === "digest") {
    await deps.preferences.setDigest(userId, { ...(await deps.preferences.digest(userId)), enabled: false });
    return { topic, label: "the daily digest" };
  }
  if ((KIND_NAMES as string[]).includes(topic)) {
    const kind = topic as NotificationKind;
    const current = (await deps.preferences.chosen(userId))[kind];
    // Its emails stop; the inbox keeps what it had (a kind following the role gets the inbox, which every role's has).
    await deps.preferences.choose(userId, { [kind]: current === "off" || current === "email" ? "off" : "inbox" });
    return { topic, label: `"${NOTIFICATION_KINDS[kind].label}" emails` };
  }
  const [prefix, id] = [topic.slice(0, topic.indexOf(":")), topic.slice(topic.indexOf(":") + 1)];
  const leave = deps.unsubscribers?.[prefix];
  if (!leave || !id) return undefined;
  await leave(userId, id);
  return { topic, label: UNSUBSCRIBED[prefix] ?? topic };
}

// POST /api/notifications/unsubscribe?token=…: the one-click unsubscribe, from the page an email links to or from the
// mail client itself (RFC 8058: `List-Unsubscribe=One-Click` in a form body, from wherever the client posts). The
// signed token is the authority: no sign-in, no origin check. Safe to repeat.
export async function postUnsubscribe(request: Request, deps: SettingsDeps): Promise<Response> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = token ? await unsubscribe(token, deps) : undefined;
  if (!done) return failureAnswer("bad-unsubscribe-token");
  return Response.json({ unsubscribed: done.label }, { headers: NO_STORE });
}
