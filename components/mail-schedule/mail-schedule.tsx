"use client";

import { type ReactNode, useId, useState } from "react";
import { BusyButton, FormStatus, type Outcome } from "@/components/account/form-bits";
import { useAction } from "@/components/account/use-action";
import { useTimeZone } from "@/components/shell/providers";
import { formatDateTime } from "@/lib/format/display";
import { send } from "@/lib/session/session-client";
import { describeFailure } from "@/lib/ui/failure";
import { BUTTON, FIELD_ERROR } from "@/lib/ui/styles";

/**
 * A key's schedule of mail to the workspace's members with the Accounts role (the monthly statements, the exports to
 * the books), as a panel: its state, how its last run went, and for those who manage it a form to set or stop it,
 * written once. A feature gives its own fields (with `ScheduleTimeFields`, ./schedule-time-fields.tsx), its sentences
 * and its endpoint.
 *
 * @example
 * const mail = useMailSchedule(initial, { url: "/api/statements/schedule", what: "the monthly statements" });
 * <MailSchedulePanel {...texts} schedule={mail.answer.schedule} mail={mail} onSave={() => void mail.save(body, saved)}>
 *   <ScheduleTimeFields form={mail} />
 * </MailSchedulePanel>
 */

/** When a schedule runs in the day: "HH:MM" in its time zone. */
interface ScheduleTime {
  localTime: string;
  timeZone: string;
}

/** What a schedule's endpoint answers: the schedule (null when off) and whom it mails. */
export interface MailScheduleAnswer<S extends ScheduleTime, R extends { name: string }> {
  schedule: S | null;
  recipients: R[];
}

/** Whom a run mails, in words (or why nobody). */
export function recipientsSentence(recipients: readonly { name: string }[]): string {
  return recipients.length === 0
    ? "No member has the Accounts role: a run would mail nobody. An owner or admin gives the role under Members."
    : `To ${recipients.length === 1 ? "the member" : `the ${recipients.length} members`} with the Accounts role: ${recipients.map((r) => r.name).join(", ")}.`;
}

/**
 * The schedule's answer, its time of day and zone as the form has them (07:00 in the browser's zone for a new one), and
 * saving and stopping it at `url` (PUT and DELETE): one at a time, the outcome in words (`what` names it in a failure),
 * the fields a refusal concerns, and `after` each change that went through.
 */
export function useMailSchedule<S extends ScheduleTime, R extends { name: string }>(
  initial: MailScheduleAnswer<S, R>,
  { url, what, after }: { url: string; what: string; after?: () => void },
) {
  const id = useId();
  const { busy, run } = useAction();
  const browserZone = useTimeZone();
  const [answer, setAnswer] = useState(initial);
  const [localTime, setLocalTime] = useState(initial.schedule?.localTime ?? "07:00");
  const [timeZone, setTimeZone] = useState(initial.schedule?.timeZone ?? browserZone);
  const [outcome, setOutcome] = useState<Outcome>();
  const [fields, setFields] = useState<Record<string, string>>({});

  /** Saves `body`; `saved` words the outcome from the new answer. */
  const save = (body: unknown, saved: (answer: MailScheduleAnswer<S, R>) => string) =>
    run(async () => {
      setOutcome(undefined);
      setFields({});
      const result = await send<MailScheduleAnswer<S, R>>("PUT", url, body);
      if (!result.ok) {
        setFields(result.fields);
        return setOutcome({
          tone: "error",
          text: describeFailure(result.error, { what, doing: "save", service: "Backroom" }).message,
        });
      }
      setAnswer(result.data);
      setOutcome({ tone: "ok", text: saved(result.data) });
      after?.();
    });

  /** Stops the schedule; `stopped` is the outcome in words. */
  const stop = (stopped: string) =>
    run(async () => {
      setOutcome(undefined);
      const result = await send<null>("DELETE", url);
      if (!result.ok)
        return setOutcome({
          tone: "error",
          text: describeFailure(result.error, { what, doing: "stop", service: "Backroom" }).message,
        });
      setAnswer({ ...answer, schedule: null });
      setOutcome({ tone: "ok", text: stopped });
      after?.();
    });

  /** A field's error from the last refusal, `${id}-${field}-error` for its `aria-describedby`. */
  const error = (field: string) =>
    fields[field] && (
      <p id={`${id}-${field}-error`} className={FIELD_ERROR}>
        {fields[field]}
      </p>
    );

  return { id, answer, localTime, setLocalTime, timeZone, setTimeZone, busy, outcome, fields, error, save, stop };
}

/** How a schedule's last run went, as both schedules' JSON has it. */
interface LastRun {
  lastRunAt: string | null;
  lastError: string | null;
  lastMailed: number | null;
  timeZone: string;
}

interface MailSchedulePanelProps {
  /** The disclosure's classes, and its summary's. */
  className: string;
  summaryClassName: string;
  /** The summary's name, and the schedule in a few words (or "off"). */
  title: string;
  summary: string;
  /** The panel's accessible name, and the form's. */
  label: string;
  formLabel: string;
  /** The state paragraph's test id, and what it says. */
  stateTestId: string;
  state: ReactNode;
  /** The schedule (null when off): its last run, if any, is told with `lastCounted` ("3 statements"). */
  schedule: LastRun | null;
  lastCounted: string | null;
  canManage: boolean;
  demo: boolean;
  /** The schedule's `useMailSchedule`: busy, its outcome, and stopping it (`stopped`: the outcome in words). */
  mail: { busy: boolean; outcome: Outcome | undefined; stop(stopped: string): Promise<void> };
  stopped: string;
  /** The submit button's words, and saving. */
  submitLabel: string;
  onSave(): void;
  /** The form's fields. */
  children: ReactNode;
}

/** The schedule's disclosure: its state, its last run, the form (those who manage it, but in the demo), the outcome. */
export function MailSchedulePanel({
  className,
  summaryClassName,
  title,
  summary,
  label,
  formLabel,
  stateTestId,
  state,
  schedule,
  lastCounted,
  canManage,
  demo,
  mail: { busy, outcome, stop },
  stopped,
  submitLabel,
  onSave,
  children,
}: MailSchedulePanelProps) {
  return (
    <details className={className}>
      <summary className={summaryClassName}>
        <span className="font-semibold">{title}</span>
        {" · "}
        {summary}
      </summary>
      <section aria-label={label} className="space-y-3 border-t border-slate-300 px-4 py-3 dark:border-slate-700">
        <p className="text-sm" data-testid={stateTestId}>
          {state}
        </p>
        {schedule?.lastRunAt && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Last run <time dateTime={schedule.lastRunAt}>{formatDateTime(schedule.lastRunAt, schedule.timeZone)}</time>:{" "}
            {schedule.lastError ??
              `${lastCounted} to ${schedule.lastMailed} ${schedule.lastMailed === 1 ? "member" : "members"}.`}
          </p>
        )}
        {canManage && !demo && (
          <form
            aria-label={formLabel}
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              onSave();
            }}
          >
            {children}
            <div className="flex flex-wrap gap-2">
              <BusyButton busy={busy} busyLabel="Saving…">
                {submitLabel}
              </BusyButton>
              {schedule && (
                <button type="button" className={BUTTON} disabled={busy} onClick={() => void stop(stopped)}>
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
