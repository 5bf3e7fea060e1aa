"use client";

import { formatDateTime } from "@/lib/format/display";
import type { ScheduleJson } from "@/lib/session/saved-views-view";
import { WEEKDAYS } from "@/lib/session/schedule-values";

interface ViewScheduleSummaryProps {
  schedule: ScheduleJson | null | undefined;
  timeZone: string;
}

/** A schedule in words: "Weekly on Monday at 09:00 (Europe/Berlin), to 2 members". */
function scheduleWords(schedule: ScheduleJson): string {
  const when = schedule.frequency === "weekly" ? `Weekly on ${WEEKDAYS[(schedule.weekday ?? 1) - 1]}` : "Daily";
  const to = schedule.recipients.length === 1 ? "1 member" : `${schedule.recipients.length} members`;
  return `${when} at ${schedule.localTime} (${schedule.timeZone}), to ${to}`;
}

/** When a view is mailed, its next run and how the last one went; or that it is not scheduled. */
export function ViewScheduleSummary({ schedule, timeZone }: ViewScheduleSummaryProps) {
  return (
    <div className="mt-2 text-sm">
      {schedule ? (
        <>
          <p>{scheduleWords(schedule)}.</p>
          <p>
            Next run: <time dateTime={schedule.nextRunAt}>{formatDateTime(schedule.nextRunAt, timeZone)}</time> (
            {timeZone})
            {schedule.lastRunAt && (
              <>
                {" "}
                · Last: <time dateTime={schedule.lastRunAt}>{formatDateTime(schedule.lastRunAt, timeZone)}</time>
                {schedule.lastError
                  ? ` (failed: ${schedule.lastError})`
                  : schedule.lastRows !== null
                    ? ` (${schedule.lastRows} rows)`
                    : ""}
              </>
            )}
          </p>
        </>
      ) : (
        <p>Not scheduled.</p>
      )}
    </div>
  );
}
