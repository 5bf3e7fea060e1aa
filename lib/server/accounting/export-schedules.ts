import "server-only";
import type { Kysely } from "kysely";
import type { Cadence, ExportScheduleJson } from "@/lib/domain/accounting/schedule";
import { type ExportFormat, storedFormat } from "@/lib/domain/accounting/format-names";
import type { BackroomDatabase } from "../core/db/schema";
import { forgetKeySchedule, type KeyScheduleTables, keySchedules, leaveKeySchedule } from "../core/jobs/key-schedules";
import { nextMonthlyRunAt, nextRunAt } from "../views/next-run";
import type { AccountingScheduleTable, AccountingTables } from "./tables";

/**
 * Exports to the books by email (migration 018): one schedule per workspace key (a retailer's Customer key),
 * weekly on a weekday or monthly on a day (1 to 28), at a local time in a time zone, mailing the chosen files to the
 * workspace's members with the Accounts role who have not left it.
 */

export interface ScheduleInput {
  cadence: Cadence;
  day: number;
  localTime: string;
  timeZone: string;
  formats: readonly ExportFormat[];
}

/**
 * The first run of a schedule strictly after `after`.
 *
 * @example
 * nextExportRunAt({ cadence: "weekly", day: 1, localTime: "07:00", timeZone: "UTC" }, new Date());
 */
export function nextExportRunAt(schedule: Omit<ScheduleInput, "formats">, after: Date): Date {
  return schedule.cadence === "weekly"
    ? nextRunAt(
        { frequency: "weekly", weekday: schedule.day, localTime: schedule.localTime, timeZone: schedule.timeZone },
        after,
      )
    : nextMonthlyRunAt({ dayOfMonth: schedule.day, localTime: schedule.localTime, timeZone: schedule.timeZone }, after);
}

/** A schedule's formats as stored, by their names now (Xero's payments of old: its bank statement), each once. */
export function formatsOf(stored: string): ExportFormat[] {
  return [...new Set(stored.split(",").flatMap((name) => storedFormat(name) ?? []))];
}

const json = (row: AccountingScheduleTable): ExportScheduleJson => ({
  cadence: row.cadence === "weekly" ? "weekly" : "monthly",
  day: row.day,
  localTime: row.local_time,
  timeZone: row.time_zone,
  formats: formatsOf(row.formats),
  nextRunAt: row.next_run_at,
  lastRunAt: row.last_run_at,
  lastRecords: row.last_records,
  lastMailed: row.last_mailed,
  lastError: row.last_error,
});

const TABLES: KeyScheduleTables<AccountingTables> = {
  schedules: "accounting_schedules",
  optouts: "accounting_optouts",
};

/**
 * Takes a person off a schedule's mails (its unsubscribe link); answers whether they were on it.
 *
 * @example
 * await leaveExports(db, scheduleId, userId);
 */
export function leaveExports(db: Kysely<BackroomDatabase>, scheduleId: string, userId: string): Promise<boolean> {
  return leaveKeySchedule(db, TABLES, scheduleId, userId);
}

/**
 * Deletes a key's schedule and its opt-outs (the key is removed: inside its transaction). The ledger stays: it is the
 * workspace's record of what went into its books.
 *
 * @example
 * await forgetExportSchedule(trx, keyId);
 */
export function forgetExportSchedule(db: Kysely<BackroomDatabase>, keyId: string): Promise<void> {
  return forgetKeySchedule(db, TABLES, keyId);
}

/**
 * @example
 * const schedules = createExportSchedules(db);
 * await schedules.set(workspaceId, keyId, { cadence: "monthly", day: 1, localTime: "07:00", timeZone: "America/Los_Angeles", formats: ["qbo-bills"], by });
 */
export function createExportSchedules(db: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  const store = keySchedules<AccountingScheduleTable>(db, TABLES, now);
  return {
    async get(keyId: string): Promise<ExportScheduleJson | undefined> {
      const row = await store.get(keyId);
      return row ? json(row) : undefined;
    },

    /** Makes or replaces a key's schedule (its next run computed afresh, its opt-outs kept). */
    async set(workspaceId: string, keyId: string, input: ScheduleInput & { by: string }): Promise<ExportScheduleJson> {
      await store.set(workspaceId, keyId, input.by, {
        cadence: input.cadence,
        day: input.day,
        local_time: input.localTime,
        time_zone: input.timeZone,
        formats: [...new Set(input.formats)].join(","),
        next_run_at: nextExportRunAt(input, now()).toISOString(),
      });
      return (await this.get(keyId))!;
    },

    remove: store.remove,
    due: store.due,
    advance: store.advance,

    order: store.order,
    /** The workspace's members with the Accounts role who have not left the schedule (all of them without one). */
    recipients: store.recipients,

    async recordRun(id: string, result: { at: Date; records?: number; mailed?: number; error?: string }) {
      await store.recordRun(id, result, { last_records: result.records ?? null });
    },
  };
}

export type ExportSchedules = ReturnType<typeof createExportSchedules>;
