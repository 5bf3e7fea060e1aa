/**
 * A report schedule's fixed values, apart from the schemas (lib/server/views/views-api.ts, zod) so that the Saved views
 * page's forms carry them without the validation library, which only the server runs.
 */

export const FREQUENCIES = ["daily", "weekly"] as const;

/** ISO weekdays, 1 (Monday) to 7 (Sunday), as the schedule form offers them. */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
