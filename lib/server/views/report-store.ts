import "server-only";
import type { Kysely } from "kysely";
import type { SavedViewJson, ScheduleJson } from "@/lib/session/saved-views-view";
import type { AuthTables, BackroomDatabase } from "../core/db/schema";
import {
  type NewSchedule,
  type ReportDb,
  type ReportOrder,
  removeSchedule,
  reportOrder,
  setSchedule,
} from "./report-schedule-store";
import { createView, getView, listViews, type NewView, removeView } from "./saved-view-store";
import type { ReportScheduleTable, ReportTables } from "./tables";

export type { NewSchedule, ReportOrder } from "./report-schedule-store";

/**
 * Saved views and their schedules (migration 010): a workspace's named list addresses (`saved-view-store.ts`), at most
 * one schedule per view, and the members each schedule mails (`report-schedule-store.ts`). Every read and write names
 * the workspace, so one workspace's ids never reach another's rows. Recipients are read joined to the workspace's
 * members: a person who left is mailed no more.
 */

/**
 * Takes one recipient off a report's schedule (the unsubscribe link's `report:<scheduleId>` topic): answers whether
 * they were on it. The schedule stays for its other recipients.
 *
 * @example
 * await leaveReport(db, "3f1c…", userId); // true, then false when the link is opened again
 */
export async function leaveReport(db: Kysely<BackroomDatabase>, scheduleId: string, userId: string): Promise<boolean> {
  const removed = await db
    .withTables<ReportTables>()
    .deleteFrom("report_recipients")
    .where("schedule_id", "=", scheduleId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/**
 * @example
 * const store = createReportStore(db);
 * const { view } = await store.createView({ workspaceId, name: "Open invoices", path: "/invoices?Statuses=1", createdBy: userId });
 * await store.setSchedule(workspaceId, view.id, { frequency: "daily", localTime: "07:00", timeZone: "Europe/Berlin", recipients: [userId], keyId, scheduledBy: userId });
 */
export function createReportStore(database: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  const db: ReportDb = database.withTables<AuthTables & ReportTables>();

  return {
    /** The workspace's views, by name, each with its schedule. */
    list: (workspaceId: string): Promise<SavedViewJson[]> => listViews(db, workspaceId),

    get: (workspaceId: string, viewId: string): Promise<SavedViewJson | undefined> => getView(db, workspaceId, viewId),

    /** Saves a view; with an idempotency key already used by the same person, answers the view that key made. */
    createView: (input: NewView): Promise<{ view: SavedViewJson; created: boolean }> => createView(db, now(), input),

    async rename(workspaceId: string, viewId: string, name: string): Promise<boolean> {
      const updated = await db
        .updateTable("saved_views")
        .set({ name })
        .where("workspace_id", "=", workspaceId)
        .where("id", "=", viewId)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** Deletes a view and its schedule. */
    remove: (workspaceId: string, viewId: string): Promise<boolean> => removeView(db, workspaceId, viewId),

    /** The workspace's members among `userIds` (a schedule mails members only). */
    async members(workspaceId: string, userIds: readonly string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectFrom("auth_member")
        .select("userId")
        .where("organizationId", "=", workspaceId)
        .where("userId", "in", [...userIds])
        .execute();
      return rows.map((r) => r.userId);
    },

    /**
     * Sets a view's schedule (made, or replaced: its next run computed afresh, its recipients replaced). Answers
     * undefined when the view is not the workspace's.
     */
    setSchedule: (workspaceId: string, viewId: string, input: NewSchedule): Promise<ScheduleJson | undefined> =>
      setSchedule(db, now(), workspaceId, viewId, input),

    removeSchedule: (workspaceId: string, viewId: string): Promise<boolean> => removeSchedule(db, workspaceId, viewId),

    /** Schedules due at `at` (their next run at or before it), oldest first. */
    async due(
      at: Date,
    ): Promise<
      Pick<ReportScheduleTable, "id" | "next_run_at" | "frequency" | "weekday" | "local_time" | "time_zone">[]
    > {
      return db
        .selectFrom("report_schedules")
        .select(["id", "next_run_at", "frequency", "weekday", "local_time", "time_zone"])
        .where("next_run_at", "<=", at.toISOString())
        .orderBy("next_run_at")
        .limit(500)
        .execute();
    },

    /** Moves a schedule from the run `dueAt` to `next`; false when another sweep moved it first. */
    async advance(scheduleId: string, dueAt: string, next: Date): Promise<boolean> {
      const updated = await db
        .updateTable("report_schedules")
        .set({ next_run_at: next.toISOString() })
        .where("id", "=", scheduleId)
        .where("next_run_at", "=", dueAt)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** A schedule with its view and its recipients still in the workspace, or undefined when it is gone. */
    order: (scheduleId: string): Promise<ReportOrder | undefined> => reportOrder(db, scheduleId),

    /** Notes how a run ended (rows written, or why it failed). */
    async recordRun(scheduleId: string, result: { at: Date; rows?: number; error?: string }): Promise<void> {
      await db
        .updateTable("report_schedules")
        .set({ last_run_at: result.at.toISOString(), last_rows: result.rows ?? null, last_error: result.error ?? null })
        .where("id", "=", scheduleId)
        .execute();
    },
  };
}

export type ReportStore = ReturnType<typeof createReportStore>;
