import "server-only";
import type { Kysely } from "kysely";
import type * as z from "zod";
import { readBodyText } from "@/lib/data-api/request-body";
import { operations } from "@/lib/data-api/registry";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { may } from "@/lib/session/roles";
import { CreateView, RenameView, ScheduleBody, type SavedViewsJson } from "@/lib/session/saved-views-view";
import { mayCall } from "@/lib/domain/navigation";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { readViewAddress, viewHref } from "@/lib/domain/views/saved-view-path";
import type { ActorResolver } from "../core/auth/actor";
import { isDemoPerson } from "../core/auth/demo";
import type { BackroomDatabase } from "../core/db/schema";
import { failureAnswer, NO_STORE } from "../core/route-errors";
import { type ActorFor, withActor } from "../core/with-actor";
import { isTimeZone } from "./next-run";
import { createReportStore } from "./report-store";

/**
 * The saved views' endpoints (`app/api/views/...`). Who may do what:
 * - any member of the workspace sees its views and saves one;
 * - the view's creator, an owner or an admin renames or deletes it;
 * - an owner or an admin schedules a view's report to any members of the workspace; any other member schedules only
 *   a view they made, to themself alone, and never changes a schedule that mails others.
 * A schedule reads with the scheduler's active key (as a viewer), so scheduling needs one; the shared demo's people
 * schedule nothing.
 */

export interface ViewsDeps {
  actors: ActorResolver;
  db: Kysely<BackroomDatabase>;
}

type Member = ActorFor["workspace"];

/** Owners and admins: they manage the workspace's members, and so may mail any of them. */
const managesMembers = (actor: Member) => may(actor.membership.role, { member: ["update"] });

const fieldError = (field: string, detail: string, status = 400) =>
  Response.json(
    { Error: { code: "VALIDATION_FAILED", detail, fieldErrors: [{ field, detail }] } },
    { status, headers: NO_STORE },
  );

async function readJson<T extends z.ZodType>(
  request: Request,
  schema: T,
  what: string,
): Promise<{ data: z.output<T> } | { answer: Response }> {
  let body: unknown;
  try {
    body = JSON.parse(await readBodyText(request, 16 * 1024));
  } catch {
    body = undefined;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return { answer: Response.json(validationErrorBody(parsed.error, what), { status: 400, headers: NO_STORE }) };
  return { data: parsed.data };
}

// GET /api/views: the workspace's saved views with their schedules.
export const listViews = withActor(
  "workspace",
  undefined,
  async (_request: Request, actor, deps: ViewsDeps): Promise<Response> => {
    const body: SavedViewsJson = {
      views: await createReportStore(deps.db).list(actor.workspace.id),
      mayScheduleOthers: managesMembers(actor),
      me: actor.person.id,
    };
    return Response.json(body, { headers: NO_STORE });
  },
);

// POST /api/views {name, path}: saves a list page's address under a name (201; the same Idempotency-Key again: 200
// with the view it made). The address must be one of the list pages, with parameters that page reads, valid for it.
export const createView = withActor(
  "workspace",
  undefined,
  async (request: Request, actor, deps: ViewsDeps): Promise<Response> => {
    const read = await readJson(request, CreateView, "Give the view a name and the list page's address.");
    if ("answer" in read) return read.answer;
    const address = readViewAddress(read.data.path);
    if ("problem" in address) return fieldError("path", address.detail);
    const operation = LIST_VIEWS[address.name].operation;
    const filters = new URLSearchParams(
      [...address.params].filter(([key]) => key in operations[operation].querySchema.shape),
    );
    const checked = operations[operation].querySchema.safeParse(Object.fromEntries(filters));
    if (!checked.success)
      return fieldError(
        "path",
        `The address's filters are not valid: ${checked.error.issues.map((i) => i.message).join("; ")}`,
      );
    if (actor.key && !mayCall(actor.key.keyType, operation))
      return fieldError("path", `A ${actor.key.keyType} key cannot read this list.`);
    const idempotencyKey = request.headers.get("Idempotency-Key")?.slice(0, 200) || undefined;
    const { view, created } = await createReportStore(deps.db).createView({
      workspaceId: actor.workspace.id,
      name: read.data.name,
      path: viewHref(address),
      createdBy: actor.person.id,
      idempotencyKey,
    });
    return Response.json(view, { status: created ? 201 : 200, headers: NO_STORE });
  },
);

/** The view, when the asker may change it (its creator, an owner or an admin); else the answer to give. */
async function changeable(
  actor: Member,
  deps: ViewsDeps,
  viewId: string,
): Promise<{ answer: Response } | { store: ReturnType<typeof createReportStore> }> {
  const store = createReportStore(deps.db);
  const view = await store.get(actor.workspace.id, viewId);
  if (!view) return { answer: failureAnswer("not-found") };
  if (view.createdBy !== actor.person.id && !managesMembers(actor))
    return {
      answer: failureAnswer(
        "forbidden-by-role",
        undefined,
        "Only the view's creator, an owner or an admin may change it.",
      ),
    };
  return { store };
}

// PATCH /api/views/{viewId} {name}: renames a view.
export const renameView = withActor(
  "workspace",
  undefined,
  async (request: Request, actor, viewId: string, deps: ViewsDeps): Promise<Response> => {
    const found = await changeable(actor, deps, viewId);
    if ("answer" in found) return found.answer;
    const read = await readJson(request, RenameView, "Give the view's new name.");
    if ("answer" in read) return read.answer;
    await found.store.rename(actor.workspace.id, viewId, read.data.name);
    return Response.json(await found.store.get(actor.workspace.id, viewId), { headers: NO_STORE });
  },
);

// DELETE /api/views/{viewId}: deletes a view and its schedule (204; a view already gone: 404).
export const deleteView = withActor(
  "workspace",
  undefined,
  async (_request: Request, actor, viewId: string, deps: ViewsDeps): Promise<Response> => {
    const found = await changeable(actor, deps, viewId);
    if ("answer" in found) return found.answer;
    await found.store.remove(actor.workspace.id, viewId);
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);

/** Whether a member who does not manage members may touch this schedule: their own view, mailing only themself. */
function mailsOnlySelf(actor: Member, createdBy: string, recipients: readonly string[]): boolean {
  return createdBy === actor.person.id && recipients.every((r) => r === actor.person.id);
}

// PUT /api/views/{viewId}/schedule {frequency, weekday, localTime, timeZone, recipients}: schedules the view's CSV by
// mail (replacing its schedule), read with the asker's active key. Safe to repeat.
export const putSchedule = withActor(
  "key",
  undefined,
  async (request: Request, actor, viewId: string, deps: ViewsDeps): Promise<Response> => {
    // The demo's people are shared by every visitor: nobody's mail to schedule there.
    if (isDemoPerson(actor.person.email))
      return failureAnswer(
        "demo-shared",
        undefined,
        "The demo is shared by everyone who tries it: create an account to schedule reports.",
      );
    const store = createReportStore(deps.db);
    const view = await store.get(actor.workspace.id, viewId);
    if (!view) return failureAnswer("not-found");
    const read = await readJson(
      request,
      ScheduleBody,
      "Give the schedule's frequency, day, time, time zone and recipients.",
    );
    if ("answer" in read) return read.answer;
    const input = read.data;
    if (!isTimeZone(input.timeZone))
      return fieldError("timeZone", `${input.timeZone} is not a time zone this server knows.`);
    if (
      !managesMembers(actor) &&
      !(
        mailsOnlySelf(actor, view.createdBy, input.recipients) &&
        mailsOnlySelf(actor, view.createdBy, view.schedule?.recipients ?? [])
      )
    ) {
      return failureAnswer(
        "forbidden-by-role",
        undefined,
        "Owners and admins schedule reports to members; others schedule only their own views, to themselves.",
      );
    }
    const members = await store.members(actor.workspace.id, input.recipients);
    const strangers = input.recipients.filter((r) => !members.includes(r));
    if (strangers.length) return fieldError("recipients", "Every recipient must be a member of the workspace.");
    const address = readViewAddress(view.path);
    if ("problem" in address || !mayCall(actor.key.keyType, LIST_VIEWS[address.name].operation))
      return fieldError(
        "recipients",
        "Your active key cannot read this list: switch to a key that can, then schedule it.",
        409,
      );
    const schedule = await store.setSchedule(actor.workspace.id, viewId, {
      ...input,
      keyId: actor.key.id,
      scheduledBy: actor.person.id,
    });
    return Response.json(schedule, { headers: NO_STORE });
  },
);

// DELETE /api/views/{viewId}/schedule: stops a view's reports (204; none scheduled: 404).
export const deleteSchedule = withActor(
  "workspace",
  undefined,
  async (_request: Request, actor, viewId: string, deps: ViewsDeps): Promise<Response> => {
    const store = createReportStore(deps.db);
    const view = await store.get(actor.workspace.id, viewId);
    if (!view?.schedule) return failureAnswer("not-found");
    if (!managesMembers(actor) && !mailsOnlySelf(actor, view.createdBy, view.schedule.recipients)) {
      return failureAnswer("forbidden-by-role", undefined, "Owners and admins stop reports that mail others.");
    }
    await store.removeSchedule(actor.workspace.id, viewId);
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
