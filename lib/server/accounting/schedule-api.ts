import "server-only";
import * as z from "zod";
import { readBodyText } from "@/lib/data-api/request-body";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { EXPORT_FORMATS } from "@/lib/domain/accounting/formats";
import { CADENCES } from "@/lib/domain/accounting/schedule";
import { isZone } from "@/lib/format/days";
import type { ActorResolver } from "../core/auth/actor";
import { isDemoPerson } from "../core/auth/demo";
import { failureAnswer, NO_STORE } from "../core/route-errors";
import { withActor } from "../core/with-actor";
import { json, MANAGE_BOOKS } from "./accounting-api";
import type { AccountingServices } from "./feature";

/**
 * A retailer's exports to its books by email (issue 40): `GET`, `PUT`, `DELETE /api/accounting/schedule`, the active
 * Customer key's schedule and whom it mails (the Accounts role). Owners, admins and Accounts set and stop it.
 */

/** What the export schedule's endpoints need: who is asking, and the schedules. */
export interface ScheduleDeps {
  actors: ActorResolver;
  accounting: Pick<AccountingServices, "schedules">;
}

const ScheduleBody = z
  .strictObject({
    cadence: z.enum(CADENCES, { error: "weekly or monthly" }),
    day: z.number().int().min(1, "from 1").max(28, "at most 28 (a day every month has), or 7 for a weekday"),
    localTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time as HH:MM, 24-hour"),
    timeZone: z.string().refine(isZone, "a time zone such as America/Los_Angeles"),
    formats: z
      .array(z.enum(EXPORT_FORMATS, { error: `one of ${EXPORT_FORMATS.join(", ")}` }))
      .min(1, "at least one format")
      .max(EXPORT_FORMATS.length)
      .refine((f) => new Set(f).size === f.length, "each format once"),
  })
  .refine((s) => s.cadence === "monthly" || s.day <= 7, { path: ["day"], message: "a weekday from 1 (Monday) to 7" });

async function scheduleAnswer(actor: { workspace: { id: string }; key: { id: string } }, deps: ScheduleDeps) {
  const [schedule, recipients] = await Promise.all([
    deps.accounting.schedules.get(actor.key.id),
    deps.accounting.schedules.recipients(actor.workspace.id),
  ]);
  return json({ schedule: schedule ?? null, recipients });
}

// GET /api/accounting/schedule: the active (Customer) key's exports by email, {schedule, recipients}: null when none,
// and the workspace's members with the Accounts role, whom a run mails.
export const getExportSchedule = withActor(
  "key",
  undefined,
  async (_request: Request, actor, deps: ScheduleDeps): Promise<Response> => {
    if (actor.key.keyType !== "Customer") return failureAnswer("no-scheduled-exports");
    return scheduleAnswer(actor, deps);
  },
);

// PUT /api/accounting/schedule {cadence, day, localTime, timeZone, formats}: owners, admins and the Accounts role mail
// the active key's new bills and payments weekly or monthly to the Accounts role (made, or replaced).
export const putExportSchedule = withActor(
  "key",
  MANAGE_BOOKS,
  async (request: Request, actor, deps: ScheduleDeps): Promise<Response> => {
    if (actor.key.keyType !== "Customer") return failureAnswer("no-scheduled-exports");
    // The shared demo mails nothing: its people's addresses reach nobody.
    if (isDemoPerson(actor.person.email)) return failureAnswer("demo-shared");
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(request, 2048));
    } catch {
      body = undefined;
    }
    const parsed = ScheduleBody.safeParse(body);
    if (!parsed.success)
      return json(
        validationErrorBody(
          parsed.error,
          'Send {cadence: "weekly" or "monthly", day, localTime: "HH:MM", timeZone, formats: ["qbo-bills", …]}.',
        ),
        400,
      );
    await deps.accounting.schedules.set(actor.workspace.id, actor.key.id, { ...parsed.data, by: actor.person.id });
    return scheduleAnswer(actor, deps);
  },
);

// DELETE /api/accounting/schedule: stops the active key's exports by email.
export const deleteExportSchedule = withActor(
  "key",
  MANAGE_BOOKS,
  async (_request: Request, actor, deps: ScheduleDeps): Promise<Response> => {
    if (actor.key.keyType !== "Customer") return failureAnswer("no-scheduled-exports");
    await deps.accounting.schedules.remove(actor.key.id);
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
