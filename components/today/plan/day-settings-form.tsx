"use client";

import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { BusyButton, FormStatus, TextField } from "@/components/account/form-bits";
import { useAction } from "@/components/account/use-action";
import { DAY_LIMITS } from "@/lib/domain/today/plan/day-budget";
import type { RepDaySettings } from "@/lib/domain/today/plan/plan-json";
import { backroomJson } from "@/lib/ui/backroom-json";
import { useOnline } from "@/lib/ui/offline/use-online";
import { FIELD_ERROR } from "@/lib/ui/styles";
import { dayBody, type DayProblems, dayProblems } from "@/lib/ui/today/day-settings";
import { daySettingsQueryOptions } from "@/lib/ui/today/plan-query";

/** The day's lengths a member picks from, in half hours. */
const HOURS = Array.from(
  { length: (DAY_LIMITS.hours.max - DAY_LIMITS.hours.min) * 2 + 1 },
  (_, i) => DAY_LIMITS.hours.min + i / 2,
);

const select = (invalid: boolean) =>
  `mt-1 block min-h-11 rounded border bg-white px-2 dark:bg-slate-900 ${invalid ? "border-red-700 dark:border-red-400" : "border-slate-400"}`;

/**
 * The member's working day for the plan (`PUT /api/today/plan/settings`): where it starts (an address or a postal
 * code; empty for the phone's position or the warehouse), whether it ends at the last stop, the day's length and a
 * visit's. Saving replaces the whole (a second click sends nothing: `useAction`), then the plan is asked again. On the
 * plan page it is folded under its summary; on /account (`open`) it is drawn whole. Both read and write the one query.
 */
export function DaySettingsForm({ open = false }: { open?: boolean }) {
  const settings = useQuery(daySettingsQueryOptions());
  const online = useOnline();
  // Offline (or unread) the plan kept with the week stands alone: the settings are changed online.
  if (!settings.data) {
    if (online && !settings.error) return <span className="skeleton block h-11 w-full max-w-xl" />;
    return open ? (
      <p className="text-sm">
        {online ? "Your day could not be read: reload the page to try again." : "Your day is changed online."}
      </p>
    ) : null;
  }
  return <DayForm kept={settings.data} open={open} />;
}

/**
 * The form on a page outside the dashboard (/account), which has no query cache of its own: the same form and query,
 * in a cache of its own. Loaded lazily there: the page's first load does not carry the query library.
 */
export function DaySettingsOnAccount() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <QueryClientProvider client={client}>
      <DaySettingsForm open />
    </QueryClientProvider>
  );
}

function DayForm({ kept, open }: { kept: RepDaySettings; open: boolean }) {
  const client = useQueryClient();
  const id = useId();
  const { busy, run } = useAction();
  const [problems, setProblems] = useState<DayProblems>({});
  const [saved, setSaved] = useState(false);
  const save = async (form: FormData) => {
    setProblems({});
    setSaved(false);
    try {
      const answer = await backroomJson<RepDaySettings>("PUT", "/api/today/plan/settings", { body: dayBody(form) });
      client.setQueryData(daySettingsQueryOptions().queryKey, answer);
      await client.invalidateQueries({ queryKey: ["backroom", "today-plan"] });
      setSaved(true);
    } catch (error) {
      setProblems(dayProblems(error));
    }
  };
  const fieldError = (field: "dayHours" | "visitMinutes") =>
    problems[field] && (
      <span id={`${id}-${field}-error`} className={`block ${FIELD_ERROR}`}>
        {problems[field]}
      </span>
    );
  const invalid = (field: "dayHours" | "visitMinutes") =>
    problems[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {};
  const summary = `${kept.start ? `From ${kept.start.text}` : "No start of yours"} · ${kept.dayMinutes / 60} h · ${kept.visitMinutes} min a visit${kept.endAtLastStop ? " · ends at the last stop" : ""}`;
  const outcome = problems.form
    ? { tone: "error" as const, text: problems.form }
    : saved
      ? { tone: "ok" as const, text: "Your day is saved: the plan fits it." }
      : undefined;
  const form = (
    <form
      noValidate
      aria-label="Your day"
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
        error={problems.start}
        autoComplete="postal-code"
      />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name="endAtLastStop" defaultChecked={kept.endAtLastStop} className="size-5" />
        End at the last stop (not back at the start)
      </label>
      <div className="flex flex-wrap gap-4">
        <div>
          <label className="text-sm font-semibold">
            Working day
            <select
              name="dayHours"
              defaultValue={String(kept.dayMinutes / 60)}
              className={select(Boolean(problems.dayHours))}
              {...invalid("dayHours")}
            >
              {HOURS.map((h) => (
                <option key={h} value={String(h)}>
                  {h} h
                </option>
              ))}
            </select>
          </label>
          {fieldError("dayHours")}
        </div>
        <div>
          <label className="text-sm font-semibold">
            Minutes a visit
            <input
              type="number"
              name="visitMinutes"
              inputMode="numeric"
              min={DAY_LIMITS.visitMinutes.min}
              max={DAY_LIMITS.visitMinutes.max}
              defaultValue={kept.visitMinutes}
              className={`${select(Boolean(problems.visitMinutes))} w-24`}
              {...invalid("visitMinutes")}
            />
          </label>
          {fieldError("visitMinutes")}
        </div>
      </div>
      <BusyButton busy={busy} busyLabel="Saving…">
        Save my day
      </BusyButton>
      <FormStatus outcome={outcome} focus={false} />
    </form>
  );
  if (open)
    return (
      <div className="max-w-xl space-y-3">
        <p className="text-sm" data-testid="day-summary">
          <strong>Now</strong>: {summary}
        </p>
        {form}
      </div>
    );
  return (
    <details className="max-w-xl rounded border border-slate-300 px-3 dark:border-slate-700">
      <summary className="flex min-h-11 cursor-pointer items-center text-sm">
        <span>
          <strong>Your day</strong>: {summary}
        </span>
      </summary>
      {form}
    </details>
  );
}
