import type { PlaceSource, Point } from "./geo";

/**
 * A member's working day for the plan (`GET`/`PUT /api/today/plan/settings`): where it starts (an address or a
 * postal code, and the point it was found at), whether it ends at the last stop, the day's and a visit's minutes.
 */
export interface RepDaySettings {
  start: (Point & { text: string }) | null;
  endAtLastStop: boolean;
  dayMinutes: number;
  visitMinutes: number;
}

/**
 * A rep's plan for a day as `GET /api/today/plan` answers it and `/today/plan` draws it: the stops in driving order,
 * each with its reasons in words and the leg from the one before, the accounts that could not be placed, the next
 * candidates to add, and the "Open in Maps" links. Browser-safe: the server's `loadPlan` makes it.
 */
export interface TodayPlan {
  repId: number;
  /** Undefined when the rep is not among the key's active reps. */
  repName?: string;
  /** The rep's day, YYYY-MM-DD. */
  date: string;
  /** How many days without a visit make "not visited" a reason. */
  notVisitedDays: number;
  /**
   * Where the day starts: the phone (when sent), else the member's start (`label` as they typed it), else the
   * warehouse most of the rep's accounts are served from (`label` its name), else the first stop; none without any.
   */
  start?: Point & { source: "device" | "member" | "warehouse" | "first-stop"; label?: string };
  /** Where the day ends: back at the start, or at the last stop (`legKm` the drive back from it, 0 there). */
  end?: Point & { kind: "start" | "last-stop"; legKm: number };
  stops: PlanStop[];
  /** The sum of the legs, the way back too, in km to a tenth (straight lines between the stores, not roads). */
  totalKm: number;
  /**
   * The day's time: the drive (`driveKm` × `detourFactor` at `speedKmh`, in whole minutes), the visits (each the
   * member's visit minutes), their sum, and the member's day; the stops are chosen to fit it.
   */
  day: {
    driveKm: number;
    driveMinutes: number;
    visitMinutes: number;
    totalMinutes: number;
    limitMinutes: number;
    detourFactor: number;
    speedKmh: number;
  };
  /**
   * The day's area of the week (`week-areas.ts`): its weekday (1 = Monday), its name (its one or two commonest
   * towns), its accounts' centre and count, and their outline (the convex hull) for the map; null on a Saturday or
   * Sunday, which have no area (the day is planned by its budget alone, from all the rep's accounts).
   */
  area: PlanArea | null;
  /**
   * The accounts with reasons the day did not hold, the heaviest first: km from the start to a tenth (null when not
   * placed), and the next day their area is planned after this one (YYYY-MM-DD; a week on for today's own area; null
   * when the account has no place, and so no area).
   */
  notToday: { customerId: number; name: string; reasons: string[]; km: number | null; plannedOn: string | null }[];
  /** Chosen accounts the plan could not place (no postal code or city it knows): listed apart, not routed. */
  unplaced: { customerId: number; name: string; reason: string }[];
  /** Google Maps directions for the whole route (the first of `directions.google` when it takes more than one). */
  directionsUrl?: string;
  directions: { google: string[]; apple?: string };
  /** The next accounts worth a visit, not in the plan: what "Add" offers (20 at most). */
  candidates: { customerId: number; name: string; reasons: string[]; score: number }[];
  /** The rep's active accounts. */
  accounts: number;
  /** When Today's lists were read (ms since the epoch). */
  readAt: number;
}

/** A weekday's area of the rep's accounts, as a plan carries it. */
export interface PlanArea {
  /** ISO weekday, 1 = Monday .. 5 = Friday. */
  weekday: number;
  /** Its one or two commonest towns ("Oakland, Berkeley"). */
  name: string;
  centre: Point | null;
  /** How many of the rep's accounts are in it. */
  accounts: number;
  /** The outline of its accounts' places, counter-clockwise (fewer than three points for a tiny area). */
  hull: Point[];
}

/** `GET /api/today/plan/week`: the five days, Monday to Friday, each planned from its area. */
export interface TodayPlanWeek {
  repId: number;
  repName?: string;
  /** The week's Monday, YYYY-MM-DD. */
  monday: string;
  days: TodayPlan[];
}

/** One stop of the plan. */
export interface PlanStop {
  customerId: number;
  name: string;
  address: string;
  /** Why it is worth a visit today, heaviest first ("Delivery today", "$1,200.00 over 60 days", …). */
  reasons: string[];
  score: number;
  /** Whether the rep added it (it was not among the proposed). */
  added: boolean;
  lat: number;
  lon: number;
  /**
   * What placed it: where its visits were tapped ("visit", `refine.ts`), its postal code, the code's first three
   * digits, or its city.
   */
  placedBy: PlaceSource;
  /** From the start (or the stop before), km to a tenth; 0 for the first stop when the route starts there. */
  legKm: number;
}
