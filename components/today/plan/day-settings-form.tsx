"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BusyButton, FormStatus, type Outcome, TextField } from "@/components/account/form-bits";
import { useAction } from "@/components/account/use-action";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import { DAY_LIMITS } from "@/lib/domain/today/plan/day-budget";
import type { RepDaySettings } from "@/lib/domain/today/plan/plan-json";
import { backroomJson } from "@/lib/ui/backroom-json";
import { useOnline } from "@/lib/ui/offline/use-online";
import { daySettingsQueryOptions } from "@/lib/ui/today/plan-query";

/** The day's lengths a member picks from, in half hours. */
const HOURS = Array.from(
  { length: (DAY_LIMITS.hours.max - DAY_LIMITS.hours.min) * 2 + 1 },
  (_, i) => DAY_LIMITS.hours.min + i / 2,
);

const SELECT = "mt-1 block min-h-11 rounded border border-slate-400 bg-white px-2 dark:bg-slate-900";

/**
 * The member's working day for the plan (`PUT /api/today/plan/settings`): where it starts (an address or a postal
 * code; empty for the phone's position or the warehouse), whether it ends at the last stop, the day's length and a
 * visit's. Saving replaces the whole (a second click sends nothing: `useAction`), then the plan is asked again.
 */
export function DaySettingsForm() {
  const settings = useQuery(daySettingsQueryOptions());
  const online = useOnline();
  // Offline (or unread) the plan kept with the week stands alone: the settings are changed online.
  if (!settings.data)
    return online && !settings.error ? <span className="skeleton block h-11 w-full max-w-xl" /> : null;
  return <DayForm kept={settings.data} />;
}

function DayForm({ kept }: { kept: RepDaySettings }) {
  const client = useQueryClient();
  const { busy, run } = useAction();
  const [outcome, setOutcome] = useState<Outcome>();
  const [startError, setStartError] = useState<string>();
  const save = async (form: FormData) => {
    setStartError(undefined);
    const start = String(form.get("start") ?? "").trim();
    const body = {
      start: start || null,
      endAtLastStop: form.get("endAtLastStop") === "on",
      dayMinutes: Math.round(Number(form.get("dayHours")) * 60),
      visitMinutes: Number(form.get("visitMinutes")),
    };
    try {
      const saved = await backroomJson<RepDaySettings>("PUT", "/api/today/plan/settings", { body });
      client.setQueryData(daySettingsQueryOptions().queryKey, saved);
      await client.invalidateQueries({ queryKey: ["backroom", "today-plan"] });
      setOutcome({ tone: "ok", text: "Your day is saved: the plan fits it." });
    } catch (error) {
      const field = isDataApiError(error) ? error.fieldErrors.find((f) => f.field === "start") : undefined;
      if (field) setStartError(field.detail);
      else setOutcome({ tone: "error", text: isDataApiError(error) ? error.detail : "Your day could not be saved." });
    }
  };
  const summary = `${kept.start ? `From ${kept.start.text}` : "No start of yours"} · ${kept.dayMinutes / 60} h · ${kept.visitMinutes} min a visit${kept.endAtLastStop ? " · ends at the last stop" : ""}`;
  return (
    <details className="max-w-xl rounded border border-slate-300 px-3 dark:border-slate-700">
      <summary className="flex min-h-11 cursor-pointer items-center text-sm">
        <span>
          <strong>Your day</strong>: {summary}
        </span>
      </summary>
      <form
        className="space-y-3 pb-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          void run(() => save(form));
        }}
      >
        <TextField
          label="Start"
          name="start"
          defaultValue={kept.start?.text ?? ""}
          hint="An address or a postal code. Empty: your phone's location when you ask for it, else the warehouse."
          error={startError}
          autoComplete="postal-code"
        />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="endAtLastStop" defaultChecked={kept.endAtLastStop} className="size-5" />
          End at the last stop (not back at the start)
        </label>
        <div className="flex flex-wrap gap-4">
          <label className="text-sm font-semibold">
            Working day
            <select name="dayHours" defaultValue={String(kept.dayMinutes / 60)} className={SELECT}>
              {HOURS.map((h) => (
                <option key={h} value={String(h)}>
                  {h} h
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold">
            Minutes a visit
            <input
              type="number"
              name="visitMinutes"
              min={DAY_LIMITS.visitMinutes.min}
              max={DAY_LIMITS.visitMinutes.max}
              defaultValue={kept.visitMinutes}
              className={`${SELECT} w-24`}
              required
            />
          </label>
        </div>
        <BusyButton busy={busy} busyLabel="Saving…">
          Save my day
        </BusyButton>
        <FormStatus outcome={outcome} focus={false} />
      </form>
    </details>
  );
}
