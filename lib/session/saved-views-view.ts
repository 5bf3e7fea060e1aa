import * as z from "zod";
import { FREQUENCIES, WEEKDAYS } from "./schedule-values";

/**
 * Saved views and their schedules as the pages and the views API share them: the answers of `/api/views` and the
 * bodies it takes (one schema for the Saved views page's forms and the route handlers, `lib/server/views/views-api.ts`).
 */

export { FREQUENCIES, WEEKDAYS };

/** A view's name: what the Saved views page and a report's subject call it. */
export const ViewName = z.string().trim().min(1, "Give the view a name.").max(80, "Keep the name under 80 characters.");

/** POST /api/views: a name and the list page's address (path and query, as the address bar has them after the host). */
export const CreateView = z.strictObject({
  name: ViewName,
  path: z.string().min(1).max(2000, "The address is too long to save."),
});

/** PATCH /api/views/{id}: a new name. */
export const RenameView = z.strictObject({ name: ViewName });

/** PUT /api/views/{id}/schedule: when and to whom the view's CSV is mailed. */
export const ScheduleBody = z
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
  });

export type ScheduleInput = z.infer<typeof ScheduleBody>;

/** A view's schedule, as the API answers it. */
export interface ScheduleJson {
  id: string;
  frequency: (typeof FREQUENCIES)[number];
  weekday: number | null;
  localTime: string;
  timeZone: string;
  /** The members mailed (user ids). */
  recipients: string[];
  nextRunAt: string;
  lastRunAt: string | null;
  /** Rows of the last report sent. */
  lastRows: number | null;
  /** Why the last run failed, when it did (it is retried). */
  lastError: string | null;
  scheduledBy: string;
}

/** A saved view, as the API answers it. */
export interface SavedViewJson {
  id: string;
  name: string;
  /** The list page's path and query ("/invoices?Statuses=1%2C7"). */
  path: string;
  createdBy: string;
  createdAt: string;
  schedule: ScheduleJson | null;
}

/** GET /api/views: the workspace's views, and what the asker may do with them. */
export interface SavedViewsJson {
  views: SavedViewJson[];
  /** Whether the asker may schedule mail to other members (owners and admins). */
  mayScheduleOthers: boolean;
  me: string;
}

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
