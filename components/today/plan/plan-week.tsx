"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { RequestError } from "@/components/table/request-error";
import { planHref } from "@/lib/domain/today/plan/plan-href";
import type { TodayPlan } from "@/lib/domain/today/plan/plan-json";
import { dayLabel, WEEKDAY_NAMES } from "@/lib/domain/today/plan/week-areas";
import { isoWeekday } from "@/lib/format/days";
import { planWeekQueryOptions } from "@/lib/ui/today/plan-query";
import { hours } from "./hours";

interface PlanWeekViewProps {
  repId: number;
  /** The week's Monday, YYYY-MM-DD. */
  monday: string;
  /** Whether the rep is the person's own (the links then name no rep). */
  ownRep: boolean;
}

/**
 * A rep's week by areas (`GET /api/today/plan/week`): Monday to Friday, each day's area (its main towns and how many
 * accounts), its plan's stops, drive (km and time) and total time against the day, and a link to that day's plan. On
 * a phone a list of five cards; at desk width a row of five.
 */
export function PlanWeekView({ repId, monday, ownRep }: PlanWeekViewProps) {
  const answer = useQuery(planWeekQueryOptions({ rep: repId, weekOf: monday }));
  if (answer.error && !answer.data)
    return <RequestError error={answer.error} onRetry={() => void answer.refetch()} what="the week" />;
  if (!answer.data) return <PlanWeekSkeleton />;
  return (
    <ol className="grid gap-3 lg:grid-cols-5" aria-label="The week's days">
      {answer.data.days.map((day) => (
        <DayCard key={day.date} day={day} rep={ownRep ? undefined : repId} />
      ))}
    </ol>
  );
}

function DayCard({ day, rep }: { day: TodayPlan; rep: number | undefined }) {
  const over = day.day.totalMinutes > day.day.limitMinutes;
  return (
    <li
      className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      data-testid="week-day"
      data-date={day.date}
    >
      <h2 className="text-base font-semibold">{dayLabel(day.date)}</h2>
      <p className="[overflow-wrap:anywhere]">
        Area: <strong>{day.area?.name || "none"}</strong>
        {day.area && ` (${day.area.accounts} accounts)`}
      </p>
      <p>
        <strong>{day.stops.length}</strong> {day.stops.length === 1 ? "stop" : "stops"} ·{" "}
        <span className="tabular-nums">{day.totalKm.toFixed(1)} km</span> ({hours(day.day.driveMinutes)} driving)
      </p>
      <p>
        <strong className={over ? "text-red-800 dark:text-red-300" : undefined}>{hours(day.day.totalMinutes)}</strong>{" "}
        of {hours(day.day.limitMinutes)}
        {day.notToday.length > 0 && ` · ${day.notToday.length} not today`}
      </p>
      <Link
        href={planHref.day({ rep, date: day.date })}
        className="link inline-flex min-h-11 items-center font-semibold"
      >
        Open {WEEKDAY_NAMES[isoWeekday(day.date) - 1]}&apos;s plan
      </Link>
    </li>
  );
}

/** The week's place while it comes: five cards as tall as they will be. */
export function PlanWeekSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the week" className="grid gap-3 lg:grid-cols-5">
      {[0, 1, 2, 3, 4].map((i) => (
        <span key={i} className="skeleton block h-36 w-full" />
      ))}
    </div>
  );
}
