"use client";

import { useState } from "react";
import { MailSchedulePanel, recipientsSentence, useMailSchedule } from "@/components/mail-schedule/mail-schedule";
import { ScheduleTimeFields } from "@/components/mail-schedule/schedule-time-fields";
import { EXPORT_FORMATS, type ExportFormat, formatLabel } from "@/lib/domain/accounting/format-names";
import type { Cadence, ExportScheduleAnswer } from "@/lib/domain/accounting/schedule";
import { ordinalDay } from "@/lib/domain/statements/statement-schedule";
import { formatDateTime } from "@/lib/format/display";
import { fieldClass } from "@/lib/ui/styles";

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
 * A retailer's exports to its books by email: weekly or monthly, which files, to whom (the members with the
 * Accounts role), how the last run went; owners, admins and Accounts set or stop it (`/api/accounting/schedule`).
 */
export function ExportSchedule({ initial, canManage, demo }: ExportScheduleProps) {
  const mail = useMailSchedule(initial, { url: "/api/accounting/schedule", what: "the exports by email" });
  const { id, fields, error, localTime, timeZone } = mail;
  const { schedule, recipients } = mail.answer;
  const [cadence, setCadence] = useState<Cadence>(schedule?.cadence ?? "monthly");
  const [day, setDay] = useState(schedule?.day ?? 1);
  const [formats, setFormats] = useState<ExportFormat[]>(
    schedule?.formats ?? ["qbo-bills", "qbo-vendor-credits", "qbo-payments"],
  );

  const save = () =>
    mail.save(
      { cadence, day, localTime, timeZone, formats },
      (saved) =>
        `Saved: the new bills and payments go ${when(cadence, day, localTime, timeZone)}, next on ${formatDateTime(saved.schedule!.nextRunAt, timeZone)}.`,
    );

  const toggle = (format: ExportFormat, on: boolean) =>
    setFormats((now) =>
      on ? EXPORT_FORMATS.filter((f) => f === format || now.includes(f)) : now.filter((f) => f !== format),
    );

  return (
    <MailSchedulePanel
      className="rounded border border-slate-300 dark:border-slate-700"
      summaryClassName="cursor-pointer px-4 py-3 text-sm"
      title="By email"
      summary={schedule ? when(schedule.cadence, schedule.day, schedule.localTime, schedule.timeZone) : "off"}
      label="Exports by email"
      formLabel="Exports by email"
      stateTestId="export-schedule-state"
      state={
        schedule ? (
          <>
            What is new of the {schedule.cadence === "weekly" ? "week" : "month"} before goes{" "}
            {when(schedule.cadence, schedule.day, schedule.localTime, schedule.timeZone)} as{" "}
            {schedule.formats.map(formatLabel).join(", ")}, next on{" "}
            <time dateTime={schedule.nextRunAt}>{formatDateTime(schedule.nextRunAt, schedule.timeZone)}</time>.{" "}
            {recipientsSentence(recipients)}
          </>
        ) : (
          <>
            Off: nothing is mailed.{" "}
            {canManage
              ? "Mail each week's or month's new bills and payments to the Accounts role, as the files their books import."
              : "Owners, admins and the Accounts role can turn it on."}
          </>
        )
      }
      schedule={schedule}
      lastCounted={schedule && `${schedule.lastRecords} new ${schedule.lastRecords === 1 ? "record" : "records"}`}
      canManage={canManage}
      demo={demo}
      mail={mail}
      stopped="Stopped: nothing is mailed from now on."
      submitLabel={schedule ? "Save" : "Mail them on a schedule"}
      onSave={() => void save()}
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
        <ScheduleTimeFields form={mail} />
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
    </MailSchedulePanel>
  );
}
