import "server-only";
import * as z from "zod";
import { EXPORT_FORMATS } from "@/lib/domain/accounting/formats";
import { CADENCES, type ExportScheduleAnswer } from "@/lib/domain/accounting/schedule";
import { isZone } from "@/lib/format/days";
import type { ActorResolver } from "../core/auth/actor";
import { isDemoPerson } from "../core/auth/demo";
import { defineRoute } from "../core/define-route";
import { refuse } from "../core/route-errors";
import { NO_STORE } from "../core/route-errors";
import { MANAGE_BOOKS } from "./accounting-api";
import { ExportScheduleAnswerSchema } from "./answers";
import type { AccountingServices } from "./feature";

/** A retailer's exports to its books by email: the active Customer key's schedule and whom it mails (the Accounts role). */

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

export const getExportSchedule = defineRoute(
  {
    ...SCHEDULE,
    method: "GET",
    path: "/api/accounting/schedule",
    summary: "The active key's exports to the books by email, and whom they mail.",
    answer: ExportScheduleAnswerSchema,
  },
  async ({ actor }, deps: ScheduleDeps) => loadExportSchedule(actor, deps),
);

export const putExportSchedule = defineRoute(
  {
    ...SCHEDULE,
    method: "PUT",
    path: "/api/accounting/schedule",
    summary: "Mails the active key's new bills and payments to the books weekly or monthly (made, or replaced).",
    description: `They go to the workspace's members with the Accounts role: \`cadence\` \`weekly\` (\`day\` an ISO weekday,
1 for Monday to 7) or \`monthly\` (\`day\` of the month, 1 to 28), at \`localTime\` (\`HH:MM\`, 24-hour) in \`timeZone\`,
each of \`formats\` once. A run mails only what no earlier marked export held. The shared demo mails nothing (403
\`DEMO_SHARED\`). Answers the schedule as \`GET\` does.`,
    answer: ExportScheduleAnswerSchema,
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

export const deleteExportSchedule = defineRoute(
  {
    ...SCHEDULE,
    method: "DELETE",
    path: "/api/accounting/schedule",
    summary: "Stops the active key's exports to the books by email.",
    status: 204,
    permission: MANAGE_BOOKS,
  },
  async ({ actor }, deps: ScheduleDeps) => {
    await deps.accounting.schedules.remove(actor.key.id);
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
