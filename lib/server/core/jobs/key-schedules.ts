import "server-only";
import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Updateable } from "kysely";
import { type AccountsMember, accountsMembers } from "../auth/accounts-role";
import type { BackroomDatabase } from "../db/schema";

/**
 * A workspace key's schedule of mail to the workspace's members with the Accounts role (the monthly statements, the
 * exports to the books), written once: one schedule per key in a feature's table, a table of the members who left its
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

type TablesWith<C> = {
  [T in keyof BackroomDatabase]: BackroomDatabase[T] extends C ? T : never;
}[keyof BackroomDatabase];
/** The tables of keys' schedules (schema.ts's tables with every column of `KeyScheduleColumns`). */
export type KeyScheduleTable = TablesWith<KeyScheduleColumns>;
/** The tables of the members who left a schedule's mails. */
export type OptoutTable = TablesWith<{ schedule_id: string; user_id: string }>;

/** A feature's schedule table and its opt-outs. */
export interface KeyScheduleTables<S extends KeyScheduleTable> {
  schedules: S;
  optouts: OptoutTable;
}

/** A schedule's row, as its feature's table has it. */
export type KeyScheduleRow<S extends KeyScheduleTable> = BackroomDatabase[S];
/** What a feature sets of its schedule: its own columns, when it runs, and its next run. */
export type KeyScheduleValues<S extends KeyScheduleTable> = Omit<
  Insertable<BackroomDatabase[S]>,
  Exclude<keyof KeyScheduleColumns, "local_time" | "time_zone" | "next_run_at">
>;
/** What a feature records of a run beyond when, how many were mailed and the error (its own count). */
export type KeyScheduleRunColumns<S extends KeyScheduleTable> = Omit<
  Updateable<BackroomDatabase[S]>,
  keyof KeyScheduleColumns
>;

/**
 * Takes a person off a schedule's mails (its unsubscribe link); answers whether they were on it.
 *
 * @example
 * await leaveKeySchedule(db, { schedules: "statement_schedules", optouts: "statement_optouts" }, scheduleId, userId);
 */
export async function leaveKeySchedule(
  db: Kysely<BackroomDatabase>,
  tables: KeyScheduleTables<KeyScheduleTable>,
  scheduleId: string,
  userId: string,
): Promise<boolean> {
  const schedule = await db.selectFrom(tables.schedules).select("id").where("id", "=", scheduleId).executeTakeFirst();
  if (!schedule) return false;
  await db
    .insertInto(tables.optouts)
    .values({ schedule_id: scheduleId, user_id: userId })
    .onConflict((oc) => oc.columns(["schedule_id", "user_id"]).doNothing())
    .execute();
  return true;
}

/**
 * Deletes a key's schedule and its opt-outs (the key is removed: inside its transaction).
 *
 * @example
 * await forgetKeySchedule(trx, { schedules: "statement_schedules", optouts: "statement_optouts" }, keyId);
 */
export async function forgetKeySchedule(
  db: Kysely<BackroomDatabase>,
  tables: KeyScheduleTables<KeyScheduleTable>,
  keyId: string,
): Promise<void> {
  const ids = (await db.selectFrom(tables.schedules).select("id").where("key_id", "=", keyId).execute()).map(
    (r) => r.id,
  );
  if (ids.length === 0) return;
  await db.deleteFrom(tables.optouts).where("schedule_id", "in", ids).execute();
  await db.deleteFrom(tables.schedules).where("id", "in", ids).execute();
}

/**
 * The rows of a feature's key schedules: a key's, the due ones, a run's with whom it mails now, and its run recorded.
 * A feature wraps it in its own store (its input, its JSON, its count). Its methods use no `this`: pass them on as
 * they are.
 *
 * @example
 * const store = keySchedules(db, { schedules: "statement_schedules", optouts: "statement_optouts" }, now);
 * await store.set(workspaceId, keyId, userId, { day_of_month: 1, local_time: "07:00", time_zone: "UTC", paper_size: "A4", next_run_at });
 * await store.recordRun(id, { at: now(), mailed: 2 }, { last_accounts: 3 });
 */
export function keySchedules<S extends KeyScheduleTable>(
  db: Kysely<BackroomDatabase>,
  tables: KeyScheduleTables<S>,
  now: () => Date,
) {
  // The queries run on the columns every schedule table has; what they read back is the feature's own row.
  const schedules: KeyScheduleTable = tables.schedules;
  const own = (rows: unknown) => rows as KeyScheduleRow<S>[];
  const one = (row: unknown) => row as KeyScheduleRow<S> | undefined;

  /** The workspace's members with the Accounts role who have not left the schedule (all of them without one). */
  async function recipients(workspaceId: string, scheduleId?: string): Promise<AccountsMember[]> {
    const left = scheduleId
      ? (await db.selectFrom(tables.optouts).select("user_id").where("schedule_id", "=", scheduleId).execute()).map(
          (r) => r.user_id,
        )
      : [];
    return accountsMembers(db, workspaceId, new Set(left));
  }

  return {
    async get(keyId: string): Promise<KeyScheduleRow<S> | undefined> {
      return one(await db.selectFrom(schedules).selectAll().where("key_id", "=", keyId).executeTakeFirst());
    },

    /** Makes or replaces a key's schedule (its opt-outs kept). */
    async set(workspaceId: string, keyId: string, by: string, values: KeyScheduleValues<S>): Promise<void> {
      const set = values as KeyScheduleValues<KeyScheduleTable>;
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
      if (had) await db.transaction().execute((trx) => forgetKeySchedule(trx, tables, keyId));
      return had !== undefined;
    },

    /** The schedules whose run is due at `at`. */
    async due(at: Date): Promise<KeyScheduleRow<S>[]> {
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
    async order(id: string): Promise<{ schedule: KeyScheduleRow<S>; recipients: AccountsMember[] } | undefined> {
      const schedule = one(await db.selectFrom(schedules).selectAll().where("id", "=", id).executeTakeFirst());
      if (!schedule) return undefined;
      return { schedule, recipients: await recipients(schedule.workspace_id, id) };
    },

    recipients,

    /** Notes how a run ended, and what the feature counted of it (`counted`: its own column). */
    async recordRun(
      id: string,
      result: { at: Date; mailed?: number; error?: string },
      counted: KeyScheduleRunColumns<S>,
    ): Promise<void> {
      await db
        .updateTable(schedules)
        .set({
          last_run_at: result.at.toISOString(),
          ...(counted as KeyScheduleRunColumns<KeyScheduleTable>),
          last_mailed: result.mailed ?? null,
          last_error: result.error ?? null,
        })
        .where("id", "=", id)
        .execute();
    },
  };
}
