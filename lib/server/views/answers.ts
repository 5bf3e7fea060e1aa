import "server-only";
import * as z from "zod";
import type { SavedViewJson, SavedViewsJson, ScheduleJson } from "@/lib/session/saved-views-view";
import { FREQUENCIES } from "@/lib/session/schedule-values";

/**
 * What the saved views' routes answer, as zod schemas for their specs (`/api/openapi.json`; every answer is checked
 * by them under test), each held to the type the code builds the answer as by `satisfies`. Kept on the server: the
 * types (lib/session/saved-views-view.ts) are shared with the Saved views page, which loads no zod for them.
 */

/** `ScheduleJson` as a schema: what `PUT /api/views/{viewId}/schedule` answers. */
export const ScheduleAnswer = z.object({
  id: z.string(),
  frequency: z.enum(FREQUENCIES),
  weekday: z.number().nullable().describe("A weekly report's ISO weekday, 1 (Monday) to 7; null for a daily one."),
  localTime: z.string().describe('"HH:MM", 24-hour, in `timeZone`.'),
  timeZone: z.string(),
  recipients: z.array(z.string()).describe("The members mailed (user ids)."),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  lastRows: z.number().nullable().describe("Rows of the last report sent."),
  lastError: z.string().nullable().describe("Why the last run failed, when it did (it is retried)."),
  scheduledBy: z.string().describe("The user id of whom scheduled it: its reads use their key."),
}) satisfies z.ZodType<ScheduleJson>;

/** `SavedViewJson` as a schema: a view as `/api/views` answers it. */
export const SavedViewAnswer = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string().describe('The list page\'s path and query ("/invoices?Statuses=1%2C7").'),
  createdBy: z.string().describe("The user id of its creator."),
  createdAt: z.string(),
  schedule: ScheduleAnswer.nullable(),
}) satisfies z.ZodType<SavedViewJson>;

/** `SavedViewsJson` as a schema: what `GET /api/views` answers. */
export const SavedViewsAnswer = z.object({
  views: z.array(SavedViewAnswer),
  mayScheduleOthers: z.boolean().describe("Whether the asker may schedule mail to other members (owners and admins)."),
  me: z.string().describe("The asker's user id."),
}) satisfies z.ZodType<SavedViewsJson>;
