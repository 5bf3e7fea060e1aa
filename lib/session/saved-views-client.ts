import type { ScheduleInput, SavedViewJson, SavedViewsJson, ScheduleJson } from "./saved-views-view";
import { send } from "./session-client";

/** The query key of the workspace's saved views: the list pages' "Save view" and the Saved views page share it. */
export const SAVED_VIEWS_KEY = ["backroom", "saved-views"] as const;

const at = (viewId: string) => `/api/views/${encodeURIComponent(viewId)}`;

/** The browser's calls to `/api/views` (`lib/server/views/views-api.ts`). */
export const savedViewsClient = {
  /** The workspace's views with their schedules, and whether the person may mail others. */
  list: () => send<SavedViewsJson>("GET", "/api/views"),
  /** Saves an address under a name; `idempotencyKey` makes a double submit one view. */
  create: (body: { name: string; path: string }, idempotencyKey: string) =>
    send<SavedViewJson>("POST", "/api/views", body, { "Idempotency-Key": idempotencyKey }),
  rename: (viewId: string, name: string) => send<SavedViewJson>("PATCH", at(viewId), { name }),
  remove: (viewId: string) => send<null>("DELETE", at(viewId)),
  schedule: (viewId: string, body: ScheduleInput) => send<ScheduleJson>("PUT", `${at(viewId)}/schedule`, body),
  unschedule: (viewId: string) => send<null>("DELETE", `${at(viewId)}/schedule`),
};
