import "server-only";
import { accountsMembers } from "../core/auth/accounts-role";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { BackroomDatabase, StatementScheduleTable } from "../core/db/schema";
import { nextMonthlyRunAt } from "../reports/next-run";
import type { PaperSize, StatementRecipient, StatementScheduleJson } from "@/lib/domain/statements/statement-schedule";

/**
 * Monthly statements by email (issue 31): one schedule per workspace key (a retailer's Customer key), on a day of the
 * month (1 to 28, a day every month has) at a local time in a time zone, mailing the statement of each of the key's AR
 * accounts to the workspace's members with the Accounts role who have not left it. Migration 013.
 */

const json = (row: StatementScheduleTable): StatementScheduleJson => ({
  dayOfMonth: row.day_of_month,
  localTime: row.local_time,
  timeZone: row.time_zone,
  paperSize: row.paper_size === "A4" ? "A4" : "Letter",
  nextRunAt: row.next_run_at,
  lastRunAt: row.last_run_at,
  lastAccounts: row.last_accounts,
  lastMailed: row.last_mailed,
  lastError: row.last_error,
});

/**
 * Takes a person off a schedule's mails (its unsubscribe link); answers whether they were on it.
 *
 * @example
 * await leaveStatements(db, scheduleId, userId);
 */
export async function leaveStatements(
  db: Kysely<BackroomDatabase>,
  scheduleId: string,
  userId: string,
): Promise<boolean> {
  const schedule = await db
    .selectFrom("statement_schedules")
    .select("id")
    .where("id", "=", scheduleId)
    .executeTakeFirst();
  if (!schedule) return false;
  await db
    .insertInto("statement_optouts")
    .values({ schedule_id: scheduleId, user_id: userId })
    .onConflict((oc) => oc.columns(["schedule_id", "user_id"]).doNothing())
    .execute();
  return true;
}

/**
 * Deletes a key's schedule and its opt-outs (the key is removed: inside its transaction).
 *
 * @example
 * await forgetStatementSchedule(trx, keyId);
 */
export async function forgetStatementSchedule(db: Kysely<BackroomDatabase>, keyId: string): Promise<void> {
  const ids = (await db.selectFrom("statement_schedules").select("id").where("key_id", "=", keyId).execute()).map(
    (r) => r.id,
  );
  if (ids.length === 0) return;
  await db.deleteFrom("statement_optouts").where("schedule_id", "in", ids).execute();
  await db.deleteFrom("statement_schedules").where("id", "in", ids).execute();
}

/**
 * @example
 * const schedules = createStatementSchedules(db);
 * await schedules.set(workspaceId, keyId, { dayOfMonth: 1, localTime: "07:00", timeZone: "America/Los_Angeles", paperSize: "Letter", by: userId });
 */
export function createStatementSchedules(db: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  return {
    /** A key's schedule, or undefined when it mails none. */
    async get(keyId: string): Promise<StatementScheduleJson | undefined> {
      const row = await db.selectFrom("statement_schedules").selectAll().where("key_id", "=", keyId).executeTakeFirst();
      return row ? json(row) : undefined;
    },

    /** Makes or replaces a key's schedule (its next run computed afresh, its opt-outs kept). */
    async set(
      workspaceId: string,
      keyId: string,
      input: { dayOfMonth: number; localTime: string; timeZone: string; paperSize: PaperSize; by: string },
    ): Promise<StatementScheduleJson> {
      const next = nextMonthlyRunAt(
        { dayOfMonth: input.dayOfMonth, localTime: input.localTime, timeZone: input.timeZone },
        now(),
      ).toISOString();
      const values = {
        day_of_month: input.dayOfMonth,
        local_time: input.localTime,
        time_zone: input.timeZone,
        paper_size: input.paperSize,
        next_run_at: next,
      };
      await db
        .insertInto("statement_schedules")
        .values({
          id: randomUUID(),
          workspace_id: workspaceId,
          key_id: keyId,
          ...values,
          created_by: input.by,
          created_at: now().toISOString(),
          last_run_at: null,
          last_accounts: null,
          last_mailed: null,
          last_error: null,
        })
        .onConflict((oc) => oc.column("key_id").doUpdateSet(values))
        .execute();
      return (await this.get(keyId))!;
    },

    /** Stops a key's monthly statements; answers whether it had a schedule. */
    async remove(keyId: string): Promise<boolean> {
      const had = await db
        .selectFrom("statement_schedules")
        .select("id")
        .where("key_id", "=", keyId)
        .executeTakeFirst();
      if (had) await db.transaction().execute((trx) => forgetStatementSchedule(trx, keyId));
      return had !== undefined;
    },

    /** The schedules whose run is due at `at`. */
    due(at: Date) {
      return db
        .selectFrom("statement_schedules")
        .selectAll()
        .where("next_run_at", "<=", at.toISOString())
        .orderBy("next_run_at")
        .execute();
    },

    /** Moves a schedule from the run `dueAt` to `next`, unless another sweep moved it first; answers whether this one did. */
    async advance(id: string, dueAt: string, next: Date): Promise<boolean> {
      const updated = await db
        .updateTable("statement_schedules")
        .set({ next_run_at: next.toISOString() })
        .where("id", "=", id)
        .where("next_run_at", "=", dueAt)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** A schedule with whom it mails now, or undefined when it is gone. */
    async order(
      id: string,
    ): Promise<{ schedule: StatementScheduleTable; recipients: StatementRecipient[] } | undefined> {
      const schedule = await db.selectFrom("statement_schedules").selectAll().where("id", "=", id).executeTakeFirst();
      if (!schedule) return undefined;
      return { schedule, recipients: await this.recipients(schedule.workspace_id, id) };
    },

    /** The workspace's members with the Accounts role who have not left the schedule (all of them without one). */
    async recipients(workspaceId: string, scheduleId?: string): Promise<StatementRecipient[]> {
      const left = scheduleId
        ? (
            await db.selectFrom("statement_optouts").select("user_id").where("schedule_id", "=", scheduleId).execute()
          ).map((r) => r.user_id)
        : [];
      return accountsMembers(db, workspaceId, new Set(left));
    },

    /** Notes how a run ended. */
    async recordRun(
      id: string,
      result: { at: Date; accounts?: number; mailed?: number; error?: string },
    ): Promise<void> {
      await db
        .updateTable("statement_schedules")
        .set({
          last_run_at: result.at.toISOString(),
          last_accounts: result.accounts ?? null,
          last_mailed: result.mailed ?? null,
          last_error: result.error ?? null,
        })
        .where("id", "=", id)
        .execute();
    },
  };
}

export type StatementSchedules = ReturnType<typeof createStatementSchedules>;
