import "server-only";
import * as z from "zod";
import { isZone } from "@/lib/format/days";
import {
  type Channel,
  CHANNELS,
  defaultChannel,
  KIND_NAMES,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "@/lib/session/notification-kinds";
import type { NotificationSettingsJson, UnsubscribedJson } from "@/lib/session/notifications-view";
import type { Actor, ActorResolver } from "../core/auth/actor";
import { isDemoPerson } from "../core/auth/demo";
import { defineRoute } from "../core/define-route";
import { refuse } from "../core/route-errors";
import type { Preferences } from "../core/notify/preferences";
import { readUnsubscribeToken } from "../core/notify/unsubscribe";
import { NotificationSettingsAnswer, UnsubscribedAnswer } from "./answers";
import { badUnsubscribeToken } from "./errors";

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

export const getNotificationSettings = defineRoute(
  {
    method: "GET",
    path: "/api/notifications/settings",
    summary: "The person's channel per kind, their daily digest, and whether email can be chosen at all.",
    description: `A kind's channel is inbox, email, both or off: their choice, or their role's default (without email, what
would be emailed goes to the inbox, and is shown so). The kinds are those about the active workspace's keys (every kind
outside a workspace). The daily digest mails what they were told since the last one and not already emailed to them;
none when nothing is left. The page: \`/account/notifications\`.`,
    answer: NotificationSettingsAnswer,
    need: "signed-in",
  },
  async ({ actor }, deps: SettingsDeps) => notificationSettings(actor, deps),
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

export const putNotificationSettings = defineRoute(
  {
    method: "PUT",
    path: "/api/notifications/settings",
    summary: "Changes the person's channel per kind and daily digest.",
    description: `\`channels\`: \`{kind: channel}\` for the kinds it names; \`digest\`: \`{enabled, time: "HH:MM", timeZone}\` (an
IANA zone). Sets what it names and answers the whole settings, as \`GET\` does. Safe to repeat. A demo person's are
fixed, shared by every visitor (403 \`DEMO_SHARED\`).`,
    answer: NotificationSettingsAnswer,
    need: "signed-in",
    body: SettingsBody,
    invalid:
      'Give the settings to change: {"channels": {"invoice-due": "email"}, "digest": {"enabled": true, "time": "07:00", "timeZone": "Europe/Berlin"}}.',
  },
  async ({ actor, body }, deps: SettingsDeps) => {
    if (isDemoPerson(actor.person.email)) throw refuse("demo-shared");
    if (body.channels) await deps.preferences.choose(actor.person.id, body.channels);
    if (body.digest) await deps.preferences.setDigest(actor.person.id, body.digest);
    return notificationSettings(actor, deps);
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

/** The unsubscribe's query: its token (missing is refused as a token that is not ours), other parameters ignored. */
const UnsubscribeQuery = z.object({ token: z.string().default("").describe("The email's link's signed token.") });

export const postUnsubscribe = defineRoute(
  {
    method: "POST",
    path: "/api/notifications/unsubscribe",
    summary: "The one-click unsubscribe of an email: stops what its signed token names.",
    description: `From the page an email links to (\`/unsubscribe\`) or from the mail client itself (RFC 8058:
\`List-Unsubscribe=One-Click\` in a form body, from wherever the client posts). The signed token is the authority: no
sign-in, no origin check. It stops a kind's emails (both becomes the inbox, email becomes off), the daily digest, or
what another part registered (a scheduled report, the monthly statements, the exports to the books). A token that is
not one of ours (altered, cut short, from another Backroom, or none): 400 \`BAD_UNSUBSCRIBE_TOKEN\`. Other parameters
are ignored. Safe to repeat.`,
    answer: UnsubscribedAnswer,
    need: "anyone",
    crossSite: "allowed",
    query: UnsubscribeQuery,
  },
  async ({ query }, deps: SettingsDeps): Promise<UnsubscribedJson> => {
    const done = query.token ? await unsubscribe(query.token, deps) : undefined;
    if (!done) throw badUnsubscribeToken();
    return { unsubscribed: done.label };
  },
);
