"use client";

import { useId, useState } from "react";
import { BusyButton, FormStatus, type Outcome } from "@/components/account/form-bits";
import { useAction } from "@/components/account/use-action";
import { useTimeZone } from "@/components/shell/providers";
import { EXPORT_FORMATS, type ExportFormat, formatLabel } from "@/lib/domain/accounting/format-names";
import type { Cadence, ExportScheduleAnswer } from "@/lib/domain/accounting/schedule";
import { ordinalDay } from "@/lib/domain/statements/statement-schedule";
import { formatDateTime } from "@/lib/format/display";
import { send } from "@/lib/session/session-client";
import { describeFailure } from "@/lib/ui/failure";
import { BUTTON, FIELD_ERROR, fieldClass } from "@/lib/ui/styles";
import { timeZoneChoices } from "@/lib/ui/time-zones";

interface ExportScheduleProps {
  initial: ExportScheduleAnswer;
  /** Owners, admins and the Accounts role set and stop it; everyone sees it. */
  canManage: boolean;
  /** The shared demo mails nothing. */
  demo: boolean;
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const MONTH_DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/** When a schedule goes, in words: "every Monday at 07:00" or "on the 1st of each month at 07:00". */
function when(cadence: Cadence, day: number, localTime: string, timeZone: string): string {
  return cadence === "weekly"
    ? `every ${WEEKDAYS[day - 1]} at ${localTime} (${timeZone})`
    : `on ${ordinalDay(day)} of each month at ${localTime} (${timeZone})`;
}

/**
 * A retailer's exports to its books by email (issue 40): weekly or monthly, which files, to whom (the members with the
 * Accounts role), how the last run went; owners, admins and Accounts set or stop it (`/api/accounting/schedule`).
 */
export function ExportSchedule({ initial, canManage, demo }: ExportScheduleProps) {
  const id = useId();
  const browserZone = useTimeZone();
  const { busy, run } = useAction();
  const [answer, setAnswer] = useState(initial);
  const { schedule, recipients } = answer;
  const [cadence, setCadence] = useState<Cadence>(schedule?.cadence ?? "monthly");
  const [day, setDay] = useState(schedule?.day ?? 1);
  const [localTime, setLocalTime] = useState(schedule?.localTime ?? "07:00");
  const [timeZone, setTimeZone] = useState(schedule?.timeZone ?? browserZone);
  const [formats, setFormats] = useState<ExportFormat[]>(schedule?.formats ?? ["qbo-bills", "qbo-payments"]);
  const [outcome, setOutcome] = useState<Outcome>();
  const [fields, setFields] = useState<Record<string, string>>({});

  const who =
    recipients.length === 0
      ? "No member has the Accounts role: a run would mail nobody. An owner or admin gives the role under Members."
      : `To ${recipients.length === 1 ? "the member" : `the ${recipients.length} members`} with the Accounts role: ${recipients.map((r) => r.name).join(", ")}.`;

  const save = () =>
    run(async () => {
      setOutcome(undefined);
      setFields({});
      const result = await send<ExportScheduleAnswer>("PUT", "/api/accounting/schedule", {
        cadence,
        day,
        localTime,
        timeZone,
        formats,
      });
      if (!result.ok) {
        setFields(result.fields);
        return setOutcome({
          tone: "error",
          text: describeFailure(result.error, { what: "the exports by email", doing: "save", service: "Backroom" })
            .message,
        });
      }
      setAnswer(result.data);
      setOutcome({
        tone: "ok",
        text: `Saved: the new bills and payments go ${when(cadence, day, localTime, timeZone)}, next on ${formatDateTime(result.data.schedule!.nextRunAt, timeZone)}.`,
      });
    });

  const stop = () =>
    run(async () => {
      setOutcome(undefined);
      const result = await send<null>("DELETE", "/api/accounting/schedule");
      if (!result.ok)
        return setOutcome({
          tone: "error",
          text: describeFailure(result.error, { what: "the exports by email", doing: "stop", service: "Backroom" })
            .message,
        });
      setAnswer({ ...answer, schedule: null });
      setOutcome({ tone: "ok", text: "Stopped: nothing is mailed from now on." });
    });

  const error = (field: string) =>
    fields[field] && (
      <p id={`${id}-${field}-error`} className={FIELD_ERROR}>
        {fields[field]}
      </p>
    );
  const toggle = (format: ExportFormat, on: boolean) =>
    setFormats((now) =>
      on ? EXPORT_FORMATS.filter((f) => f === format || now.includes(f)) : now.filter((f) => f !== format),
    );

  return (
    <details className="rounded border border-slate-300 dark:border-slate-700">
      <summary className="cursor-pointer px-4 py-3 text-sm">
        <span className="font-semibold">By email</span>
        {" · "}
        {schedule ? when(schedule.cadence, schedule.day, schedule.localTime, schedule.timeZone) : "off"}
      </summary>
      <section
        aria-label="Exports by email"
        className="space-y-3 border-t border-slate-300 px-4 py-3 dark:border-slate-700"
      >
        <p className="text-sm" data-testid="export-schedule-state">
          {schedule ? (
            <>
              What is new of the {schedule.cadence === "weekly" ? "week" : "month"} before goes{" "}
              {when(schedule.cadence, schedule.day, schedule.localTime, schedule.timeZone)} as{" "}
              {schedule.formats.map(formatLabel).join(", ")}, next on{" "}
              <time dateTime={schedule.nextRunAt}>{formatDateTime(schedule.nextRunAt, schedule.timeZone)}</time>. {who}
            </>
          ) : (
            <>
              Off: nothing is mailed.{" "}
              {canManage
                ? "Mail each week's or month's new bills and payments to the Accounts role, as the files their books import."
                : "Owners, admins and the Accounts role can turn it on."}
            </>
          )}
        </p>
        {schedule?.lastRunAt && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Last run <time dateTime={schedule.lastRunAt}>{formatDateTime(schedule.lastRunAt, schedule.timeZone)}</time>:{" "}
            {schedule.lastError ??
              `${schedule.lastRecords} new ${schedule.lastRecords === 1 ? "record" : "records"} to ${schedule.lastMailed} ${schedule.lastMailed === 1 ? "member" : "members"}.`}
          </p>
        )}
        {canManage && !demo && (
          <form
            aria-label="Exports by email"
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <div className="flex flex-wrap items-start gap-3">
              <div>
                <label htmlFor={`${id}-cadence`} className="block text-xs font-medium">
                  How often
                </label>
                <select
                  id={`${id}-cadence`}
                  value={cadence}
                  onChange={(e) => {
                    const next = e.target.value as Cadence;
                    setCadence(next);
                    setDay(1);
                  }}
                  className={fieldClass(Boolean(fields.cadence))}
                >
                  <option value="weekly">Weekly</option>
                  <option value="monthly">Monthly</option>
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-day`} className="block text-xs font-medium">
                  {cadence === "weekly" ? "Weekday" : "Day of the month"}
                </label>
                <select
                  id={`${id}-day`}
                  value={day}
                  onChange={(e) => setDay(Number(e.target.value))}
                  aria-describedby={fields.day ? `${id}-day-error` : undefined}
                  className={fieldClass(Boolean(fields.day))}
                >
                  {cadence === "weekly"
                    ? WEEKDAYS.map((name, i) => (
                        <option key={name} value={i + 1}>
                          {name}
                        </option>
                      ))
                    : MONTH_DAYS.map((d) => (
                        <option key={d} value={d}>
                          {d}
                        </option>
                      ))}
                </select>
                {error("day")}
              </div>
              <div>
                <label htmlFor={`${id}-time`} className="block text-xs font-medium">
                  Time
                </label>
                <input
                  id={`${id}-time`}
                  type="time"
                  required
                  value={localTime}
                  onChange={(e) => setLocalTime(e.target.value)}
                  aria-describedby={fields.localTime ? `${id}-localTime-error` : undefined}
                  className={fieldClass(Boolean(fields.localTime))}
                />
                {error("localTime")}
              </div>
              <div>
                <label htmlFor={`${id}-zone`} className="block text-xs font-medium">
                  Time zone
                </label>
                <select
                  id={`${id}-zone`}
                  value={timeZone}
                  onChange={(e) => setTimeZone(e.target.value)}
                  aria-describedby={fields.timeZone ? `${id}-timeZone-error` : undefined}
                  className={fieldClass(Boolean(fields.timeZone), "max-w-56")}
                >
                  {timeZoneChoices(timeZone).map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </select>
                {error("timeZone")}
              </div>
            </div>
            <fieldset aria-describedby={fields.formats ? `${id}-formats-error` : undefined}>
              <legend className="text-xs font-medium">Files</legend>
              <div className="mt-1 grid gap-1 sm:grid-cols-2">
                {EXPORT_FORMATS.map((format) => (
                  <label key={format} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
                    <input
                      type="checkbox"
                      checked={formats.includes(format)}
                      onChange={(e) => toggle(format, e.target.checked)}
                      className="size-4"
                    />
                    {formatLabel(format)}
                  </label>
                ))}
              </div>
              {error("formats")}
            </fieldset>
            <div className="flex flex-wrap gap-2">
              <BusyButton busy={busy} busyLabel="Saving…">
                {schedule ? "Save" : "Mail them on a schedule"}
              </BusyButton>
              {schedule && (
                <button type="button" className={BUTTON} disabled={busy} onClick={() => void stop()}>
                  Stop
                </button>
              )}
            </div>
          </form>
        )}
        {canManage && demo && (
          <p className="text-sm">The shared demo mails nothing: create an account to set this up for your workspace.</p>
        )}
        <FormStatus outcome={outcome} />
      </section>
    </details>
  );
}
