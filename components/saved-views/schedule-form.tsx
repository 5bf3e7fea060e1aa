"use client";

import { useEffect, useId, useRef, useState } from "react";
import { BusyButton } from "@/components/account/form-bits";
import { ScheduleTimeFields } from "@/components/mail-schedule/schedule-time-fields";
import type { MemberRow } from "@/lib/session/members-view";
import type { ScheduleInput, ScheduleJson } from "@/lib/session/saved-views-view";
import { FREQUENCIES, WEEKDAYS } from "@/lib/session/schedule-values";
import { BUTTON, FIELD_ERROR, fieldClass } from "@/lib/ui/styles";

interface ScheduleFormProps {
  viewName: string;
  /** The schedule as it stands, or null for a new one. */
  current: ScheduleJson | null;
  /** The members who may be chosen (everyone for owners and admins; the person alone otherwise). */
  members: Pick<MemberRow, "userId" | "name" | "email">[];
  /** The person's own user id: the first recipient of a new schedule. */
  me: string;
  /** The browser's time zone: a new schedule's. */
  timeZone: string;
  busy: boolean;
  /** Field errors of the last attempt, by field. */
  errors: Record<string, string>;
  onSubmit: (input: ScheduleInput) => void;
  onCancel: () => void;
}

/**
 * When and to whom a view's CSV is mailed: daily or weekly (with its day), a time of day in a time zone, and the
 * members to mail. The focus starts on the first field; Escape or Cancel close the form.
 */
export function ScheduleForm({
  viewName,
  current,
  members,
  me,
  timeZone,
  busy,
  errors,
  onSubmit,
  onCancel,
}: ScheduleFormProps) {
  const id = useId();
  const first = useRef<HTMLSelectElement>(null);
  const [frequency, setFrequency] = useState<ScheduleInput["frequency"]>(current?.frequency ?? "daily");
  const [weekday, setWeekday] = useState(current?.weekday ?? 1);
  const [localTime, setLocalTime] = useState(current?.localTime ?? "07:00");
  const [zone, setZone] = useState(current?.timeZone ?? timeZone);
  const [recipients, setRecipients] = useState<string[]>(current?.recipients ?? [me]);
  useEffect(() => first.current?.focus(), []);

  const error = (field: string) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className={FIELD_ERROR}>
        {errors[field]}
      </p>
    );
  const described = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form
      aria-label={`Schedule “${viewName}”`}
      className="mt-3 space-y-3 rounded border border-slate-300 p-3 dark:border-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({
          frequency,
          weekday: frequency === "weekly" ? weekday : null,
          localTime,
          timeZone: zone,
          recipients,
        });
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") onCancel();
      }}
    >
      <div className="flex flex-wrap items-start gap-3">
        <div>
          <label htmlFor={`${id}-frequency`} className="block text-xs font-medium">
            Frequency
          </label>
          <select
            ref={first}
            id={`${id}-frequency`}
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as ScheduleInput["frequency"])}
            className={fieldClass(false)}
          >
            {FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {f === "daily" ? "Daily" : "Weekly"}
              </option>
            ))}
          </select>
        </div>
        {frequency === "weekly" && (
          <div>
            <label htmlFor={`${id}-weekday`} className="block text-xs font-medium">
              Day
            </label>
            <select
              id={`${id}-weekday`}
              value={weekday}
              onChange={(e) => setWeekday(Number(e.target.value))}
              aria-describedby={described("weekday")}
              className={fieldClass(Boolean(errors.weekday))}
            >
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={index + 1}>
                  {day}
                </option>
              ))}
            </select>
            {error("weekday")}
          </div>
        )}
        <ScheduleTimeFields
          form={{ id, localTime, timeZone: zone, setLocalTime, setTimeZone: setZone, fields: errors, error }}
        />
      </div>
      <fieldset aria-describedby={described("recipients")}>
        <legend className="text-xs font-medium">Mail the CSV to</legend>
        <ul className="mt-1 grid gap-1 sm:grid-cols-2">
          {members.map((m) => (
            <li key={m.userId}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={recipients.includes(m.userId)}
                  onChange={(e) =>
                    setRecipients((r) => (e.target.checked ? [...r, m.userId] : r.filter((x) => x !== m.userId)))
                  }
                  className="h-4 w-4 accent-sky-800 dark:accent-sky-300"
                />
                <span>
                  {m.name} <span className="text-slate-700 dark:text-slate-300">({m.email})</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {error("recipients")}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <BusyButton busy={busy} busyLabel="Saving…">
          Save schedule
        </BusyButton>
        <button type="button" className={BUTTON} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
