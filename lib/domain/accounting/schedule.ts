/**
 * A retailer's exports to its books by email, as the page and `GET /api/accounting/schedule` show them:
 * weekly or monthly, which files, to whom (the workspace's Accounts role), and the period a run covers. Shared by the
 * server (`lib/server/accounting/scheduled-exports.ts`) and the page's form.
 */
import { addDays, localDay } from "@/lib/format/days";
import type { ExportFormat } from "./format-names";

export const CADENCES = ["weekly", "monthly"] as const;
export type Cadence = (typeof CADENCES)[number];

export interface ExportScheduleJson {
  cadence: Cadence;
  /** Weekly: the ISO weekday, 1 (Monday) to 7; monthly: the day of the month, 1 to 28. */
  day: number;
  /** "HH:MM", 24-hour, in `timeZone`. */
  localTime: string;
  timeZone: string;
  formats: ExportFormat[];
  nextRunAt: string;
  lastRunAt: string | null;
  /** How the last run ended: records mailed (bills and allocations), members mailed, or why not. */
  lastRecords: number | null;
  lastMailed: number | null;
  lastError: string | null;
}

export interface ExportRecipient {
  userId: string;
  email: string;
  name: string;
}

/** `GET /api/accounting/schedule`. */
export interface ExportScheduleAnswer {
  schedule: ExportScheduleJson | null;
  recipients: ExportRecipient[];
}

/**
 * The period a run covers, in the schedule's zone: weekly, the seven days before the run's day; monthly, the calendar
 * month before the run's month. A run mails only what no earlier marked export held (or held otherwise), so a bill
 * entered late in the books' period comes with the next run that covers it, and nothing comes twice.
 *
 * @example
 * runPeriod("weekly", new Date("2026-11-23T15:00:00Z"), "America/Los_Angeles"); // { from: "2026-11-16", to: "2026-11-22" }
 * runPeriod("monthly", new Date("2026-12-01T15:00:00Z"), "America/Los_Angeles"); // { from: "2026-11-01", to: "2026-11-30" }
 */
export function runPeriod(cadence: Cadence, dueAt: Date, timeZone: string): { from: string; to: string } {
  const day = localDay(dueAt, timeZone);
  if (cadence === "weekly") return { from: addDays(day, -7), to: addDays(day, -1) };
  const firstOfThis = `${day.slice(0, 8)}01`;
  const to = addDays(firstOfThis, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}
