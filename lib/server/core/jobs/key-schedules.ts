import "server-only";
import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Updateable } from "kysely";
import { type AccountsMember, accountsMembers } from "../auth/accounts-role";
import type { BackroomDatabase } from "../db/schema";

/**
 * A workspace key's schedule of mail to the workspace's members with the Accounts role (a feature's monthly or weekly
 * mail), written once: one schedule per key in a feature's table, a table of the members who left its
 * mails (their unsubscribe link), its next run moved on by one sweep only, and how its last run ended. What a feature
 * writes is only what differs: when it runs, what it mails, what it counts of a run, and its schedule as its API shows
 * it. The sweep and the runs are `scheduledMail`'s (./scheduled-mail.ts).
 */

/** The columns every key's schedule has; a feature's table adds its own (when, what it mails, what a run counted). */
export interface KeyScheduleColumns {
  id: string;
  workspace_id: string;
  key_id: string;
  /** "HH:MM", 24-hour, in `time_zone`. */
  local_time: string;
  time_zone: string;
  created_by: string;
  created_at: string;
  next_run_at: string;
  last_run_at: string | null;
  last_mailed: number | null;
  last_error: string | null;
}

/** The columns of a table of the members who left a schedule's mails. */
export interface OptoutColumns {
  schedule_id: string;
  user_id: string;
}

type TablesWith<T, C> = { [K in keyof T]: T[K] extends C ? K : never }[keyof T] & string;

/**
 * A feature's schedule table and its opt-outs, by name, among its tables `T`: the first with every column of
 * `KeyScheduleColumns` (and its own), the second with those of `OptoutColumns`.
 *
 * @example
 * const TABLES: KeyScheduleTables<ReminderTables> = { schedules: "reminder_schedules", optouts: "reminder_optouts" };
 */
export interface KeyScheduleTables<T = Record<string, unknown>> {
  schedules: TablesWith<T, KeyScheduleColumns>;
  optouts: TablesWith<T, OptoutColumns>;
}

/** Any feature's schedule tables, by name. */
type AnyScheduleTables = { schedules: string; optouts: string };

/** What a feature sets of its schedule (`Row`: its table's row): its own columns, when it runs, and its next run. */
export type KeyScheduleValues<Row extends KeyScheduleColumns> = Pick<
  KeyScheduleColumns,
  "local_time" | "time_zone" | "next_run_at"
> &
  Omit<Insertable<Row>, keyof KeyScheduleColumns>;
/** What a feature records of a run beyond when, how many were mailed and the error (its own count). */
export type KeyScheduleRunColumns<Row extends KeyScheduleColumns> = Omit<Updateable<Row>, keyof KeyScheduleColumns>;

/**
 * The feature's tables seen through the columns every schedule table has, under stand-in names: the queries below are
 * written once against these, and run against the feature's own tables (`as` names them).
 */
type ScheduleView = { key_schedules: KeyScheduleColumns; key_schedule_optouts: OptoutColumns };

function view(db: Kysely<BackroomDatabase>, tables: AnyScheduleTables) {
  return {
    db: db.withTables<ScheduleView>(),
    schedules: tables.schedules as "key_schedules",
    optouts: tables.optouts as "key_schedule_optouts",
  };
}

/**
 * Takes a person off a schedule's mails (its unsubscribe link); answers whether they were on it.
 *
 * @example
 * await leaveKeySchedule(db, TABLES, scheduleId, userId);
 */
export async function leaveKeySchedule(
  core: Kysely<BackroomDatabase>,
  tables: AnyScheduleTables,
  scheduleId: string,
  userId: string,
): Promise<boolean> {
  const { db, schedules, optouts } = view(core, tables);
  const schedule = await db.selectFrom(schedules).select("id").where("id", "=", scheduleId).executeTakeFirst();
  if (!schedule) return false;
  await db
    .insertInto(optouts)
    .values({ schedule_id: scheduleId, user_id: userId })
    .onConflict((oc) => oc.columns(["schedule_id", "user_id"]).doNothing())
    .execute();
  return true;
}

/**
 * Deletes a key's schedule and its opt-outs (the key is removed: inside its transaction).
 *
 * @example
 * await forgetKeySchedule(trx, TABLES, keyId);
 */
export async function forgetKeySchedule(
  core: Kysely<BackroomDatabase>,
  tables: AnyScheduleTables,
  keyId: string,
): Promise<void> {
  const { db, schedules, optouts } = view(core, tables);
  const ids = (await db.selectFrom(schedules).select("id").where("key_id", "=", keyId).execute()).map((r) => r.id);
  if (ids.length === 0) return;
  await db.deleteFrom(optouts).where("schedule_id", "in", ids).execute();
  await db.deleteFrom(schedules).where("id", "in", ids).execute();
}

/**
 * The rows of a feature's key schedules: a key's, the due ones, a run's with whom it mails now, and its run recorded.
 * A feature wraps it in its own store (its input, its JSON, its count). Its methods use no `this`: pass them on as
 * they are.
 *
 * @example
 * const store = keySchedules<ReminderScheduleRow>(db, TABLES, now);
 * await store.set(workspaceId, keyId, userId, { day_of_month: 1, local_time: "07:00", time_zone: "UTC", next_run_at });
 * await store.recordRun(id, { at: now(), mailed: 2 }, { last_accounts: 3 }); // a column of the feature's row
 */
export function keySchedules<Row extends KeyScheduleColumns>(
  core: Kysely<BackroomDatabase>,
  tables: AnyScheduleTables,
  now: () => Date,
) {
  // The queries run on the columns every schedule table has; what they read back is the feature's own row.
  const { db, schedules, optouts } = view(core, tables);
  const own = (rows: unknown) => rows as Row[];
  const one = (row: unknown) => row as Row | undefined;

  /** The workspace's members with the Accounts role who have not left the schedule (all of them without one). */
  async function recipients(workspaceId: string, scheduleId?: string): Promise<AccountsMember[]> {
    const left = scheduleId
      ? (await db.selectFrom(optouts).select("user_id").where("schedule_id", "=", scheduleId).execute()).map(
          (r) => r.user_id,
        )
      : [];
    return accountsMembers(core, workspaceId, new Set(left));
  }

  return {
    async get(keyId: string): Promise<Row | undefined> {
      return one(await db.selectFrom(schedules).selectAll().where("key_id", "=", keyId).executeTakeFirst());
    },

    /** Makes or replaces a key's schedule (its opt-outs kept). */
    async set(workspaceId: string, keyId: string, by: string, values: KeyScheduleValues<Row>): Promise<void> {
      // The feature's own columns ride along (the queries know the shared ones only).
      const set: Pick<KeyScheduleColumns, "local_time" | "time_zone" | "next_run_at"> = values;
      await db
        .insertInto(schedules)
        .values({
          id: randomUUID(),
          workspace_id: workspaceId,
          key_id: keyId,
          ...set,
          created_by: by,
          created_at: now().toISOString(),
          last_run_at: null,
          last_mailed: null,
          last_error: null,
        })
        .onConflict((oc) => oc.column("key_id").doUpdateSet(set))
        .execute();
    },

    /** Stops a key's schedule; answers whether it had one. */
    async remove(keyId: string): Promise<boolean> {
      const had = await db.selectFrom(schedules).select("id").where("key_id", "=", keyId).executeTakeFirst();
      if (had) await core.transaction().execute((trx) => forgetKeySchedule(trx, tables, keyId));
      return had !== undefined;
    },

    /** The schedules whose run is due at `at`. */
    async due(at: Date): Promise<Row[]> {
      return own(
        await db
          .selectFrom(schedules)
          .selectAll()
          .where("next_run_at", "<=", at.toISOString())
          .orderBy("next_run_at")
          .execute(),
      );
    },

    /** Moves a schedule from the run `dueAt` to `next`, unless another sweep moved it first; answers whether this one did. */
    async advance(id: string, dueAt: string, next: Date): Promise<boolean> {
      const updated = await db
        .updateTable(schedules)
        .set({ next_run_at: next.toISOString() })
        .where("id", "=", id)
        .where("next_run_at", "=", dueAt)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** A schedule with whom it mails now, or undefined when it is gone. */
    async order(id: string): Promise<{ schedule: Row; recipients: AccountsMember[] } | undefined> {
      const schedule = one(await db.selectFrom(schedules).selectAll().where("id", "=", id).executeTakeFirst());
      if (!schedule) return undefined;
      return { schedule, recipients: await recipients(schedule.workspace_id, id) };
    },

    recipients,

    /** Notes how a run ended, and what the feature counted of it (`counted`: its own column). */
    async recordRun(
      id: string,
      result: { at: Date; mailed?: number; error?: string },
      counted: KeyScheduleRunColumns<Row>,
    ): Promise<void> {
      await db
        .updateTable(schedules)
        .set({
          last_run_at: result.at.toISOString(),
          ...(counted as Updateable<KeyScheduleColumns>),
          last_mailed: result.mailed ?? null,
          last_error: result.error ?? null,
        })
        .where("id", "=", id)
        .execute();
    },
  };
}
