import "server-only";
import { accountsMembers } from "../core/auth/accounts-role";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Cadence, ExportRecipient, ExportScheduleJson } from "@/lib/domain/accounting/schedule";
import { type ExportFormat, isExportFormat } from "@/lib/domain/accounting/formats";
import type { AccountingScheduleTable, BackroomDatabase } from "../core/db/schema";
import { nextMonthlyRunAt, nextRunAt } from "../reports/next-run";

/**
 * Exports to the books by email (issue 40, migration 018): one schedule per workspace key (a retailer's Customer key),
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

const json = (row: AccountingScheduleTable): ExportScheduleJson => ({
  cadence: row.cadence === "weekly" ? "weekly" : "monthly",
  day: row.day,
  localTime: row.local_time,
  timeZone: row.time_zone,
  formats: row.formats.split(",").filter(isExportFormat),
  nextRunAt: row.next_run_at,
  lastRunAt: row.last_run_at,
  lastRecords: row.last_records,
  lastMailed: row.last_mailed,
  lastError: row.last_error,
});

/**
 * Takes a person off a schedule's mails (its unsubscribe link); answers whether they were on it.
 *
 * @example
 * await leaveExports(db, scheduleId, userId);
 */
export async function leaveExports(db: Kysely<BackroomDatabase>, scheduleId: string, userId: string): Promise<boolean> {
  const schedule = await db
    .selectFrom("accounting_schedules")
    .select("id")
    .where("id", "=", scheduleId)
    .executeTakeFirst();
  if (!schedule) return false;
  await db
    .insertInto("accounting_optouts")
    .values({ schedule_id: scheduleId, user_id: userId })
    .onConflict((oc) => oc.columns(["schedule_id", "user_id"]).doNothing())
    .execute();
  return true;
}

/**
 * Deletes a key's schedule and its opt-outs (the key is removed: inside its transaction). The ledger stays: it is the
 * workspace's record of what went into its books.
 *
 * @example
 * await forgetExportSchedule(trx, keyId);
 */
export async function forgetExportSchedule(db: Kysely<BackroomDatabase>, keyId: string): Promise<void> {
  const ids = (await db.selectFrom("accounting_schedules").select("id").where("key_id", "=", keyId).execute()).map(
    (r) => r.id,
  );
  if (ids.length === 0) return;
  await db.deleteFrom("accounting_optouts").where("schedule_id", "in", ids).execute();
  await db.deleteFrom("accounting_schedules").where("id", "in", ids).execute();
}

/**
 * @example
 * const schedules = createExportSchedules(db);
 * await schedules.set(workspaceId, keyId, { cadence: "monthly", day: 1, localTime: "07:00", timeZone: "America/Los_Angeles", formats: ["qbo-bills"], by });
 */
export function createExportSchedules(db: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  return {
    async get(keyId: string): Promise<ExportScheduleJson | undefined> {
      const row = await db
        .selectFrom("accounting_schedules")
        .selectAll()
        .where("key_id", "=", keyId)
        .executeTakeFirst();
      return row ? json(row) : undefined;
    },

    /** Makes or replaces a key's schedule (its next run computed afresh, its opt-outs kept). */
    async set(workspaceId: string, keyId: string, input: ScheduleInput & { by: string }): Promise<ExportScheduleJson> {
      const values = {
        cadence: input.cadence,
        day: input.day,
        local_time: input.localTime,
        time_zone: input.timeZone,
        formats: [...new Set(input.formats)].join(","),
        next_run_at: nextExportRunAt(input, now()).toISOString(),
      };
      await db
        .insertInto("accounting_schedules")
        .values({
          id: randomUUID(),
          workspace_id: workspaceId,
          key_id: keyId,
          ...values,
          created_by: input.by,
          created_at: now().toISOString(),
          last_run_at: null,
          last_records: null,
          last_mailed: null,
          last_error: null,
        })
        .onConflict((oc) => oc.column("key_id").doUpdateSet(values))
        .execute();
      return (await this.get(keyId))!;
    },

    async remove(keyId: string): Promise<boolean> {
      const had = await db
        .selectFrom("accounting_schedules")
        .select("id")
        .where("key_id", "=", keyId)
        .executeTakeFirst();
      if (had) await db.transaction().execute((trx) => forgetExportSchedule(trx, keyId));
      return had !== undefined;
    },

    due(at: Date) {
      return db
        .selectFrom("accounting_schedules")
        .selectAll()
        .where("next_run_at", "<=", at.toISOString())
        .orderBy("next_run_at")
        .execute();
    },

    /** Moves a schedule from the run `dueAt` to `next`, unless another sweep moved it first; answers whether this one did. */
    async advance(id: string, dueAt: string, next: Date): Promise<boolean> {
      const updated = await db
        .updateTable("accounting_schedules")
        .set({ next_run_at: next.toISOString() })
        .where("id", "=", id)
        .where("next_run_at", "=", dueAt)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    async order(id: string): Promise<{ schedule: AccountingScheduleTable; recipients: ExportRecipient[] } | undefined> {
      const schedule = await db.selectFrom("accounting_schedules").selectAll().where("id", "=", id).executeTakeFirst();
      if (!schedule) return undefined;
      return { schedule, recipients: await this.recipients(schedule.workspace_id, id) };
    },

    /** The workspace's members with the Accounts role who have not left the schedule (all of them without one). */
    async recipients(workspaceId: string, scheduleId?: string): Promise<ExportRecipient[]> {
      const left = scheduleId
        ? (
            await db.selectFrom("accounting_optouts").select("user_id").where("schedule_id", "=", scheduleId).execute()
          ).map((r) => r.user_id)
        : [];
      return accountsMembers(db, workspaceId, new Set(left));
    },

    async recordRun(id: string, result: { at: Date; records?: number; mailed?: number; error?: string }) {
      await db
        .updateTable("accounting_schedules")
        .set({
          last_run_at: result.at.toISOString(),
          last_records: result.records ?? null,
          last_mailed: result.mailed ?? null,
          last_error: result.error ?? null,
        })
        .where("id", "=", id)
        .execute();
    },
  };
}

export type ExportSchedules = ReturnType<typeof createExportSchedules>;
