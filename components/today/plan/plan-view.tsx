"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { FormStatus, type Outcome } from "@/components/account/form-bits";
import { VisitedButton } from "@/components/customers/visited-button";
import { RequestError } from "@/components/table/request-error";
import { pageHref, pageRead } from "@/lib/domain/page-href";
import { planHref } from "@/lib/domain/today/plan/plan-href";
import type { PlanStop, TodayPlan } from "@/lib/domain/today/plan/plan-json";
import type { PlaceSource, Point } from "@/lib/domain/today/plan/geo";
import { PLAN_STOPS } from "@/lib/domain/today/plan/reasons";
import { dayLabel, WEEKDAY_NAMES } from "@/lib/domain/today/plan/week-areas";
import { isoWeekday } from "@/lib/format/days";
import { phonePlace } from "@/lib/ui/today/phone-place";
import { planQueryOptions } from "@/lib/ui/today/plan-query";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";
import { useTimeZone } from "@/components/shell/providers";
import { useOnline } from "@/lib/ui/offline/use-online";
import { useWeek } from "@/lib/ui/offline/use-week";
import { OfflineLine } from "../offline-line";
import { DaySettingsForm } from "./day-settings-form";
import { hours } from "./hours";
import { PlanMap } from "./plan-map";

interface PlanViewProps {
  repId: number;
  /** The rep's day, YYYY-MM-DD, on the person's clock. */
  date: string;
}

const ids = (text: string | null) =>
  (text ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/** How a stop was placed, in words, where the rep should know it: a postal code's place goes without saying. */
const PLACED_BY: Record<PlaceSource, string | undefined> = {
  visit: "placed where it was visited",
  "postal-code": undefined,
  "postal-prefix": "placed by its postal area",
  city: "placed by its city",
};

/** Whether this is an iPhone or iPad (an iPad says it is a Mac, with a touch screen): Apple Maps is offered there. */
const onIos = () =>
  typeof navigator !== "undefined" &&
  (/iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1));

/**
 * A rep's plan of the day (`GET /api/today/plan`): the stops that fit the member's working day, each with its
 * reasons, in driving order from the start with each leg, the day's drive and visits against its length; "Open in
 * Maps" with every stop in order; a small map; "Visited" on each stop; the rep's choices (how many stops at most, one
 * out, another in) kept in the page's address; "Not today" below, each with its distance and "Add". "From my
 * location" asks the plan again from the phone's position (to about 100 m; not kept).
 */
export function PlanView({ repId, date }: PlanViewProps) {
  const params = useSearchParams();
  const router = useRouter();
  const timeZone = useTimeZone();
  const online = useOnline();
  // Offline, the plan kept with the week ("Save for offline" on Today): the one of the day it was saved.
  const { week } = useWeek(repId);
  const stopsParam = Number(params.get("stops"));
  const ask = {
    rep: repId,
    date: !online && week ? week.day : date,
    stops:
      Number.isInteger(stopsParam) && stopsParam >= PLAN_STOPS.min ? Math.min(stopsParam, PLAN_STOPS.max) : undefined,
    add: ids(params.get("add")),
    remove: ids(params.get("remove")),
  };
  const [device, setDevice] = useState<Point | "asking" | "refused">();
  const answer = useQuery(planQueryOptions({ ...ask, from: typeof device === "object" ? device : undefined }));
  const [outcome, setOutcome] = useState<Outcome>();
  const plan = answer.data;

  const change = (next: { stops?: number; add?: number[]; remove?: number[] }) => {
    const q = new URLSearchParams(params);
    const set = (name: string, value: string | undefined) => (value ? q.set(name, value) : q.delete(name));
    if (next.stops !== undefined) set("stops", String(next.stops));
    if (next.add) set("add", next.add.join(","));
    if (next.remove) set("remove", next.remove.join(","));
    router.replace(`?${q.toString()}`, { scroll: false });
  };
  const removeStop = (id: number) =>
    change({ remove: [...new Set([...ask.remove, id])], add: ask.add.filter((a) => a !== id) });
  const addStop = (id: number) =>
    change({ add: [...new Set([...ask.add, id])], remove: ask.remove.filter((r) => r !== id) });
  const locate = async () => {
    setDevice("asking");
    setDevice((await phonePlace()) ?? "refused");
  };

  if (answer.error && !plan)
    return <RequestError error={answer.error} onRetry={() => void answer.refetch()} what="the plan" />;
  if (!plan && !online)
    return (
      <div className="space-y-2">
        <OfflineLine timeZone={timeZone} />
        <p className="max-w-3xl">
          This route is not kept on this device. &ldquo;Save for offline&rdquo; on Today keeps the day&apos;s proposed
          route;{" "}
          <Link href={pageHref.todayPlan(pageRead.today(params))} className="link">
            open it
          </Link>
          .
        </p>
      </div>
    );
  if (!plan) return <PlanSkeleton />;
  const links = plan.directions;
  return (
    <div className="space-y-4">
      <OfflineLine asOf={plan.readAt} timeZone={timeZone} />
      <p className="text-sm" data-testid="plan-summary">
        <strong>{plan.stops.length}</strong> {plan.stops.length === 1 ? "stop" : "stops"} ·{" "}
        <strong className="tabular-nums">{plan.totalKm.toFixed(1)} km</strong> in straight lines from{" "}
        {startWords(plan.start)}
        {plan.end?.kind === "start" ? " and back" : ", ending at the last stop"}, of {plan.accounts} accounts.
      </p>
      <DayLine day={plan.day} />
      <AreaLine plan={plan} />
      <div className="flex flex-wrap items-end gap-2">
        {links.google.map((href, i) => (
          <a
            key={href}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className={`${PRIMARY} inline-flex min-h-11 items-center`}
          >
            {links.google.length > 1 ? `Open in Maps (part ${i + 1} of ${links.google.length})` : "Open in Maps"}
          </a>
        ))}
        {links.apple && onIos() && (
          <a
            href={links.apple}
            target="_blank"
            rel="noopener noreferrer"
            className={`${BUTTON} inline-flex min-h-11 items-center`}
          >
            Apple Maps
          </a>
        )}
        <button
          type="button"
          onClick={() => void locate()}
          className={`${BUTTON} min-h-11`}
          aria-disabled={device === "asking"}
        >
          {device === "asking" ? "Finding you…" : "From my location"}
        </button>
        <label className="text-sm font-semibold">
          Stops
          <select
            value={ask.stops ?? PLAN_STOPS.default}
            onChange={(e) => change({ stops: Number(e.target.value) })}
            className="mt-1 block min-h-11 rounded border border-slate-400 bg-white px-2 dark:bg-slate-900"
          >
            {Array.from({ length: PLAN_STOPS.max }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      {device === "refused" && (
        <p className="text-sm" role="status">
          Your location is not available (not allowed, or no fix): the route starts {startWords(plan.start)}.
        </p>
      )}
      <DaySettingsForm />
      <FormStatus outcome={outcome} focus={false} />
      <PlanMap
        start={plan.start}
        loop={plan.end?.kind === "start"}
        stops={plan.stops.map((s) => ({ name: s.name, lat: s.lat, lon: s.lon }))}
        area={plan.area?.hull}
      />
      <ol className="max-w-3xl space-y-2" aria-label="Stops in driving order">
        {plan.stops.map((stop, i) => (
          <PlanStopCard
            key={stop.customerId}
            stop={stop}
            n={i + 1}
            fromStart={plan.start?.source !== "first-stop"}
            onRemove={() => removeStop(stop.customerId)}
            onOutcome={setOutcome}
          />
        ))}
      </ol>
      <PlanOthers plan={plan} onAdd={addStop} />
    </div>
  );
}

/** The chosen accounts the plan could not place, and those not today, each with "Add". */
function PlanOthers({ plan, onAdd }: { plan: TodayPlan; onAdd: (customerId: number) => void }) {
  return (
    <>
      {plan.unplaced.length > 0 && (
        <section aria-labelledby="plan-unplaced" className="space-y-1 text-sm">
          <h2 id="plan-unplaced" className="text-lg font-semibold">
            Not on the map ({plan.unplaced.length})
          </h2>
          <ul className="space-y-1">
            {plan.unplaced.map((u) => (
              <li key={u.customerId}>
                <Link href={pageHref.customer(u.customerId) as never} className="link">
                  {u.name}
                </Link>
                : {u.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      <NotToday plan={plan} onAdd={onAdd} />
    </>
  );
}

/** How many of "Not today" show before "Show all". */
const NOT_TODAY_SHOWN = 20;

/**
 * The accounts with reasons the day did not hold, the heaviest first, one tap below the plan: each with its reasons,
 * its distance from the start, the weekday its area is planned where the week says, and "Add".
 */
function NotToday({ plan, onAdd }: { plan: TodayPlan; onAdd: (customerId: number) => void }) {
  const [all, setAll] = useState(false);
  if (plan.notToday.length === 0) return null;
  const shown = all ? plan.notToday : plan.notToday.slice(0, NOT_TODAY_SHOWN);
  return (
    <details className="max-w-3xl" data-testid="not-today">
      <summary className="flex min-h-11 cursor-pointer items-center text-lg font-semibold">
        Not today ({plan.notToday.length})
      </summary>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Worth a visit, but not within your day from {startWords(plan.start)}
        {plan.area ? ", or in another day's area: each says the day its area comes" : ""}.
      </p>
      <ul className="mt-2 space-y-2 text-sm" aria-label="Not today">
        {shown.map((c) => (
          <li key={c.customerId} className="flex items-start justify-between gap-3" data-customer={c.customerId}>
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
              <Link href={pageHref.customer(c.customerId) as never} className="link">
                {c.name}
              </Link>
              : {c.reasons.join(" · ")}
              <span className="text-slate-700 dark:text-slate-300">
                {c.km === null ? " · not on the map" : ` · ${c.km.toFixed(1)} km away`}
                {c.plannedOn && (
                  <>
                    {" · "}
                    <Link href={planHref.day({ rep: plan.repId, date: c.plannedOn })} className="link">
                      planned {dayLabel(c.plannedOn)}
                    </Link>
                  </>
                )}
              </span>
            </span>
            <button
              type="button"
              onClick={() => onAdd(c.customerId)}
              className={`${BUTTON} min-h-11 shrink-0`}
              aria-label={`Add ${c.name}`}
            >
              Add
            </button>
          </li>
        ))}
      </ul>
      {!all && plan.notToday.length > NOT_TODAY_SHOWN && (
        <button type="button" onClick={() => setAll(true)} className={`${BUTTON} mt-2 min-h-11`}>
          Show all {plan.notToday.length}
        </button>
      )}
    </details>
  );
}

/** The day's area of the week, or that a Saturday or Sunday has none. */
function AreaLine({ plan }: { plan: TodayPlan }) {
  return (
    <p className="text-sm" data-testid="plan-area">
      {plan.area ? (
        <>
          {WEEKDAY_NAMES[plan.area.weekday - 1]}&apos;s area: <strong>{plan.area.name || "unnamed"}</strong>,{" "}
          {plan.area.accounts} of the {plan.accounts} accounts (outlined on the map).
        </>
      ) : (
        <>A {WEEKDAY_NAMES[isoWeekday(plan.date) - 1]} has no area of the week: the stops come from all the accounts.</>
      )}
    </p>
  );
}

/** Where the day starts, in words. */
function startWords(start: TodayPlan["start"]): string {
  switch (start?.source) {
    case "device":
      return "your location";
    case "member":
      return start.label ?? "your start";
    case "warehouse":
      return start.label ? `the warehouse (${start.label})` : "the warehouse";
    default:
      return "the first stop";
  }
}

/** The day's time: drive and visits against the member's day, and how the drive was reckoned. */
function DayLine({ day }: { day: TodayPlan["day"] }) {
  const over = day.totalMinutes > day.limitMinutes;
  // Two short lines, not one long one: drawn after the plan's data, a paragraph larger than the page's intro would be
  // the phone's largest contentful paint, and that would wait for the data.
  return (
    <div className="text-sm" data-testid="plan-day">
      <p>
        <strong className={over ? "text-red-800 dark:text-red-300" : undefined}>{hours(day.totalMinutes)}</strong> of
        your {hours(day.limitMinutes)} day: {hours(day.driveMinutes)} driving and {hours(day.visitMinutes)} at the
        stores{over && ", more than your day: your additions"}.
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        Roads taken as {day.detourFactor} × the straight line, at {day.speedKmh} km/h.
      </p>
    </div>
  );
}

function PlanStopCard({
  stop,
  n,
  fromStart,
  onRemove,
  onOutcome,
}: {
  stop: PlanStop;
  n: number;
  /** Whether the first leg is from the day's start (else the route starts at this stop). */
  fromStart: boolean;
  onRemove: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  return (
    <li
      className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      data-customer={stop.customerId}
      data-address={stop.address}
    >
      <div className="flex items-start gap-3">
        <span
          className="mt-2.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-sky-800 text-xs font-bold text-white dark:bg-sky-300 dark:text-slate-950"
          aria-hidden="true"
        >
          {n}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold [overflow-wrap:anywhere]">
            <Link href={pageHref.customer(stop.customerId) as never} className="link inline-flex min-h-11 items-center">
              {stop.name}
            </Link>
          </h2>
          <p>{stop.address || "No address on record."}</p>
          <p className="font-semibold" data-testid="plan-reasons">
            <StopReasons reasons={stop.reasons} />
          </p>
          <p className="text-slate-700 dark:text-slate-300">
            {n === 1 && !fromStart
              ? "Start here"
              : `${stop.legKm.toFixed(1)} km from ${n === 1 ? "the start" : "the last"}`}
            {PLACED_BY[stop.placedBy] && ` · ${PLACED_BY[stop.placedBy]}`}
          </p>
          <div className="mt-1 flex flex-wrap gap-2">
            <VisitedButton customerId={stop.customerId} name={stop.name} onOutcome={onOutcome} />
            <button
              type="button"
              onClick={onRemove}
              className={`${BUTTON} min-h-11`}
              aria-label={`Remove ${stop.name}`}
            >
              Remove
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}

/**
 * A stop's reasons, one line: what to collect at the door (the plan's words for a delivery to an account over 60 days
 * or over its limit: "Delivery today: collect $1,240.00") marked, as Today's "Collect before the drop" is.
 */
function StopReasons({ reasons }: { reasons: readonly string[] }) {
  return reasons.map((r, i) => (
    <span key={`${i}:${r}`}>
      {i > 0 && " · "}
      {r.split(/(collect \$[\d,]+\.\d{2})/).map((part, j) =>
        j % 2 === 1 ? (
          <mark
            key={part}
            data-testid="plan-collect"
            className="rounded bg-amber-100 px-1 text-amber-950 dark:bg-amber-900 dark:text-amber-50"
          >
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </span>
  ));
}

/** The plan's place while it comes: the summary, the map and three stops, as tall as they will be. */
export function PlanSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the plan" className="space-y-3">
      <span className="skeleton block h-5 w-72" />
      <span className="skeleton block h-11 w-48" />
      <span className="skeleton block h-56 w-full max-w-xl" />
      {[0, 1, 2].map((i) => (
        <span key={i} className="skeleton block h-36 w-full" />
      ))}
    </div>
  );
}
