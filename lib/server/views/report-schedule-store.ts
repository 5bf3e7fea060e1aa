import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ScheduleJson } from "@/lib/session/saved-views-view";
import type { AuthTables, BackroomDatabase } from "../core/db/schema";
import { nextRunAt, type ScheduleTime } from "./next-run";
import type { ReportScheduleTable, ReportTables, SavedViewTable } from "./tables";

/**
 * The schedules of saved views (migration 010): at most one a view, the members each mails, and what the report job
 * reads of a due one. Every write names the workspace, so one workspace's ids never reach another's rows.
 */

export interface NewSchedule extends ScheduleTime {
  /** The members mailed (user ids); checked against the workspace's members here. */
  recipients: readonly string[];
  keyId: string;
  scheduledBy: string;
}

/** What the report job needs of a due schedule. */
export interface ReportOrder {
  schedule: ReportScheduleTable;
  view: SavedViewTable;
  /** The recipients still members of the workspace, with their addresses. */
  recipients: { userId: string; email: string; name: string }[];
}

/** The database with the accounts library's tables (members, users). */
export type ReportDb = Kysely<BackroomDatabase & AuthTables & ReportTables>;

/**
 * A schedule row as the API shows it.
 *
 * @example
 * scheduleJson(row, ["user-1"]); // { id, frequency: "daily", localTime: "07:00", recipients: ["user-1"], … }
 */
export function scheduleJson(row: ReportScheduleTable, recipients: string[]): ScheduleJson {
  return {
    id: row.id,
    frequency: row.frequency === "weekly" ? "weekly" : "daily",
    weekday: row.weekday,
    localTime: row.local_time,
    timeZone: row.time_zone,
    recipients,
    nextRunAt: row.next_run_at,
    lastRunAt: row.last_run_at,
    lastRows: row.last_rows,
    lastError: row.last_error,
    scheduledBy: row.scheduled_by,
  };
}

/**
 * Sets a view's schedule (made, or replaced: its next run computed afresh, its recipients replaced). Answers
 * undefined when the view is not the workspace's.
 *
 * @example
 * await setSchedule(db, new Date(), workspaceId, viewId, { frequency: "daily", localTime: "07:00", timeZone, recipients, keyId, scheduledBy });
 */
export async function setSchedule(
  db: ReportDb,
  at: Date,
  workspaceId: string,
  viewId: string,
  input: NewSchedule,
): Promise<ScheduleJson | undefined> {
  return db.transaction().execute(async (trx) => {
    const view = await trx
      .selectFrom("saved_views")
      .select("id")
      .where("workspace_id", "=", workspaceId)
      .where("id", "=", viewId)
      .executeTakeFirst();
    if (!view) return undefined;
    const existing = await trx
      .selectFrom("report_schedules")
      .selectAll()
      .where("view_id", "=", viewId)
      .executeTakeFirst();
    const row: ReportScheduleTable = {
      id: existing?.id ?? randomUUID(),
      view_id: viewId,
      workspace_id: workspaceId,
      key_id: input.keyId,
      frequency: input.frequency,
      weekday: input.frequency === "weekly" ? (input.weekday ?? 1) : null,
      local_time: input.localTime,
      time_zone: input.timeZone,
      next_run_at: nextRunAt(input, at).toISOString(),
      last_run_at: existing?.last_run_at ?? null,
      last_rows: existing?.last_rows ?? null,
      last_error: existing?.last_error ?? null,
      scheduled_by: input.scheduledBy,
      updated_at: at.toISOString(),
    };
    if (existing) await trx.updateTable("report_schedules").set(row).where("id", "=", row.id).execute();
    else await trx.insertInto("report_schedules").values(row).execute();
    await trx.deleteFrom("report_recipients").where("schedule_id", "=", row.id).execute();
    const recipients = [...new Set(input.recipients)].sort();
    if (recipients.length)
      await trx
        .insertInto("report_recipients")
        .values(recipients.map((user_id) => ({ schedule_id: row.id, user_id })))
        .execute();
    return scheduleJson(row, recipients);
  });
}

/**
 * Deletes a view's schedule and its recipients; answers whether it had one.
 *
 * @example
 * await removeSchedule(db, workspaceId, viewId); // true, then false
 */
export async function removeSchedule(db: ReportDb, workspaceId: string, viewId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const schedule = await trx
      .selectFrom("report_schedules")
      .select("id")
      .where("workspace_id", "=", workspaceId)
      .where("view_id", "=", viewId)
      .executeTakeFirst();
    if (!schedule) return false;
    await trx.deleteFrom("report_recipients").where("schedule_id", "=", schedule.id).execute();
    await trx.deleteFrom("report_schedules").where("id", "=", schedule.id).execute();
    return true;
  });
}

/**
 * A schedule with its view and its recipients still in the workspace, or undefined when it is gone.
 *
 * @example
 * const order = await reportOrder(db, scheduleId); // { schedule, view, recipients: [{ userId, email, name }] }
 */
export async function reportOrder(db: ReportDb, scheduleId: string): Promise<ReportOrder | undefined> {
  const schedule = await db.selectFrom("report_schedules").selectAll().where("id", "=", scheduleId).executeTakeFirst();
  if (!schedule) return undefined;
  const view = await db
    .selectFrom("saved_views")
    .selectAll()
    .where("id", "=", schedule.view_id)
    .where("workspace_id", "=", schedule.workspace_id)
    .executeTakeFirst();
  if (!view) return undefined;
  const recipients = await db
    .selectFrom("report_recipients")
    .innerJoin("auth_member", (join) =>
      join
        .onRef("auth_member.userId", "=", "report_recipients.user_id")
        .on("auth_member.organizationId", "=", schedule.workspace_id),
    )
    .innerJoin("auth_user", "auth_user.id", "report_recipients.user_id")
    .select(["auth_user.id as userId", "auth_user.email", "auth_user.name"])
    .where("report_recipients.schedule_id", "=", scheduleId)
    .orderBy("auth_user.id")
    .execute();
  return { schedule, view, recipients };
}
