import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SavedViewJson, SavedViewsJson, ScheduleJson } from "@/lib/session/saved-views-view";
import { type BrowserInit, browserRequest, connectKey, joinAs, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { createReportStore, leaveReport } from "./report-store";
import { createView, deleteSchedule, deleteView, listViews, putSchedule, renameView } from "./views-api";

let backend: TestBackend;
afterEach(() => backend.close());

const list = async (cookie: string) =>
  (await (
    await listViews(browserRequest("GET", "/api/views", { cookie, site: null }), backend)
  ).json()) as SavedViewsJson;
const create = (cookie: string, json: unknown, init: BrowserInit = {}) =>
  createView(browserRequest("POST", "/api/views", { cookie, json, ...init }), backend);
const rename = (cookie: string, id: string, json: unknown) =>
  renameView(browserRequest("PATCH", `/api/views/${id}`, { cookie, json }), backend, { viewId: id });
const remove = (cookie: string, id: string) =>
  deleteView(browserRequest("DELETE", `/api/views/${id}`, { cookie }), backend, { viewId: id });
const schedule = (cookie: string, id: string, json: unknown) =>
  putSchedule(browserRequest("PUT", `/api/views/${id}/schedule`, { cookie, json }), backend, { viewId: id });
const unschedule = (cookie: string, id: string) =>
  deleteSchedule(browserRequest("DELETE", `/api/views/${id}/schedule`, { cookie }), backend, { viewId: id });
const fieldOf = async (response: Response) =>
  ((await response.json()) as { Error: { code: string; fieldErrors?: { field: string }[] } }).Error;
const daily = (recipients: string[]) => ({
  frequency: "daily",
  localTime: "07:00",
  timeZone: "Europe/Berlin",
  recipients,
});

describe.each(databaseProfiles())("the views API on $name", ({ open }) => {
  beforeEach(async () => {
    backend = await createTestBackend(() => Response.json({}), { database: await open() });
  });

  async function workspace() {
    const owner = await connectKey(backend, "test-key-1234567890", "Employee");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const admin = await joinAs(backend, owner.workspaceId, "admin");
    return { owner, viewer, admin };
  }

  it("POST /views saves a list page's address, tidied, for every member to see; a double submit makes one view", async () => {
    const { owner, viewer } = await workspace();
    const made = await create(
      viewer.cookie,
      { name: " Open invoices ", path: "/invoices?Statuses=1,7&Page=3&columns=InvoiceNum,Total" },
      { headers: { "Idempotency-Key": "k-1" } },
    );
    expect(made.status).toBe(201);
    const view = (await made.json()) as SavedViewJson;
    expect(view).toMatchObject({
      name: "Open invoices",
      path: "/invoices?Statuses=1%2C7&columns=InvoiceNum%2CTotal",
      createdBy: viewer.userId,
      schedule: null,
    });
    const again = await create(
      viewer.cookie,
      { name: "Open invoices", path: "/invoices?Statuses=1,7" },
      { headers: { "Idempotency-Key": "k-1" } },
    );
    expect(again.status).toBe(200);
    expect(((await again.json()) as SavedViewJson).id).toBe(view.id);
    const seen = await list(owner.cookie);
    expect(seen.views.map((v) => v.id)).toEqual([view.id]);
    expect(seen.mayScheduleOthers).toBe(true);
    expect((await list(viewer.cookie)).mayScheduleOthers).toBe(false);
    // Another workspace sees none of it.
    const stranger = await connectKey(backend, "test-key-0987654321", "Employee");
    expect((await list(stranger.cookie)).views).toEqual([]);
  });

  it("POST /views refuses an Idempotency-Key past 200 characters, rather than cut it short", async () => {
    const { viewer } = await workspace();
    const made = await create(
      viewer.cookie,
      { name: "Open invoices", path: "/invoices?Statuses=1,7" },
      { headers: { "Idempotency-Key": "k".repeat(201) } },
    );
    expect(made.status).toBe(400);
    const error = await fieldOf(made);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fieldErrors?.map((f) => f.field)).toEqual(["Idempotency-Key"]);
    expect((await list(viewer.cookie)).views).toEqual([]);
  });

  it.each([
    ["not a list page", { name: "Mine", path: "/account" }, "path"],
    ["a detail page", { name: "Mine", path: "/invoices/300001" }, "path"],
    ["another site", { name: "Mine", path: "https://evil.example/invoices" }, "path"],
    ["a parameter the page does not read", { name: "Mine", path: "/invoices?Bogus=1" }, "path"],
    ["a filter value the API refuses", { name: "Mine", path: "/invoices?Statuses=banana" }, "path"],
    ["no name", { name: "  ", path: "/invoices" }, "name"],
    ["an unknown field", { name: "x", path: "/invoices", extra: 1 }, ""],
  ])("POST /views rejects %s with 400 in the API's error shape", async (_what, json, field) => {
    const { owner } = await workspace();
    const response = await create(owner.cookie, json);
    expect(response.status).toBe(400);
    const error = await fieldOf(response);
    expect(error.code).toBe("VALIDATION_FAILED");
    if (field) expect(error.fieldErrors?.map((f) => f.field)).toContain(field);
  });

  it("POST /views answers a body past 16 KiB 413 PAYLOAD_TOO_LARGE, and saves nothing", async () => {
    const { owner } = await workspace();
    const response = await create(owner.cookie, { name: "x", path: `/invoices?InvoiceNum=${"9".repeat(17 * 1024)}` });
    expect([response.status, (await fieldOf(response)).code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    expect((await list(owner.cookie)).views).toEqual([]);
  });

  it("POST /views refuses a write from another site, and nobody signed in", async () => {
    const { owner } = await workspace();
    expect((await create(owner.cookie, { name: "x", path: "/invoices" }, { site: "cross-site" })).status).toBe(403);
    expect((await create("", { name: "x", path: "/invoices" })).status).toBe(401);
  });

  it("renames and deletes: the creator, owners and admins; not another member", async () => {
    const { owner, viewer } = await workspace();
    const other = await joinAs(backend, owner.workspaceId, "accounts");
    const view = (await (await create(viewer.cookie, { name: "Mine", path: "/customers" })).json()) as SavedViewJson;
    expect((await rename(other.cookie, view.id, { name: "Theirs" })).status).toBe(403);
    const renamed = await rename(viewer.cookie, view.id, { name: "Customers, all" });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as SavedViewJson).name).toBe("Customers, all");
    expect((await remove(other.cookie, view.id)).status).toBe(403);
    expect((await remove(owner.cookie, view.id)).status).toBe(204);
    expect((await remove(owner.cookie, view.id)).status).toBe(404);
  });

  it("PUT /schedule: owners and admins mail any members; others only their own view, to themselves", async () => {
    const { owner, viewer, admin } = await workspace();
    const mine = (await (await create(viewer.cookie, { name: "Mine", path: "/invoices" })).json()) as SavedViewJson;
    const theirs = (await (await create(owner.cookie, { name: "Owner's", path: "/invoices" })).json()) as SavedViewJson;

    // A viewer: their own view to themself, yes; to someone else or someone else's view, no.
    expect((await schedule(viewer.cookie, mine.id, daily([owner.userId]))).status).toBe(403);
    expect((await schedule(viewer.cookie, theirs.id, daily([viewer.userId]))).status).toBe(403);
    const own = await schedule(viewer.cookie, mine.id, daily([viewer.userId]));
    expect(own.status).toBe(200);
    const set = (await own.json()) as ScheduleJson;
    expect(set).toMatchObject({
      frequency: "daily",
      weekday: null,
      localTime: "07:00",
      timeZone: "Europe/Berlin",
      recipients: [viewer.userId],
      scheduledBy: viewer.userId,
    });
    expect(Date.parse(set.nextRunAt)).toBeGreaterThan(Date.now());

    // An admin mails members, weekly; then the viewer may no longer change or stop it (it mails others).
    const weekly = await schedule(admin.cookie, mine.id, {
      frequency: "weekly",
      weekday: 1,
      localTime: "09:30",
      timeZone: "America/New_York",
      recipients: [owner.userId, viewer.userId],
    });
    expect(weekly.status).toBe(200);
    expect(((await weekly.json()) as ScheduleJson).recipients).toEqual([owner.userId, viewer.userId].sort());
    expect((await schedule(viewer.cookie, mine.id, daily([viewer.userId]))).status).toBe(403);
    expect((await unschedule(viewer.cookie, mine.id)).status).toBe(403);
    expect((await list(viewer.cookie)).views.find((v) => v.id === mine.id)?.schedule?.frequency).toBe("weekly");

    // Leaving by the unsubscribe link takes one recipient off; the schedule mails the rest.
    const scheduleId = (await list(owner.cookie)).views.find((v) => v.id === mine.id)!.schedule!.id;
    expect(await leaveReport(backend.db, scheduleId, viewer.userId)).toBe(true);
    expect(await leaveReport(backend.db, scheduleId, viewer.userId)).toBe(false);
    expect((await createReportStore(backend.db).order(scheduleId))?.recipients.map((r) => r.userId)).toEqual([
      owner.userId,
    ]);

    expect((await unschedule(admin.cookie, mine.id)).status).toBe(204);
    expect((await unschedule(admin.cookie, mine.id)).status).toBe(404);
  });

  it.each([
    ["a stranger as recipient", (ids: { stranger: string }) => daily([ids.stranger]), "recipients"],
    ["no recipient", () => daily([]), "recipients"],
    [
      "a weekly report without its day",
      (ids: { owner: string }) => ({ ...daily([ids.owner]), frequency: "weekly" }),
      "weekday",
    ],
    [
      "a time that is not HH:MM",
      (ids: { owner: string }) => ({ ...daily([ids.owner]), localTime: "7am" }),
      "localTime",
    ],
    [
      "an unknown time zone",
      (ids: { owner: string }) => ({ ...daily([ids.owner]), timeZone: "Mars/Olympus" }),
      "timeZone",
    ],
  ])("PUT /schedule rejects %s with 400", async (_what, body, field) => {
    const { owner } = await workspace();
    const stranger = await connectKey(backend, "test-key-0987654321", "Employee");
    const view = (await (await create(owner.cookie, { name: "x", path: "/invoices" })).json()) as SavedViewJson;
    const response = await schedule(owner.cookie, view.id, body({ owner: owner.userId, stranger: stranger.userId }));
    expect(response.status).toBe(400);
    expect((await fieldOf(response)).fieldErrors?.map((f) => f.field)).toContain(field);
  });

  it("a view of another workspace is not found, whoever asks", async () => {
    const { owner } = await workspace();
    const view = (await (await create(owner.cookie, { name: "x", path: "/invoices" })).json()) as SavedViewJson;
    const stranger = await connectKey(backend, "test-key-0987654321", "Employee");
    expect((await rename(stranger.cookie, view.id, { name: "y" })).status).toBe(404);
    expect((await schedule(stranger.cookie, view.id, daily([stranger.userId]))).status).toBe(404);
    expect((await remove(stranger.cookie, view.id)).status).toBe(404);
  });
});
