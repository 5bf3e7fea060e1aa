import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { SavedViewJson, ScheduleJson } from "@/lib/session/saved-views-view";
import type { AuthTables, BackroomDatabase, ReportScheduleTable, SavedViewTable } from "../core/db/schema";
import { nextRunAt, type ScheduleTime } from "./next-run";

/**
 * Saved views and their schedules (migration 010): a workspace's named list addresses, at most one schedule per view,
 * and the members each schedule mails. Every read and write names the workspace, so one workspace's ids never reach
 * another's rows. Recipients are read joined to the workspace's members: a person who left is mailed no more.
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

type Db = Kysely<BackroomDatabase & AuthTables>;

/** A schedule row as the API shows it. */
function scheduleJson(row: ReportScheduleTable, recipients: string[]): ScheduleJson {
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
 * Takes one recipient off a report's schedule (the unsubscribe link's `report:<scheduleId>` topic): answers whether
 * they were on it. The schedule stays for its other recipients.
 *
 * @example
 * await leaveReport(db, "3f1c…", userId); // true, then false when the link is opened again
 */
export async function leaveReport(db: Kysely<BackroomDatabase>, scheduleId: string, userId: string): Promise<boolean> {
  const removed = await db
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
  const db = database.withTables<AuthTables>() as Db;

  async function recipientsOf(scheduleIds: readonly string[]): Promise<Map<string, string[]>> {
    const byId = new Map<string, string[]>();
    if (scheduleIds.length === 0) return byId;
    const rows = await db
      .selectFrom("report_recipients")
      .select(["schedule_id", "user_id"])
      .where("schedule_id", "in", scheduleIds)
      .orderBy("user_id")
      .execute();
    for (const row of rows) byId.set(row.schedule_id, [...(byId.get(row.schedule_id) ?? []), row.user_id]);
    return byId;
  }

  async function viewJson(views: SavedViewTable[]): Promise<SavedViewJson[]> {
    if (views.length === 0) return [];
    const schedules = await db
      .selectFrom("report_schedules")
      .selectAll()
      .where(
        "view_id",
        "in",
        views.map((v) => v.id),
      )
      .execute();
    const recipients = await recipientsOf(schedules.map((s) => s.id));
    const scheduleOf = new Map(schedules.map((s) => [s.view_id, scheduleJson(s, recipients.get(s.id) ?? [])]));
    return views.map((v) => ({
      id: v.id,
      name: v.name,
      path: v.path,
      createdBy: v.created_by,
      createdAt: v.created_at,
      schedule: scheduleOf.get(v.id) ?? null,
    }));
  }

  const store = {
    /** The workspace's views, by name, each with its schedule. */
    async list(workspaceId: string): Promise<SavedViewJson[]> {
      return viewJson(
        await db
          .selectFrom("saved_views")
          .selectAll()
          .where("workspace_id", "=", workspaceId)
          .orderBy("name")
          .orderBy("created_at")
          .execute(),
      );
    },

    async get(workspaceId: string, viewId: string): Promise<SavedViewJson | undefined> {
      const row = await db
        .selectFrom("saved_views")
        .selectAll()
        .where("workspace_id", "=", workspaceId)
        .where("id", "=", viewId)
        .executeTakeFirst();
      return row ? (await viewJson([row]))[0] : undefined;
    },

    /** Saves a view; with an idempotency key already used by the same person, answers the view that key made. */
    async createView(input: {
      workspaceId: string;
      name: string;
      path: string;
      createdBy: string;
      idempotencyKey?: string;
    }): Promise<{ view: SavedViewJson; created: boolean }> {
      const row: SavedViewTable = {
        id: randomUUID(),
        workspace_id: input.workspaceId,
        name: input.name,
        path: input.path,
        created_by: input.createdBy,
        created_at: now().toISOString(),
        idempotency_key: input.idempotencyKey ?? null,
      };
      const inserted = await db
        .insertInto("saved_views")
        .values(row)
        .onConflict((oc) => oc.columns(["workspace_id", "created_by", "idempotency_key"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) return { view: (await store.get(input.workspaceId, row.id))!, created: true };
      const first = await db
        .selectFrom("saved_views")
        .select("id")
        .where("workspace_id", "=", input.workspaceId)
        .where("created_by", "=", input.createdBy)
        .where("idempotency_key", "=", input.idempotencyKey!)
        .executeTakeFirstOrThrow();
      return { view: (await store.get(input.workspaceId, first.id))!, created: false };
    },

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
    async remove(workspaceId: string, viewId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const schedules = await trx
          .selectFrom("report_schedules")
          .select("id")
          .where("workspace_id", "=", workspaceId)
          .where("view_id", "=", viewId)
          .execute();
        if (schedules.length)
          await trx
            .deleteFrom("report_recipients")
            .where(
              "schedule_id",
              "in",
              schedules.map((s) => s.id),
            )
            .execute();
        await trx
          .deleteFrom("report_schedules")
          .where("workspace_id", "=", workspaceId)
          .where("view_id", "=", viewId)
          .execute();
        const removed = await trx
          .deleteFrom("saved_views")
          .where("workspace_id", "=", workspaceId)
          .where("id", "=", viewId)
          .executeTakeFirst();
        return Number(removed.numDeletedRows) > 0;
      });
    },

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
    async setSchedule(workspaceId: string, viewId: string, input: NewSchedule): Promise<ScheduleJson | undefined> {
      const at = now();
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
    },

    async removeSchedule(workspaceId: string, viewId: string): Promise<boolean> {
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
    },

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
    async order(scheduleId: string): Promise<ReportOrder | undefined> {
      const schedule = await db
        .selectFrom("report_schedules")
        .selectAll()
        .where("id", "=", scheduleId)
        .executeTakeFirst();
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
    },

    /** Notes how a run ended (rows written, or why it failed). */
    async recordRun(scheduleId: string, result: { at: Date; rows?: number; error?: string }): Promise<void> {
      await db
        .updateTable("report_schedules")
        .set({ last_run_at: result.at.toISOString(), last_rows: result.rows ?? null, last_error: result.error ?? null })
        .where("id", "=", scheduleId)
        .execute();
    },
  };
  return store;
}

export type ReportStore = ReturnType<typeof createReportStore>;
