import type { FREQUENCIES } from "./schedule-values";

/**
 * Saved views and their schedules as the pages and the views API share them: the answers of `/api/views` and the
 * body of a schedule. Their zod schemas are on the server (lib/server/views/answers.ts, and the bodies in
 * lib/server/views/views-api.ts): the pages load no zod for them.
 */

/** PUT /api/views/{id}/schedule: when and to whom the view's CSV is mailed. */
export interface ScheduleInput {
  frequency: (typeof FREQUENCIES)[number];
  /** A weekly report's ISO weekday, 1 (Monday) to 7; absent or null for a daily one. */
  weekday?: number | null;
  /** "HH:MM", 24-hour, in `timeZone`. */
  localTime: string;
  timeZone: string;
  /** The members to mail (user ids). */
  recipients: string[];
}

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
