"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { BusyButton, FormStatus, type Outcome } from "@/components/account/form-bits";
import { useAction } from "@/components/account/use-action";
import { useTimeZone } from "@/components/shell/providers";
import { formatDateTime } from "@/lib/format/display";
import { send } from "@/lib/session/session-client";
import { describeFailure } from "@/lib/ui/failure";
import {
  ordinalDay,
  PAPER_SIZES,
  type PaperSize,
  type StatementScheduleAnswer,
} from "@/lib/domain/statements/statement-schedule";
import { BUTTON, FIELD_ERROR, fieldClass } from "@/lib/ui/styles";
import { timeZoneChoices } from "@/lib/ui/time-zones";

interface MonthlyStatementsProps {
  initial: StatementScheduleAnswer;
  /** Owners and admins set and stop it; everyone sees it. */
  canManage: boolean;
  /** The shared demo changes nothing everyone shares. */
  demo: boolean;
}

const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/**
 * A retailer's monthly statements by email (issue 31): when they go, on which paper, to whom (the workspace's members
 * with the Accounts role), how the last run went; owners and admins set or stop them (`/api/statements/schedule`).
 */
export function MonthlyStatements({ initial, canManage, demo }: MonthlyStatementsProps) {
  const id = useId();
  const router = useRouter();
  const browserZone = useTimeZone();
  const { busy, run } = useAction();
  const [answer, setAnswer] = useState(initial);
  const { schedule, recipients } = answer;
  const [dayOfMonth, setDayOfMonth] = useState(schedule?.dayOfMonth ?? 1);
  const [localTime, setLocalTime] = useState(schedule?.localTime ?? "07:00");
  const [timeZone, setTimeZone] = useState(schedule?.timeZone ?? browserZone);
  const [paperSize, setPaperSize] = useState<PaperSize>(schedule?.paperSize ?? "Letter");
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
      const result = await send<StatementScheduleAnswer>("PUT", "/api/statements/schedule", {
        dayOfMonth,
        localTime,
        timeZone,
        paperSize,
      });
      if (!result.ok) {
        setFields(result.fields);
        return setOutcome({
          tone: "error",
          text: describeFailure(result.error, { what: "the monthly statements", doing: "save", service: "Backroom" })
            .message,
        });
      }
      setAnswer(result.data);
      setOutcome({
        tone: "ok",
        text: `Saved: statements go on ${ordinalDay(dayOfMonth)} of each month at ${localTime} (${timeZone}), next on ${formatDateTime(result.data.schedule!.nextRunAt, timeZone)}.`,
      });
      router.refresh();
    });

  const stop = () =>
    run(async () => {
      setOutcome(undefined);
      const result = await send<null>("DELETE", "/api/statements/schedule");
      if (!result.ok)
        return setOutcome({
          tone: "error",
          text: describeFailure(result.error, { what: "the monthly statements", doing: "stop", service: "Backroom" })
            .message,
        });
      setAnswer({ ...answer, schedule: null });
      setOutcome({ tone: "ok", text: "Stopped: no statement is mailed from now on." });
      router.refresh();
    });

  const error = (field: string) =>
    fields[field] && (
      <p id={`${id}-${field}-error`} className={FIELD_ERROR}>
        {fields[field]}
      </p>
    );

  // A disclosure above the statement, closed until asked: it never moves what streams in below it.
  return (
    <details className="max-w-3xl rounded border border-slate-300 dark:border-slate-700">
      <summary className="cursor-pointer px-4 py-2 text-sm">
        <span className="font-semibold">Monthly statements by email</span>
        {" · "}
        {schedule ? `on ${ordinalDay(schedule.dayOfMonth)} at ${schedule.localTime} (${schedule.timeZone})` : "off"}
      </summary>
      <section
        aria-label="Monthly statements by email"
        className="space-y-3 border-t border-slate-300 px-4 py-3 dark:border-slate-700"
      >
        <p className="text-sm" data-testid="monthly-statements-state">
          {schedule ? (
            <>
              Each account&apos;s statement goes as a PDF ({schedule.paperSize}) on {ordinalDay(schedule.dayOfMonth)} of
              each month at {schedule.localTime} ({schedule.timeZone}), next on{" "}
              <time dateTime={schedule.nextRunAt}>{formatDateTime(schedule.nextRunAt, schedule.timeZone)}</time>. {who}
            </>
          ) : (
            <>
              Off: no statement is mailed.{" "}
              {canManage
                ? "Set a day to mail each account's statement as a PDF every month."
                : "Owners and admins can turn it on."}
            </>
          )}
        </p>
        {schedule?.lastRunAt && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Last run <time dateTime={schedule.lastRunAt}>{formatDateTime(schedule.lastRunAt, schedule.timeZone)}</time>:{" "}
            {schedule.lastError ??
              `${schedule.lastAccounts} ${schedule.lastAccounts === 1 ? "statement" : "statements"} to ${schedule.lastMailed} ${schedule.lastMailed === 1 ? "member" : "members"}.`}
          </p>
        )}
        {canManage && !demo && (
          <form
            aria-label="Monthly statements"
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
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
            <div className="flex flex-wrap gap-2">
              <BusyButton busy={busy} busyLabel="Saving…">
                {schedule ? "Save" : "Mail statements monthly"}
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
