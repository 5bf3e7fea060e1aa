"use client";

import type { ReactNode } from "react";
import { fieldClass } from "@/lib/ui/styles";
import { timeZoneChoices } from "@/lib/ui/time-zones";

/** A schedule form's time of day and time zone, and what it knows of the fields (`useMailSchedule` answers one). */
export interface ScheduleTimeForm {
  /** The form's id: the fields are `${id}-time` and `${id}-zone`. */
  id: string;
  /** "HH:MM", in `timeZone`. */
  localTime: string;
  timeZone: string;
  setLocalTime(localTime: string): void;
  setTimeZone(timeZone: string): void;
  /** The fields the last refusal concerns, by name (`localTime`, `timeZone`), and a field's error as a paragraph. */
  fields: Record<string, string>;
  error(field: string): ReactNode;
}

/**
 * A schedule's time of day and its time zone (the zones offered: `timeZoneChoices`), each described by its error.
 * A module of its own, with nothing of the mail panel: the saved views' schedule form takes it too.
 *
 * @example
 * <ScheduleTimeFields form={{ id, localTime, timeZone, setLocalTime, setTimeZone, fields, error }} />
 */
export function ScheduleTimeFields({ form }: { form: ScheduleTimeForm }) {
  const { id, localTime, timeZone, setLocalTime, setTimeZone, fields, error } = form;
  return (
    <>
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
    </>
  );
}
