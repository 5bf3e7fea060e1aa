import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import { forgetKeySchedule, type KeyScheduleTables, keySchedules, leaveKeySchedule } from "../core/jobs/key-schedules";
import { nextMonthlyRunAt } from "../views/next-run";
import type { StatementScheduleTable, StatementTables } from "./tables";
import type { PaperSize, StatementScheduleJson } from "@/lib/domain/statements/statement-schedule";

/**
 * Monthly statements by email: one schedule per workspace key (a retailer's Customer key), on a day of the
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

const TABLES: KeyScheduleTables<StatementTables> = { schedules: "statement_schedules", optouts: "statement_optouts" };

/**
 * Takes a person off a schedule's mails (its unsubscribe link); answers whether they were on it.
 *
 * @example
 * await leaveStatements(db, scheduleId, userId);
 */
export function leaveStatements(db: Kysely<BackroomDatabase>, scheduleId: string, userId: string): Promise<boolean> {
  return leaveKeySchedule(db, TABLES, scheduleId, userId);
}

/**
 * Deletes a key's schedule and its opt-outs (the key is removed: inside its transaction).
 *
 * @example
 * await forgetStatementSchedule(trx, keyId);
 */
export function forgetStatementSchedule(db: Kysely<BackroomDatabase>, keyId: string): Promise<void> {
  return forgetKeySchedule(db, TABLES, keyId);
}

/**
 * @example
 * const schedules = createStatementSchedules(db);
 * await schedules.set(workspaceId, keyId, { dayOfMonth: 1, localTime: "07:00", timeZone: "America/Los_Angeles", paperSize: "Letter", by: userId });
 */
export function createStatementSchedules(db: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  const store = keySchedules<StatementScheduleTable>(db, TABLES, now);
  return {
    /** A key's schedule, or undefined when it mails none. */
    async get(keyId: string): Promise<StatementScheduleJson | undefined> {
      const row = await store.get(keyId);
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
      await store.set(workspaceId, keyId, input.by, {
        day_of_month: input.dayOfMonth,
        local_time: input.localTime,
        time_zone: input.timeZone,
        paper_size: input.paperSize,
        next_run_at: next,
      });
      return (await this.get(keyId))!;
    },

    /** Stops a key's monthly statements; answers whether it had a schedule. */
    remove: store.remove,
    /** The schedules whose run is due at `at`. */
    due: store.due,
    advance: store.advance,

    /** A schedule with whom it mails now, or undefined when it is gone. */
    order: store.order,
    /** The workspace's members with the Accounts role who have not left the schedule (all of them without one). */
    recipients: store.recipients,

    /** Notes how a run ended. */
    async recordRun(
      id: string,
      result: { at: Date; accounts?: number; mailed?: number; error?: string },
    ): Promise<void> {
      await store.recordRun(id, result, { last_accounts: result.accounts ?? null });
    },
  };
}

export type StatementSchedules = ReturnType<typeof createStatementSchedules>;
