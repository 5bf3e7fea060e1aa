import "server-only";
import { recordOwner } from "../core/auth/demo-visitor";
import * as z from "zod";
import { NOTES_MAX_CUSTOMERS } from "@/lib/domain/notes/note-rules";
import { todayModel } from "@/lib/domain/today/today";
import type { AccountCard } from "@/lib/domain/today/today-types";
import { directionsLinks } from "@/lib/domain/today/plan/directions";
import type { Place, Point } from "@/lib/domain/today/plan/geo";
import { refinedPlace } from "@/lib/domain/today/plan/refine";
import { choosePlan, PLAN_STOPS, rankCandidates, type VisitAccount } from "@/lib/domain/today/plan/reasons";
import { orderRoute } from "@/lib/domain/today/plan/route";
import { lastVisits, NOT_VISITED_DAYS, NOT_VISITED_MAX } from "@/lib/domain/today/visits";
import type { TodayPlan } from "@/lib/domain/today/plan/plan-json";
import { type ActorOf, defineRoute } from "../core/define-route";
import { requestApi } from "../core/page-api";
import { loadNotes, type NotesDeps } from "../notes/notes-api";
import { storePlaces } from "../notes/store-places";
import { postalPlace } from "./plan-places";
import { loadToday, type TodayDeps } from "./today-api";

export type PlanDeps = TodayDeps & NotesDeps;

/** The stops Google's one link takes: the destination and nine waypoints (the Maps app's limit; see directions.ts). */
const GOOGLE_WAYPOINTS = 9;

const ids = z
  .string()
  .regex(/^\d+(,\d+)*$/, { error: "a comma-separated list of CustomerIDs" })
  .transform((list) => list.split(",").map(Number))
  .optional();

const Query = z.strictObject({
  rep: z.coerce.number().int().positive({ error: "a sales rep's UserID (a positive whole number)" }),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "the rep's day, YYYY-MM-DD" }),
  stops: z.coerce
    .number()
    .int()
    .min(PLAN_STOPS.min, { error: `${PLAN_STOPS.min} to ${PLAN_STOPS.max} stops` })
    .max(PLAN_STOPS.max, { error: `${PLAN_STOPS.min} to ${PLAN_STOPS.max} stops` })
    .optional(),
  add: ids,
  remove: ids,
  notVisited: z.coerce
    .number()
    .int()
    .min(1, { error: `1 to ${NOT_VISITED_MAX} days` })
    .max(NOT_VISITED_MAX, { error: `1 to ${NOT_VISITED_MAX} days` })
    .optional(),
  from: z
    .string()
    .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, { error: "the start as lat,lon" })
    .transform((text): Point => {
      const [lat, lon] = text.split(",").map(Number) as [number, number];
      return { lat, lon };
    })
    .refine((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180, { error: "lat -90 to 90, lon -180 to 180" })
    .optional(),
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

/**
 * A rep's plan for a day: the accounts worth a visit (their reasons, weighted: `reasons.ts`), the first `stops` of
 * them (8 unless asked; the rep's additions and removals), placed where their visits were tapped (`refine.ts`) or
 * else by their addresses' postal codes without a network (`plan-places.ts`), in driving order from `from` (the
 * phone, when the asker sends it) or else from the first stop, with each leg's and the total distance, and the "Open
 * in Maps" links. Read as Today is (`loadToday`), with the
 * accounts' visits from the notes.
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
  const data = await loadToday(requestApi(request, deps), deps.db, actor.key.id, query.rep, query.date, {
    signal: request.signal,
  });
  const model = todayModel({ ...data.input, health: data.health, day: query.date, now: new Date() });
  const visits = await readLastVisits(actor, deps, data.accountIds);
  const accounts: PlanAccount[] = model.accounts.map((card) => ({
    customerId: card.customerId,
    name: card.name,
    nextDeliveryWhen: card.nextDeliveryWhen,
    onHold: card.onHold,
    balance: card.balances[0] && { over60: card.balances[0].over60, over90: card.balances[0].over90 },
    reorder: card.reorder && { status: card.reorder.status, nextOrder: card.reorder.nextOrder },
    lastVisit: visits.get(card.customerId),
    card,
  }));
  const notVisited = query.notVisited ?? NOT_VISITED_DAYS;
  const ranked = rankCandidates(accounts, query.date, notVisited);
  const chosen = choosePlan(ranked, { stops: query.stops, add: query.add, remove: query.remove }, accounts);

  const kept = await storePlaces(
    deps.db,
    { workspaceId: recordOwner(actor), environment: actor.key.environment },
    chosen.map((c) => c.account.customerId),
  );
  const placed: { visit: (typeof chosen)[number]; point: Place }[] = [];
  const unplaced: TodayPlan["unplaced"] = [];
  for (const visit of chosen) {
    const point = refinedPlace(
      postalPlace(visit.account.card.address, visit.account.card.state),
      kept.get(visit.account.customerId),
    );
    if (point) placed.push({ visit, point });
    else
      unplaced.push({
        customerId: visit.account.customerId,
        name: visit.account.name,
        reason: visit.account.card.address
          ? "Its address has no postal code or city this plan knows."
          : "No address on record.",
      });
  }
  const route = orderRoute(placed, query.from);
  const stops = route.stops.map(({ visit, point, legKm }) => ({
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
  const inPlan = new Set(chosen.map((c) => c.account.customerId));
  return {
    repId: query.rep,
    repName: data.repName,
    date: query.date,
    notVisitedDays: notVisited,
    start: query.from
      ? { ...query.from, source: "device" }
      : route.start
        ? { ...route.start, source: "first-stop" }
        : undefined,
    stops,
    totalKm: route.totalKm,
    unplaced,
    directionsUrl: links.google[0],
    directions: { google: links.google, apple: links.apple },
    candidates: ranked
      .filter((c) => !inPlan.has(c.account.customerId))
      .slice(0, 20)
      .map((c) => ({
        customerId: c.account.customerId,
        name: c.account.name,
        reasons: c.reasons.map((r) => r.words),
        score: c.score,
      })),
    accounts: data.accountIds.length,
    readAt: data.readAt,
  };
}

// GET /api/today/plan?rep=&date=&stops=&add=&remove=&notVisited=&from=lat,lon: a rep's day's visits, chosen and in
// driving order (`loadPlan`), read with the session's Employee key.
export const getPlan = defineRoute(
  {
    need: "key",
    keyTypes: ["Employee"],
    what: "the route plan",
    query: Query,
    invalid:
      "Ask as ?rep={UserID}&date=YYYY-MM-DD, optionally &stops=1..15&add=&remove= (CustomerIDs) and &from=lat,lon.",
  },
  async ({ request, actor, query }, deps: PlanDeps) => loadPlan(request, actor, deps, query),
);
