"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { MailSchedulePanel, recipientsSentence, useMailSchedule } from "@/components/mail-schedule/mail-schedule";
import { ScheduleTimeFields } from "@/components/mail-schedule/schedule-time-fields";
import { formatDateTime } from "@/lib/format/display";
import {
  ordinalDay,
  PAPER_SIZES,
  type PaperSize,
  type StatementScheduleAnswer,
} from "@/lib/domain/statements/statement-schedule";
import { fieldClass } from "@/lib/ui/styles";

interface MonthlyStatementsProps {
  initial: StatementScheduleAnswer;
  /** Owners and admins set and stop it; everyone sees it. */
  canManage: boolean;
  /** The shared demo changes nothing everyone shares. */
  demo: boolean;
}

const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/**
 * A retailer's monthly statements by email: when they go, on which paper, to whom (the workspace's members
 * with the Accounts role), how the last run went; owners and admins set or stop them (`/api/statements/schedule`).
 */
export function MonthlyStatements({ initial, canManage, demo }: MonthlyStatementsProps) {
  const router = useRouter();
  const mail = useMailSchedule(initial, {
    url: "/api/statements/schedule",
    what: "the monthly statements",
    after: () => router.refresh(),
  });
  const { id, fields, error, localTime, timeZone } = mail;
  const { schedule, recipients } = mail.answer;
  const [dayOfMonth, setDayOfMonth] = useState(schedule?.dayOfMonth ?? 1);
  const [paperSize, setPaperSize] = useState<PaperSize>(schedule?.paperSize ?? "Letter");

  const save = () =>
    mail.save(
      { dayOfMonth, localTime, timeZone, paperSize },
      (saved) =>
        `Saved: statements go on ${ordinalDay(dayOfMonth)} of each month at ${localTime} (${timeZone}), next on ${formatDateTime(saved.schedule!.nextRunAt, timeZone)}.`,
    );

  // A disclosure above the statement, closed until asked: it never moves what streams in below it.
  return (
    <MailSchedulePanel
      className="max-w-3xl rounded border border-slate-300 dark:border-slate-700"
      summaryClassName="cursor-pointer px-4 py-2 text-sm"
      title="Monthly statements by email"
      summary={
        schedule ? `on ${ordinalDay(schedule.dayOfMonth)} at ${schedule.localTime} (${schedule.timeZone})` : "off"
      }
      label="Monthly statements by email"
      formLabel="Monthly statements"
      stateTestId="monthly-statements-state"
      state={
        schedule ? (
          <>
            Each account&apos;s statement goes as a PDF ({schedule.paperSize}) on {ordinalDay(schedule.dayOfMonth)} of
            each month at {schedule.localTime} ({schedule.timeZone}), next on{" "}
            <time dateTime={schedule.nextRunAt}>{formatDateTime(schedule.nextRunAt, schedule.timeZone)}</time>.{" "}
            {recipientsSentence(recipients)}
          </>
        ) : (
          <>
            Off: no statement is mailed.{" "}
            {canManage
              ? "Set a day to mail each account's statement as a PDF every month."
              : "Owners and admins can turn it on."}
          </>
        )
      }
      schedule={schedule}
      lastCounted={schedule && `${schedule.lastAccounts} ${schedule.lastAccounts === 1 ? "statement" : "statements"}`}
      canManage={canManage}
      demo={demo}
      mail={mail}
      stopped="Stopped: no statement is mailed from now on."
      submitLabel={schedule ? "Save" : "Mail statements monthly"}
      onSave={() => void save()}
    >
      <div className="flex flex-wrap items-start gap-3">
        <div>
          <label htmlFor={`${id}-day`} className="block text-xs font-medium">
            Day of the month
          </label>
          <select
            id={`${id}-day`}
            value={dayOfMonth}
            onChange={(e) => setDayOfMonth(Number(e.target.value))}
            aria-describedby={fields.dayOfMonth ? `${id}-dayOfMonth-error` : undefined}
            className={fieldClass(Boolean(fields.dayOfMonth))}
          >
            {DAYS.map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
          {error("dayOfMonth")}
        </div>
        <ScheduleTimeFields form={mail} />
        <div>
          <label htmlFor={`${id}-paper`} className="block text-xs font-medium">
            Paper
          </label>
          <select
            id={`${id}-paper`}
            value={paperSize}
            onChange={(e) => setPaperSize(e.target.value as PaperSize)}
            className={fieldClass(false)}
          >
            {PAPER_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>
    </MailSchedulePanel>
  );
}
