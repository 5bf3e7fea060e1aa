import "server-only";
import { recordOwner } from "../core/auth/demo-visitor";
import type { Kysely } from "kysely";
import * as z from "zod";
import { searchParamsToObject } from "@/lib/data-api/query-params";
import { operations } from "@/lib/data-api/registry";
import { may } from "@/lib/session/roles";
import type { SavedViewsJson, ScheduleInput } from "@/lib/session/saved-views-view";
import { FREQUENCIES } from "@/lib/session/schedule-values";
import { mayCall } from "@/lib/domain/navigation";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { readViewAddress, type ViewAddress, viewHref } from "@/lib/domain/views/saved-view-path";
import type { ActorResolver } from "../core/auth/actor";
import { isDemoPerson } from "../core/auth/demo";
import type { BackroomDatabase } from "../core/db/schema";
import { type ActorOf, defineRoute } from "../core/define-route";
import { invalidField, refuse } from "../core/route-errors";
import { NO_STORE } from "../core/route-errors";
import { SavedViewAnswer, SavedViewsAnswer, ScheduleAnswer } from "./answers";
import { keyCannotReadList } from "./errors";
import { isTimeZone } from "./next-run";
import { createReportStore } from "./report-store";

/** The saved views' endpoints: list page addresses saved under a name, and their reports mailed on a schedule. */

/** Who may schedule what, in the descriptions' words. */
const WHO_SCHEDULES =
  "An owner or an admin schedules a view's report to any members of the workspace; any other member schedules only a " +
  "view they made, to themself alone, and never changes a schedule that mails others (403 `FORBIDDEN_BY_ROLE`).";

/** A view's name: what the Saved views page and a report's subject call it. */
const ViewName = z.string().trim().min(1, "Give the view a name.").max(80, "Keep the name under 80 characters.");

/** POST /api/views: a name and the list page's address (path and query, as the address bar has them after the host). */
const CreateView = z.strictObject({
  name: ViewName,
  path: z.string().min(1).max(2000, "The address is too long to save."),
});

/** PATCH /api/views/{id}: a new name. */
const RenameView = z.strictObject({ name: ViewName });

/** PUT /api/views/{id}/schedule: when and to whom the view's CSV is mailed. */
const ScheduleBody = z
  .strictObject({
    frequency: z.enum(FREQUENCIES),
    weekday: z.number().int().min(1).max(7).nullish(),
    localTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give a time as HH:MM, 24-hour."),
    timeZone: z.string().min(1).max(64),
    recipients: z.array(z.string().min(1).max(100)).min(1, "Choose at least one member to mail.").max(200),
  })
  .refine((s) => s.frequency === "daily" || (s.weekday !== undefined && s.weekday !== null), {
    message: "Choose the day of a weekly report.",
    path: ["weekday"],
  }) satisfies z.ZodType<ScheduleInput>;

export interface ViewsDeps {
  actors: ActorResolver;
  db: Kysely<BackroomDatabase>;
}

type Member = ActorOf["workspace"];

/** Owners and admins: they manage the workspace's members, and so may mail any of them. */
const managesMembers = (actor: Member) => may(actor.membership.role, { member: ["update"] });

/**
 * A list page's address as a view saves it: one of the list pages, with parameters that page reads, its filters valid
 * for the list's operation; refused on `path` otherwise.
 */
function savedAddress(path: string): ViewAddress {
  const address = readViewAddress(path);
  if ("problem" in address) throw invalidField("path", address.detail);
  const { querySchema } = operations[LIST_VIEWS[address.name].operation];
  const filters = new URLSearchParams([...address.params].filter(([key]) => key in querySchema.shape));
  const checked = querySchema.safeParse(searchParamsToObject(filters));
  if (!checked.success)
    throw invalidField(
      "path",
      `The address's filters are not valid: ${checked.error.issues.map((i) => i.message).join("; ")}`,
    );
  return address;
}

export const listViews = defineRoute(
  {
    method: "GET",
    path: "/api/views",
    summary: "The workspace's saved views with their schedules.",
    description: "In the shared demo, the visitor's own.",
    answer: SavedViewsAnswer,
    need: "workspace",
  },
  async ({ actor }, deps: ViewsDeps) => {
    const body: SavedViewsJson = {
      views: await createReportStore(deps.db).list(recordOwner(actor)),
      mayScheduleOthers: managesMembers(actor),
      me: actor.person.id,
    };
    return body;
  },
);

export const createView = defineRoute(
  {
    method: "POST",
    path: "/api/views",
    summary: "Saves a list page's address under a name.",
    description: `\`path\` is the page's path and query, as the address bar has them after the host: one of the list pages,
with parameters that page reads, its filters valid for the list's operation, and a list the active key may read
(refused on \`path\` otherwise). Answers 201 with the view; the same \`Idempotency-Key\` again (a double submit) answers
200 with the view it made.`,
    answer: SavedViewAnswer,
    status: 201,
    idempotencyKey: "optional",
    need: "workspace",
    body: CreateView,
    invalid: "Give the view a name and the list page's address.",
  },
  async ({ actor, body, idempotencyKey }, deps: ViewsDeps) => {
    const address = savedAddress(body.path);
    const operation = LIST_VIEWS[address.name].operation;
    if (actor.key && !mayCall(actor.key.keyType, operation))
      throw invalidField("path", `A ${actor.key.keyType} key cannot read this list.`);
    const { view, created } = await createReportStore(deps.db).createView({
      workspaceId: recordOwner(actor),
      name: body.name,
      path: viewHref(address),
      createdBy: actor.person.id,
      idempotencyKey,
    });
    return created ? view : Response.json(view, { headers: NO_STORE });
  },
);

/** The view's store, when the asker may change the view (its creator, an owner or an admin); refused otherwise. */
async function changeable(actor: Member, deps: ViewsDeps, viewId: string) {
  const store = createReportStore(deps.db);
  const view = await store.get(recordOwner(actor), viewId);
  if (!view) throw refuse("not-found");
  if (view.createdBy !== actor.person.id && !managesMembers(actor))
    throw refuse("forbidden-by-role", "Only the view's creator, an owner or an admin may change it.");
  return store;
}

export const renameView = defineRoute(
  {
    method: "PATCH",
    path: "/api/views/{viewId}",
    summary: "Renames a view.",
    description:
      "Its creator, an owner or an admin (403 `FORBIDDEN_BY_ROLE` for anyone else); a view not of the workspace: 404.",
    answer: SavedViewAnswer,
    need: "workspace",
    body: RenameView,
    invalid: "Give the view's new name.",
  },
  async ({ actor, body, params }, deps: ViewsDeps) => {
    const viewId = params.viewId ?? "";
    const store = await changeable(actor, deps, viewId);
    await store.rename(recordOwner(actor), viewId, body.name);
    const view = await store.get(recordOwner(actor), viewId);
    if (!view) throw refuse("not-found");
    return view;
  },
);

export const deleteView = defineRoute(
  {
    method: "DELETE",
    path: "/api/views/{viewId}",
    summary: "Deletes a view and its schedule.",
    description:
      "Its creator, an owner or an admin (403 `FORBIDDEN_BY_ROLE` for anyone else); a view already gone: 404.",
    status: 204,
    need: "workspace",
  },
  async ({ actor, params }, deps: ViewsDeps) => {
    const viewId = params.viewId ?? "";
    const store = await changeable(actor, deps, viewId);
    await store.remove(recordOwner(actor), viewId);
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);

/** Whether a member who does not manage members may touch this schedule: their own view, mailing only themself. */
function mailsOnlySelf(actor: Member, createdBy: string, recipients: readonly string[]): boolean {
  return createdBy === actor.person.id && recipients.every((r) => r === actor.person.id);
}

export const putSchedule = defineRoute(
  {
    method: "PUT",
    path: "/api/views/{viewId}/schedule",
    summary: "Mails the view's list as a CSV on a schedule, replacing its schedule.",
    description: `\`frequency\` \`daily\` or \`weekly\` (then \`weekday\`, 1 for Monday to 7), at \`localTime\` (\`HH:MM\`, 24-hour)
in \`timeZone\` (400 on \`timeZone\` for a zone this server does not know), to \`recipients\` (user ids, each a member
of the workspace: 400 on \`recipients\` otherwise). The report reads with the asker's active key, as a viewer: one that
cannot read the view's list is refused, 409 \`VALIDATION_FAILED\` on \`recipients\`. Safe to repeat. ${WHO_SCHEDULES}
The shared demo's people schedule nothing (403 \`DEMO_SHARED\`); a view not of the workspace: 404.`,
    answer: ScheduleAnswer,
    need: "key",
    body: ScheduleBody,
    invalid: "Give the schedule's frequency, day, time, time zone and recipients.",
  },
  async ({ actor, body: input, params }, deps: ViewsDeps) => {
    // The demo's people are shared by every visitor: nobody's mail to schedule there.
    if (isDemoPerson(actor.person.email))
      throw refuse(
        "demo-shared",
        "The demo is shared by everyone who tries it: create an account to schedule reports.",
      );
    const viewId = params.viewId ?? "";
    const store = createReportStore(deps.db);
    const view = await store.get(recordOwner(actor), viewId);
    if (!view) throw refuse("not-found");
    if (!isTimeZone(input.timeZone))
      throw invalidField("timeZone", `${input.timeZone} is not a time zone this server knows.`);
    if (
      !managesMembers(actor) &&
      !(
        mailsOnlySelf(actor, view.createdBy, input.recipients) &&
        mailsOnlySelf(actor, view.createdBy, view.schedule?.recipients ?? [])
      )
    )
      throw refuse(
        "forbidden-by-role",
        "Owners and admins schedule reports to members; others schedule only their own views, to themselves.",
      );
    const members = await store.members(actor.workspace.id, input.recipients);
    const strangers = input.recipients.filter((r) => !members.includes(r));
    if (strangers.length) throw invalidField("recipients", "Every recipient must be a member of the workspace.");
    const address = readViewAddress(view.path);
    if ("problem" in address || !mayCall(actor.key.keyType, LIST_VIEWS[address.name].operation))
      throw keyCannotReadList();
    const schedule = await store.setSchedule(recordOwner(actor), viewId, {
      ...input,
      keyId: actor.key.id,
      scheduledBy: actor.person.id,
    });
    // The view deleted meanwhile.
    if (!schedule) throw refuse("not-found");
    return schedule;
  },
);

export const deleteSchedule = defineRoute(
  {
    method: "DELETE",
    path: "/api/views/{viewId}/schedule",
    summary: "Stops a view's reports.",
    description: `None scheduled: 404. ${WHO_SCHEDULES}`,
    status: 204,
    need: "workspace",
  },
  async ({ actor, params }, deps: ViewsDeps) => {
    const viewId = params.viewId ?? "";
    const store = createReportStore(deps.db);
    const view = await store.get(recordOwner(actor), viewId);
    if (!view?.schedule) throw refuse("not-found");
    if (!managesMembers(actor) && !mailsOnlySelf(actor, view.createdBy, view.schedule.recipients))
      throw refuse("forbidden-by-role", "Owners and admins stop reports that mail others.");
    await store.removeSchedule(recordOwner(actor), viewId);
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
