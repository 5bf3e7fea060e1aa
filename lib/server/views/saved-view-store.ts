import "server-only";
import { randomUUID } from "node:crypto";
import type { SavedViewJson } from "@/lib/session/saved-views-view";
import { type ReportDb, scheduleJson } from "./report-schedule-store";
import type { SavedViewTable } from "./tables";

/**
 * A workspace's saved views (migration 010): its named list addresses, each shown with its schedule. Every read and
 * write names the workspace, so one workspace's ids never reach another's rows.
 */

/** What a new view is made of; an idempotency key already used by the same person answers the view it made. */
export interface NewView {
  workspaceId: string;
  name: string;
  path: string;
  createdBy: string;
  idempotencyKey?: string;
}

/** Each schedule's recipients (user ids, sorted). */
async function recipientsOf(db: ReportDb, scheduleIds: readonly string[]): Promise<Map<string, string[]>> {
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

/** Views as the API shows them, each with its schedule. */
async function viewJson(db: ReportDb, views: SavedViewTable[]): Promise<SavedViewJson[]> {
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
  const recipients = await recipientsOf(
    db,
    schedules.map((s) => s.id),
  );
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

/**
 * The workspace's views, by name, each with its schedule.
 *
 * @example
 * await listViews(db, workspaceId); // [{ id, name: "Open invoices", path: "/invoices?Statuses=1", schedule: null, … }]
 */
export async function listViews(db: ReportDb, workspaceId: string): Promise<SavedViewJson[]> {
  return viewJson(
    db,
    await db
      .selectFrom("saved_views")
      .selectAll()
      .where("workspace_id", "=", workspaceId)
      .orderBy("name")
      .orderBy("created_at")
      .execute(),
  );
}

/**
 * One of the workspace's views, or undefined when it is not the workspace's.
 *
 * @example
 * await getView(db, workspaceId, viewId);
 */
export async function getView(db: ReportDb, workspaceId: string, viewId: string): Promise<SavedViewJson | undefined> {
  const row = await db
    .selectFrom("saved_views")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", viewId)
    .executeTakeFirst();
  return row ? (await viewJson(db, [row]))[0] : undefined;
}

/**
 * Saves a view; with an idempotency key already used by the same person, answers the view that key made.
 *
 * @example
 * const { view, created } = await createView(db, new Date(), { workspaceId, name, path, createdBy: userId });
 */
export async function createView(
  db: ReportDb,
  at: Date,
  input: NewView,
): Promise<{ view: SavedViewJson; created: boolean }> {
  const row: SavedViewTable = {
    id: randomUUID(),
    workspace_id: input.workspaceId,
    name: input.name,
    path: input.path,
    created_by: input.createdBy,
    created_at: at.toISOString(),
    idempotency_key: input.idempotencyKey ?? null,
  };
  const inserted = await db
    .insertInto("saved_views")
    .values(row)
    .onConflict((oc) => oc.columns(["workspace_id", "created_by", "idempotency_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { view: (await getView(db, input.workspaceId, row.id))!, created: true };
  const first = await db
    .selectFrom("saved_views")
    .select("id")
    .where("workspace_id", "=", input.workspaceId)
    .where("created_by", "=", input.createdBy)
    .where("idempotency_key", "=", input.idempotencyKey!)
    .executeTakeFirstOrThrow();
  return { view: (await getView(db, input.workspaceId, first.id))!, created: false };
}

/**
 * Deletes a view and its schedule; answers whether the view was the workspace's.
 *
 * @example
 * await removeView(db, workspaceId, viewId); // true
 */
export async function removeView(db: ReportDb, workspaceId: string, viewId: string): Promise<boolean> {
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
}
