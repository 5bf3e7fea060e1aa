import "server-only";
import * as z from "zod";
import { EXPORT_FORMATS } from "@/lib/domain/accounting/formats";
import { CADENCES, type ExportScheduleAnswer } from "@/lib/domain/accounting/schedule";
import { isZone } from "@/lib/format/days";
import type { ActorResolver } from "../core/auth/actor";
import { isDemoPerson } from "../core/auth/demo";
import { defineRoute, refuse } from "../core/define-route";
import { NO_STORE } from "../core/route-errors";
import { MANAGE_BOOKS } from "./accounting-api";
import type { AccountingServices } from "./feature";

/**
 * A retailer's exports to its books by email: `GET`, `PUT`, `DELETE /api/accounting/schedule`, the active Customer
 * key's schedule and whom it mails (the Accounts role). Owners, admins and Accounts set and stop it.
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

/** Exports by email are a retailer's key's: they mail its stores' new bills and payments to the Accounts role. */
const SCHEDULE = { need: "key", keyTypes: ["Customer"], what: "Exports to the books by email" } as const;

/**
 * A key's exports by email as they stand, and whom a run mails (the workspace's Accounts role): what the Books export
 * page shows and `GET /api/accounting/schedule` answers. Backroom's own data: no request to the API.
 *
 * @example
 * const initial = await loadExportSchedule({ workspace: view.workspace!, key: active }, await backend());
 */
export async function loadExportSchedule(
  actor: { workspace: { id: string }; key: { id: string } },
  deps: Pick<ScheduleDeps, "accounting">,
): Promise<ExportScheduleAnswer> {
  const [schedule, recipients] = await Promise.all([
    deps.accounting.schedules.get(actor.key.id),
    deps.accounting.schedules.recipients(actor.workspace.id),
  ]);
  return { schedule: schedule ?? null, recipients };
}

// GET /api/accounting/schedule: the active (Customer) key's exports by email, {schedule, recipients}: null when none,
// and the workspace's members with the Accounts role, whom a run mails.
export const getExportSchedule = defineRoute(SCHEDULE, async ({ actor }, deps: ScheduleDeps) =>
  loadExportSchedule(actor, deps),
);

// PUT /api/accounting/schedule {cadence, day, localTime, timeZone, formats}: owners, admins and the Accounts role mail
// the active key's new bills and payments weekly or monthly to the Accounts role (made, or replaced).
export const putExportSchedule = defineRoute(
  {
    ...SCHEDULE,
    permission: MANAGE_BOOKS,
    body: ScheduleBody,
    maxBodyBytes: 2048,
    invalid: 'Send {cadence: "weekly" or "monthly", day, localTime: "HH:MM", timeZone, formats: ["qbo-bills", …]}.',
  },
  async ({ actor, body }, deps: ScheduleDeps) => {
    // The shared demo mails nothing: its people's addresses reach nobody.
    if (isDemoPerson(actor.person.email)) throw refuse("demo-shared");
    await deps.accounting.schedules.set(actor.workspace.id, actor.key.id, { ...body, by: actor.person.id });
    return loadExportSchedule(actor, deps);
  },
);

// DELETE /api/accounting/schedule: stops the active key's exports by email.
export const deleteExportSchedule = defineRoute(
  { ...SCHEDULE, permission: MANAGE_BOOKS },
  async ({ actor }, deps: ScheduleDeps) => {
    await deps.accounting.schedules.remove(actor.key.id);
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
