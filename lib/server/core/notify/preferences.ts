import "server-only";
import type { Kysely } from "kysely";
import {
  type Channel,
  CHANNELS,
  defaultChannel,
  KIND_NAMES,
  type NotificationKind,
} from "@/lib/session/notification-kinds";
import type { AuthTables, BackroomDatabase } from "../db/schema";

/**
 * What each person chose to be told, and how (`notification_settings`, `notification_people`, migration 008): a
 * channel per kind, where a kind they never changed follows their role's default in the workspace it is about; and
 * their daily digest, on unless they turned it off, at 7:00 in their zone unless they chose another time.
 */

/** A person's daily digest. */
export interface DigestSetting {
  enabled: boolean;
  /** "07:00", in `timeZone`. */
  time: string;
  /** An IANA zone ("Europe/Berlin"); UTC until the person saves their settings from a browser. */
  timeZone: string;
}

export const DEFAULT_DIGEST: DigestSetting = { enabled: true, time: "07:00", timeZone: "UTC" };

export interface Preferences {
  /** The channel of each kind the person chose themselves (the others follow the role). */
  chosen(userId: string): Promise<Partial<Record<NotificationKind, Channel>>>;
  /** Where a kind goes for a person, as a member of this workspace (their choice, else their role's default). */
  channel(userId: string, workspaceId: string | null, kind: NotificationKind): Promise<Channel>;
  /** Sets channels; a kind set to the role's default is still kept as chosen (the person said so). */
  choose(userId: string, channels: Partial<Record<NotificationKind, Channel>>): Promise<void>;
  digest(userId: string): Promise<DigestSetting>;
  setDigest(userId: string, digest: DigestSetting): Promise<void>;
  /** The role the person holds in a workspace (comma-separated roles as better-auth keeps them), or undefined. */
  role(userId: string, workspaceId: string): Promise<string | undefined>;
}

const isChannel = (value: string): value is Channel => (CHANNELS as readonly string[]).includes(value);

/**
 * @example
 * const preferences = createPreferences(db);
 * await preferences.channel(userId, workspaceId, "invoice-due"); // "both" for an accounts member who changed nothing
 */
export function createPreferences(db: Kysely<BackroomDatabase>, now: () => Date = () => new Date()): Preferences {
  const tables = db.withTables<AuthTables>();

  async function role(userId: string, workspaceId: string): Promise<string | undefined> {
    const row = await tables
      .selectFrom("auth_member")
      .select("role")
      .where("userId", "=", userId)
      .where("organizationId", "=", workspaceId)
      .executeTakeFirst();
    return row?.role ?? undefined;
  }

  return {
    async chosen(userId) {
      const rows = await db
        .selectFrom("notification_settings")
        .select(["kind", "channel"])
        .where("user_id", "=", userId)
        .execute();
      const chosen: Partial<Record<NotificationKind, Channel>> = {};
      for (const row of rows)
        if ((KIND_NAMES as string[]).includes(row.kind) && isChannel(row.channel))
          chosen[row.kind as NotificationKind] = row.channel;
      return chosen;
    },

    async channel(userId, workspaceId, kind) {
      const row = await db
        .selectFrom("notification_settings")
        .select("channel")
        .where("user_id", "=", userId)
        .where("kind", "=", kind)
        .executeTakeFirst();
      if (row && isChannel(row.channel)) return row.channel;
      // Told of something outside any workspace (nothing yet is): as a member of every role would be, the inbox at most.
      if (workspaceId === null) return "inbox";
      const held = await role(userId, workspaceId);
      // No longer a member of the workspace it is about: not told.
      return held === undefined ? "off" : defaultChannel(kind, held);
    },

    async choose(userId, channels) {
      const at = now().toISOString();
      const rows = Object.entries(channels).map(([kind, channel]) => ({
        user_id: userId,
        kind,
        channel,
        updated_at: at,
      }));
      if (rows.length === 0) return;
      await db
        .insertInto("notification_settings")
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(["user_id", "kind"])
            .doUpdateSet((eb) => ({ channel: eb.ref("excluded.channel"), updated_at: eb.ref("excluded.updated_at") })),
        )
        .execute();
    },

    async digest(userId) {
      const row = await db
        .selectFrom("notification_people")
        .selectAll()
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row ? { enabled: row.digest === 1, time: row.digest_time, timeZone: row.time_zone } : DEFAULT_DIGEST;
    },

    async setDigest(userId, digest) {
      const values = {
        digest: digest.enabled ? 1 : 0,
        digest_time: digest.time,
        time_zone: digest.timeZone,
        updated_at: now().toISOString(),
      };
      await db
        .insertInto("notification_people")
        .values({ user_id: userId, last_digest_on: null, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
        .execute();
    },

    role,
  };
}
