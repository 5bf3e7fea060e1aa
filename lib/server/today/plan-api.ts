import "server-only";
import { recordOwner } from "../core/auth/demo-visitor";
import * as z from "zod";
import { NOTES_MAX_CUSTOMERS } from "@/lib/domain/notes/note-rules";
import { todayModel } from "@/lib/domain/today/today";
import type { AccountCard } from "@/lib/domain/today/today-types";
import { directionsLinks } from "@/lib/domain/today/plan/directions";
import { chooseDay, DAY_DEFAULTS, dayFigures, type DaySettings } from "@/lib/domain/today/plan/day-budget";
import { haversineKm, type Place, type Point, roundKm } from "@/lib/domain/today/plan/geo";
import { refinedPlace } from "@/lib/domain/today/plan/refine";
import {
  addedVisits,
  PLAN_STOPS,
  type PlannedVisit,
  planStops,
  rankCandidates,
  type VisitAccount,
  type VisitCandidate,
} from "@/lib/domain/today/plan/reasons";
import { routeInOrder } from "@/lib/domain/today/plan/route";
import { lastVisits, NOT_VISITED_DAYS, NOT_VISITED_MAX } from "@/lib/domain/today/visits";
import type { PlanArea, RepDaySettings, TodayPlan, TodayPlanWeek } from "@/lib/domain/today/plan/plan-json";
import {
  AREA_WEEKDAYS,
  type AreaAccount,
  convexHull,
  dayClock,
  mainTowns,
  mondayOf,
  plannedOn,
  weekAreas,
} from "@/lib/domain/today/plan/week-areas";
import { deliveryWeekdays } from "@/lib/domain/delivery/cutoff";
import { addDays, isoWeekday } from "@/lib/format/days";
import { compareDecimals } from "@/lib/format/decimal";
import { apiQueryOptions } from "@/lib/domain/api-query";
import { type ActorOf, defineRoute } from "../core/define-route";
import { requestApi } from "../core/page-api";
import { sharedPlace } from "../core/parties";
import { type CollectFigures, collectFigures } from "../collections/collect-today";
import { loadNotes, type NotesDeps } from "../notes/notes-api";
import { storePlaces } from "../notes/store-places";
import { TodayPlanAnswer, TodayPlanWeekAnswer } from "./answers";
import { readDaySettings } from "./day-settings";
import { postalPlace, townOf } from "./plan-places";
import { loadToday, type TodayDeps } from "./today-api";

export type PlanDeps = TodayDeps & NotesDeps;

/** The stops Google's one link takes: the destination and nine waypoints (the Maps app's limit; see directions.ts). */
const GOOGLE_WAYPOINTS = 9;

const ids = z
  .string()
  .regex(/^\d+(,\d+)*$/, { error: "a comma-separated list of CustomerIDs" })
  .transform((list) => list.split(",").map(Number))
  .optional();

/** The rep: named in words whether it is missing, not a number, or not a whole positive one. */
const REP_WORDS = "a sales rep's UserID (a positive whole number)";
const REP = z.coerce.number({ error: REP_WORDS }).int({ error: REP_WORDS }).positive({ error: REP_WORDS });

const Query = z.strictObject({
  rep: REP.describe("The sales rep's UserID (any rep of the key)."),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "the rep's day, YYYY-MM-DD" })
    .describe("The rep's day, YYYY-MM-DD."),
  stops: z.coerce
    .number()
    .int()
    .min(PLAN_STOPS.min, { error: `${PLAN_STOPS.min} to ${PLAN_STOPS.max} stops` })
    .max(PLAN_STOPS.max, { error: `${PLAN_STOPS.min} to ${PLAN_STOPS.max} stops` })
    .optional()
    .describe(`The most stops, ${PLAN_STOPS.min} to ${PLAN_STOPS.max} (8 by default).`),
  add: ids.describe("CustomerIDs the rep adds to the day, comma-separated."),
  remove: ids.describe("CustomerIDs the rep takes out of it, comma-separated."),
  notVisited: z.coerce
    .number()
    .int()
    .min(1, { error: `1 to ${NOT_VISITED_MAX} days` })
    .max(NOT_VISITED_MAX, { error: `1 to ${NOT_VISITED_MAX} days` })
    .optional()
    .describe('How many days without a visit make "not visited" a reason.'),
  from: z
    .string()
    .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, { error: "the start as lat,lon" })
    .transform((text): Point => {
      const [lat, lon] = text.split(",").map(Number) as [number, number];
      return { lat, lon };
    })
    .refine((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180, { error: "lat -90 to 90, lon -180 to 180" })
    .optional()
    .describe("The phone's position as the day's start: lat,lon."),
});

export type PlanQuery = z.output<typeof Query>;

/** What the plan knows of an account: its card (the Today model's) and what ranks it. */
type PlanAccount = VisitAccount & { card: AccountCard };

/** The accounts' last visits (`visits.ts`: their newest notes' days; UTC, the plan knowing no zone but its date's). */
async function readLastVisits(actor: ActorOf["key"], deps: PlanDeps, customerIds: readonly number[]) {
  const newest: { customerId: number; createdAt: string }[] = [];
  for (let i = 0; i < customerIds.length; i += NOTES_MAX_CUSTOMERS) {
    const { notes } = await loadNotes(actor, deps, {
      customerIds: customerIds.slice(i, i + NOTES_MAX_CUSTOMERS),
      latest: 1,
    });
    newest.push(...notes);
  }
  return lastVisits(newest);
}

/** What a rep's plans read once, for one day or the five of a week. */
interface PlanReading {
  data: Awaited<ReturnType<typeof loadToday>>;
  visits: Map<number, string>;
  settings: RepDaySettings;
  /** Every account's place (its visits' or its address's), where it has one. */
  places: Map<number, Place>;
  /** The week's five areas, each with its name and outline; and each placed account's weekday. */
  areas: PlanArea[];
  areaOf: Map<number, number>;
  /** The warehouse most of the rep's accounts are served from, placed, where it is known. */
  warehouse?: TodayPlan["start"];
  /** Each account's credit figures (`collect-today.ts`), for "Collect $X"; undefined when they could not be read. */
  collect?: CollectFigures;
}

/**
 * What a rep's plans read, once: Today's lists for the rep's accounts (`loadToday`, its invoices from `readDay`), their
 * last visits (the notes), their places kept from visits (one query for all of them), the member's day and the
 * warehouse; every account placed, and the week's areas made of them (`weekAreas`).
 */
async function readPlanning(
  request: Request,
  actor: ActorOf["key"],
  deps: PlanDeps,
  rep: number,
  readDay: string,
): Promise<PlanReading> {
  const data = await loadToday(requestApi(request, deps), deps.db, actor.key.id, rep, readDay, {
    signal: request.signal,
  });
  const cards = todayModel({ ...data.input, day: readDay, now: dayClock(readDay) }).accounts;
  const [visits, kept, settings, warehouse, collect] = await Promise.all([
    readLastVisits(actor, deps, data.accountIds),
    storePlaces(deps.db, { workspaceId: recordOwner(actor), environment: actor.key.environment }, data.accountIds),
    readDaySettings(deps.db, actor),
    warehouseOf(request, deps, data.input.customers),
    // What to collect at each account's delivery ("Collect $X" in its words); the plan stands without it.
    collectFigures(sharedPlace(actor), data, cards, deps.credit).catch(() => undefined),
  ]);
  const wanted = new Set(data.accountIds);
  const places = new Map<number, Place>();
  const accounts: AreaAccount[] = [];
  const towns = new Map<number, string>();
  for (const c of data.input.customers) {
    const id = c.CustomerID;
    if (id == null || !wanted.has(id) || places.has(id)) continue;
    const point = refinedPlace(postalPlace(c.Address?.trim(), c.State), kept.get(id));
    if (!point) continue;
    places.set(id, point);
    accounts.push({ id, point, weekdays: deliveryWeekdays(c.DeliveryDays) });
    const town = townOf(c.Address);
    if (town) towns.set(id, town);
  }
  const week = weekAreas(accounts);
  const areaOf = new Map(week.flatMap((a) => a.ids.map((id) => [id, a.weekday] as const)));
  const areas = week.map((a) => ({
    weekday: a.weekday,
    name: mainTowns(a.ids.flatMap((id) => towns.get(id) ?? [])),
    centre: a.centre,
    accounts: a.ids.length,
    hull: convexHull(a.ids.map((id) => places.get(id)!)).map(({ lat, lon }) => ({ lat, lon })),
  }));
  return { data, visits, settings, places, areas, areaOf, warehouse, collect };
}

/** The most an account's card has to collect (cents), among its AR accounts; undefined when nothing or not known. */
function largestToCollect(figures: CollectFigures | undefined, card: AccountCard): string | undefined {
  if (!figures) return undefined;
  const amounts = card.balances.map((b) => figures(card, b).toCollect);
  return amounts.sort((a, b) => compareDecimals(b, a))[0];
}

/**
 * A rep's plan for a day: the accounts worth a visit (their reasons, weighted: `reasons.ts`) in the day's weekday
 * area (`week-areas.ts`; a Saturday or Sunday has none, and plans from all), the rep's additions first, those that fit
 * the member's day (`chooseDay`), placed where their visits were tapped (`refine.ts`) or else by their addresses'
 * postal codes without a network (`plan-places.ts`), in driving order from `from` (the phone, when the asker sends
 * it), the member's start, the warehouse or the first stop, with each leg's and the total distance, the "Open in
 * Maps" links, and the rest with a reason "Not today" with the day their area comes. The date's deliveries are the
 * API's of that date (read at its midday, `dayClock`), not the real clock's.
 *
 * @example
 * const plan = await loadPlan(request, actor, deps, { rep: 1006, date: "2026-11-26" });
 */
export async function loadPlan(
  request: Request,
  actor: ActorOf["key"],
  deps: PlanDeps,
  query: PlanQuery,
): Promise<TodayPlan> {
  return planDay(await readPlanning(request, actor, deps, query.rep, query.date), query);
}

/**
 * A rep's five days, Monday to Friday of the week holding `weekOf`, each planned from its area as `loadPlan` plans
 * one: the lists read once for the week (from its Monday), not five times.
 *
 * @example
 * const week = await loadPlanWeek(request, actor, deps, { rep: 1006, weekOf: "2026-11-26" });
 * week.days.map((d) => d.date); // ["2026-11-23", …, "2026-11-27"]
 */
export async function loadPlanWeek(
  request: Request,
  actor: ActorOf["key"],
  deps: PlanDeps,
  query: WeekQuery,
): Promise<TodayPlanWeek> {
  const monday = mondayOf(query.weekOf);
  const reading = await readPlanning(request, actor, deps, query.rep, monday);
  return {
    repId: query.rep,
    repName: reading.data.repName,
    monday,
    days: AREA_WEEKDAYS.map((d) => planDay(reading, { rep: query.rep, date: addDays(monday, d - 1) })),
  };
}

/** One day's plan from what was read. */
function planDay(reading: PlanReading, query: PlanQuery): TodayPlan {
  const { data, visits, settings, places, areaOf } = reading;
  const model = todayModel({ ...data.input, health: data.health, day: query.date, now: dayClock(query.date) });
  const accounts: PlanAccount[] = model.accounts.map((card) => ({
    customerId: card.customerId,
    name: card.name,
    nextDeliveryWhen: card.nextDeliveryWhen,
    onHold: card.onHold,
    balance: card.balances[0] && { over60: card.balances[0].over60, over90: card.balances[0].over90 },
    reorder: card.reorder && { status: card.reorder.status, nextOrder: card.reorder.nextOrder },
    lastVisit: visits.get(card.customerId),
    toCollect: largestToCollect(reading.collect, card),
    card,
  }));
  const weekday = isoWeekday(query.date);
  const area = reading.areas.find((a) => a.weekday === weekday) ?? null;
  // The day's area's accounts, and those with no place (no area: listed apart when they matter).
  const inDay = (id: number) => !area || (areaOf.get(id) ?? weekday) === weekday;
  const notVisited = query.notVisited ?? NOT_VISITED_DAYS;
  const removed = new Set(query.remove ?? []);
  const rankedAll = rankCandidates(accounts, query.date, notVisited);
  const ranked = rankedAll.filter((c) => !removed.has(c.account.customerId));
  // The rep's additions come first and stay, whatever they cost: an account with no reason today is scored 0.
  const added = addedVisits(ranked, query.add, query.remove, accounts);
  const addedIds = new Set(added.map((visit) => visit.account.customerId));
  const pool: PlannedVisit<PlanAccount>[] = [
    ...added,
    ...ranked
      .filter((c) => !addedIds.has(c.account.customerId) && inDay(c.account.customerId))
      .map((c) => ({ ...c, added: false })),
  ];
  const placeOf = (visit: VisitCandidate<PlanAccount>) => places.get(visit.account.customerId);
  const placed: { visit: PlannedVisit<PlanAccount>; point: Place }[] = [];
  const unplaced: TodayPlan["unplaced"] = [];
  for (const visit of pool) {
    const point = placeOf(visit);
    if (point) placed.push({ visit, point });
    else if (visit.added || isMust(visit))
      unplaced.push({
        customerId: visit.account.customerId,
        name: visit.account.name,
        reason: visit.account.card.address
          ? "Its address has no postal code or city this plan knows."
          : "No address on record.",
      });
  }

  const start = dayStart(query.from, settings, reading.warehouse, placed[0]?.point);
  const dayRules: DaySettings = {
    ...DAY_DEFAULTS,
    limitMinutes: settings.dayMinutes,
    visitMinutes: settings.visitMinutes,
  };
  const endKind = settings.endAtLastStop ? "last-stop" : "start";
  let routed: { visit: PlannedVisit<PlanAccount>; point: Place; legKm: number }[] = [];
  let endKm = 0;
  let totalKm = 0;
  const chosenIds = new Set<number>();
  if (start) {
    const choice = chooseDay(
      placed.map(({ visit, point }) => ({
        id: visit.account.customerId,
        point,
        // The rep's own additions go in first.
        weight: visit.added ? Number.MAX_SAFE_INTEGER : visit.score,
        must: visit.added || isMust(visit),
      })),
      start,
      { end: endKind, settings: dayRules, maxStops: planStops(query.stops) + added.length },
    );
    const byId = new Map(placed.map((p) => [p.visit.account.customerId, p]));
    const chosen = choice.chosen.map((id) => byId.get(id)!);
    // An addition the day cannot hold is still the rep's: driven after the rest.
    const over = placed.filter((p) => p.visit.added && !choice.chosen.includes(p.visit.account.customerId));
    const route = routeInOrder([...chosen, ...over], start, endKind === "start" ? start : undefined);
    routed = route.stops;
    endKm = route.endKm;
    totalKm = route.totalKm;
    for (const p of routed) chosenIds.add(p.visit.account.customerId);
  }
  const stops = routed.map(({ visit, point, legKm }) => ({
    customerId: visit.account.customerId,
    name: visit.account.name,
    address: visit.account.card.address ?? "",
    reasons: visit.reasons.map((r) => r.words),
    score: visit.score,
    added: visit.added,
    lat: point.lat,
    lon: point.lon,
    placedBy: point.source,
    legKm,
  }));
  const links = directionsLinks(
    stops.map((s) => ({ address: s.address || undefined, point: s })),
    { googleWaypoints: GOOGLE_WAYPOINTS },
  );
  const last = stops.at(-1);
  const words = (c: VisitCandidate<PlanAccount>) => c.reasons.map((r) => r.words);
  const shown = new Set([...chosenIds, ...unplaced.map((u) => u.customerId)]);
  // Those the rep removed too: "Add" there puts one back.
  const notToday = rankedAll
    .filter((c) => !shown.has(c.account.customerId))
    .map((c) => notTodayEntry(c, start, placeOf(c), areaOf.get(c.account.customerId), query.date));
  return {
    repId: query.rep,
    repName: data.repName,
    date: query.date,
    notVisitedDays: notVisited,
    start,
    end: start && {
      ...(endKind === "last-stop" && last ? { lat: last.lat, lon: last.lon } : { lat: start.lat, lon: start.lon }),
      kind: endKind,
      legKm: endKm,
    },
    stops,
    totalKm,
    day: dayFigures(totalKm, stops.length, dayRules),
    unplaced,
    directionsUrl: links.google[0],
    directions: { google: links.google, apple: links.apple },
    candidates: ranked
      .filter((c) => !chosenIds.has(c.account.customerId))
      .slice(0, 20)
      .map((c) => ({ customerId: c.account.customerId, name: c.account.name, reasons: words(c), score: c.score })),
    area,
    notToday,
    accounts: data.accountIds.length,
    readAt: data.readAt,
  };
}

/**
 * An account the day did not hold: its reasons, its km from the start where both are placed, and the next day its
 * area is planned (`plannedOn`; none without a place).
 */
function notTodayEntry(
  c: VisitCandidate<PlanAccount>,
  start: Point | undefined,
  point: Point | undefined,
  areaWeekday: number | undefined,
  date: string,
) {
  return {
    customerId: c.account.customerId,
    name: c.account.name,
    reasons: c.reasons.map((r) => r.words),
    km: point && start ? roundKm(haversineKm(start, point)) : null,
    plannedOn: areaWeekday === undefined ? null : plannedOn(areaWeekday, date),
  };
}

/** A delivery today or an account on hold: a reason the day never leaves for a lighter one. */
function isMust(visit: VisitCandidate): boolean {
  return visit.reasons.some((r) => r.kind === "deliveryToday" || r.kind === "onHold");
}

/** Where the day starts: the phone's position (`from`), else the member's start, else the warehouse, else the first stop. */
function dayStart(
  from: Point | undefined,
  settings: RepDaySettings,
  warehouse: TodayPlan["start"],
  firstStop: Point | undefined,
): TodayPlan["start"] {
  if (from) return { ...from, source: "device" };
  if (settings.start)
    return { lat: settings.start.lat, lon: settings.start.lon, source: "member", label: settings.start.text };
  return warehouse ?? (firstStop && { lat: firstStop.lat, lon: firstStop.lon, source: "first-stop" });
}

/**
 * The warehouse most of the rep's accounts are served from (their records' `LocationID`, read from `/locations` and
 * placed by its postal code); undefined when none is named or placed.
 */
async function warehouseOf(
  request: Request,
  deps: PlanDeps,
  customers: readonly { LocationID?: number | null }[],
): Promise<TodayPlan["start"]> {
  const counts = new Map<number, number>();
  for (const c of customers) if (c.LocationID) counts.set(c.LocationID, (counts.get(c.LocationID) ?? 0) + 1);
  const [locationId] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [];
  if (locationId === undefined) return undefined;
  const api = requestApi(request, deps);
  const answer = await apiQueryOptions(
    api,
    { operation: "listLocations", query: { LocationIDs: String(locationId) } },
    0,
  ).queryFn({ signal: request.signal });
  const location = answer.records[0];
  const point =
    location &&
    postalPlace(`${location.Address}, ${location.City}, ${location.State} ${location.PostalCode}`, location.State);
  return location && point
    ? { lat: point.lat, lon: point.lon, source: "warehouse", label: location.Location ?? undefined }
    : undefined;
}

export const getPlan = defineRoute(
  {
    method: "GET",
    path: "/api/today/plan",
    summary: "Plans a rep's day of visits: the stops chosen and in driving order.",
    description: [
      "The stops come from the day's weekday area (a Saturday or Sunday: from all the rep's accounts), chosen to fit",
      "the member's working day (`/api/today/plan/settings`); the drive is `driveKm` × 1.3 at 60 km/h. The date's",
      "deliveries (\"Delivery today\") are the API's dates of `date`, not the real clock's day. Read with the session's",
      "key, as Today is. 400 `VALIDATION_FAILED` for a bad parameter (nothing asked upstream).",
    ].join("\n"),
    answer: TodayPlanAnswer,
    need: "key",
    keyTypes: ["Employee"],
    what: "the route plan",
    query: Query,
    invalid:
      "Ask as ?rep={UserID}&date=YYYY-MM-DD, optionally &stops=1..15&add=&remove= (CustomerIDs) and &from=lat,lon.",
  },
  async ({ request, actor, query }, deps: PlanDeps) => loadPlan(request, actor, deps, query),
);

const WeekQuery = z.strictObject({
  rep: REP.describe("The sales rep's UserID (any rep of the key)."),
  weekOf: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "a day of the week, YYYY-MM-DD" })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && addDays(day, 0) === day, {
      error: "a day of the week, YYYY-MM-DD (a real date)",
    })
    .describe("Any day of the week, YYYY-MM-DD."),
});

export type WeekQuery = z.output<typeof WeekQuery>;

export const getPlanWeek = defineRoute(
  {
    method: "GET",
    path: "/api/today/plan/week",
    summary: "Plans a rep's week: Monday to Friday, each day from its area.",
    description:
      "Each day is planned as `GET /api/today/plan` plans it, with its `area`; the lists are read once for the week. " +
      "400 `VALIDATION_FAILED` for a bad or missing parameter (nothing asked upstream).",
    answer: TodayPlanWeekAnswer,
    need: "key",
    keyTypes: ["Employee"],
    what: "the week's plan",
    query: WeekQuery,
    invalid: "Ask as ?rep={UserID}&weekOf=YYYY-MM-DD (any day of the week).",
  },
  async ({ request, actor, query }, deps: PlanDeps) => loadPlanWeek(request, actor, deps, query),
);
