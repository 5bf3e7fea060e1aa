import "server-only";
import type { Kysely } from "kysely";
import type { Mailer } from "../core/auth/mailer";
import type { AuthTables, BackroomDatabase } from "../core/db/schema";
import type { EffectLedger, JobQueue } from "../core/jobs/job-queue";
import { scheduledMail, type SlotJob } from "../core/jobs/scheduled-mail";
import { digestMail } from "../core/notify/mail";
import type { NotificationStore } from "../core/notify/notification-store";
import { DEFAULT_DIGEST, type DigestSetting } from "../core/notify/preferences";
import { unsubscribeLinks, unsubscribeToken } from "../core/notify/unsubscribe";

/**
 * The daily digest: one email per person per day, at the time they chose in their zone (7:00 unless they chose),
 * listing what they were told since the last one (`digestSince`: the 24 hours before a first one; at most three days;
 * what their settings selected, a summary for the findings it holds) and not already emailed to them (the mail's
 * effect, `mail:<notification id>`, in the ledger: sent, or being sent), each a link to its record, and how many more
 * were emailed. Nothing is sent on a day with nothing new to say (everything was emailed, or there was nothing). A sweep every 15 minutes (`DIGEST_SWEEP`, a
 * recurring job) queues a `DIGEST` job for each person whose time has come today and who has had no digest today
 * (job key `<user>:<local date>`); the job sends at most once (`EffectLedger`, `digest:<user>:<local date>`) and marks
 * the day done. Without SMTP there are no digests (the settings page says so). The sweep's queueing and the mail sent
 * once are the scheduled mail's (`jobs/scheduled-mail.ts`), the slot the person's day.
 */

export const DIGEST_SWEEP = "digest-sweep";
export const DIGEST = "digest";
/** How often the sweep looks for digests due (a digest goes out within this much of its time). */
export const DIGEST_SWEEP_SECONDS = 900;

/** A person's day (a slot of the scheduled mail's; a digest reads nothing of a key's, so is never put off). */
export interface DigestJob extends SlotJob {
  userId: string;
  /** The person's local date ("2026-11-23") the digest is for. */
  day: string;
}

/**
 * The local date and minutes past midnight of an instant in a zone.
 *
 * @example
 * localClock(new Date("2026-11-23T06:30:00Z"), "Europe/Berlin"); // { day: "2026-11-23", minutes: 450 }
 */
export function localClock(at: Date, timeZone: string): { day: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * The local date a person's digest is due for at `at`, or undefined when none is: off, not yet their time today, or
 * today's already made.
 *
 * @example
 * digestDueOn({ enabled: true, time: "07:00", timeZone: "UTC" }, "2026-11-22", new Date("2026-11-23T07:10:00Z")); // "2026-11-23"
 * digestDueOn({ enabled: true, time: "07:00", timeZone: "UTC" }, "2026-11-23", new Date("2026-11-23T09:00:00Z")); // undefined
 */
export function digestDueOn(setting: DigestSetting, lastOn: string | null, at: Date): string | undefined {
  if (!setting.enabled) return undefined;
  const { day, minutes } = localClock(at, setting.timeZone);
  const [hours, mins] = setting.time.split(":").map(Number);
  if (minutes < hours! * 60 + mins! || lastOn === day) return undefined;
  return day;
}

/** How far back a digest looks when there was none before it, and at most (a digest turned off, then on again). */
export const DIGEST_FIRST_MS = 86_400_000;
export const DIGEST_MOST_MS = 3 * 86_400_000;

/**
 * Where a digest made at `at` starts: at the last one (`lastAt`), so that a day missed (every instance down at the
 * time) or a digest time moved loses nothing and lists nothing twice; 24 hours back for a first digest; never more
 * than three days back.
 *
 * @example
 * digestSince(null, new Date("2026-11-23T07:00:00Z")); // "2026-11-22T07:00:00.000Z"
 * digestSince("2026-11-22T18:00:00.000Z", new Date("2026-11-23T07:00:00Z")); // "2026-11-22T18:00:00.000Z"
 */
export function digestSince(lastAt: string | null, at: Date): string {
  const last = lastAt === null ? Number.NaN : Date.parse(lastAt);
  const from = Number.isNaN(last) ? at.getTime() - DIGEST_FIRST_MS : Math.max(last, at.getTime() - DIGEST_MOST_MS);
  return new Date(from).toISOString();
}

export interface DigestDeps {
  db: Kysely<BackroomDatabase>;
  store: NotificationStore;
  jobs: JobQueue;
  mailer: Mailer;
  effects: EffectLedger;
  secret: string;
  origin: string;
  now?: () => Date;
}

export function createDigests(deps: DigestDeps) {
  const now = deps.now ?? (() => new Date());
  const auth = deps.db.withTables<AuthTables>();

  /** Each member of a workspace with their digest setting and the day of their last digest. */
  async function people(userIds?: readonly string[]) {
    let query = auth
      .selectFrom("auth_user")
      .leftJoin("notification_people", "notification_people.user_id", "auth_user.id")
      .select([
        "auth_user.id",
        "auth_user.email",
        "notification_people.digest",
        "notification_people.digest_time",
        "notification_people.time_zone",
        "notification_people.last_digest_on",
        "notification_people.last_digest_at",
      ])
      .where((eb) =>
        eb.exists(
          eb.selectFrom("auth_member").select("auth_member.id").whereRef("auth_member.userId", "=", "auth_user.id"),
        ),
      );
    if (userIds) query = query.where("auth_user.id", "in", userIds);
    const rows = await query.execute();
    return rows.map((r) => ({
      userId: r.id,
      email: r.email,
      setting:
        r.digest === null ? DEFAULT_DIGEST : { enabled: r.digest === 1, time: r.digest_time!, timeZone: r.time_zone! },
      lastOn: r.last_digest_on,
      lastAt: r.last_digest_at,
    }));
  }

  async function markDone(userId: string, day: string, at: Date) {
    await deps.db
      .insertInto("notification_people")
      .values({
        user_id: userId,
        digest: 1,
        digest_time: DEFAULT_DIGEST.time,
        time_zone: DEFAULT_DIGEST.timeZone,
        last_digest_on: day,
        last_digest_at: at.toISOString(),
        updated_at: now().toISOString(),
      })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ last_digest_on: day, last_digest_at: at.toISOString() }))
      .execute();
  }

  const mail = scheduledMail(deps, {
    kind: DIGEST,
    // One digest a person a day: the slot is the person's own.
    slot: ({ userId, day }: DigestJob) => `${userId}:${day}`,
    once: "digest",
    personal: true,
    async who({ userId, day }: DigestJob) {
      const [person] = await people([userId]);
      if (!person || !person.setting.enabled || person.lastOn === day) return undefined;
      return { order: { person, at: now() }, recipients: [person] };
    },
    async attach({ userId }, { person, at }) {
      const told = await deps.store.since(userId, digestSince(person.lastAt, at));
      // What was emailed on its own is not listed again: the digest is what the person has not had in their mail.
      const emailed = await deps.effects.claimed(told.map((n) => `mail:${n.id}`));
      return { told, items: told.filter((n) => !emailed.has(`mail:${n.id}`)) };
    },
    mail({ userId, email }, { told, items }, { person, at }) {
      // Nothing new to say: no mail, and the day is done.
      if (items.length === 0) return undefined;
      const unsubscribe = unsubscribeLinks(deps.origin, unsubscribeToken(deps.secret, { userId, topic: "digest" }));
      const label = new Intl.DateTimeFormat("en-US", {
        timeZone: person.setting.timeZone,
        weekday: "long",
        month: "long",
        day: "numeric",
      }).format(at);
      return digestMail({
        items,
        emailed: told.length - items.length,
        to: email,
        day: label,
        links: { origin: deps.origin, unsubscribe },
      });
    },
    ran: ({ userId, day }, { at }) => markDone(userId, day, at),
  });

  return {
    /** Queues the digest of everyone whose time has come today (the recurring sweep's work). */
    async sweep(): Promise<number> {
      if (!deps.mailer.delivers) return 0;
      const at = now();
      return mail.sweep(
        (await people()).flatMap((person) => {
          const day = digestDueOn(person.setting, person.lastOn, at);
          return day ? [{ job: { userId: person.userId, day } }] : [];
        }),
      );
    },

    /** The job: sends the person's digest for the day, unless there is nothing to say; answers whether it sent one. */
    async run(job: DigestJob): Promise<boolean> {
      return (await mail.run(job)) > 0;
    },
  };
}
