import type { PlaceSource, Point } from "./geo";

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
  /** Where the route starts: the phone (when sent), else the first stop; none without a placed stop. */
  start?: Point & { source: "device" | "first-stop" };
  stops: PlanStop[];
  /** The sum of the legs, in km to a tenth (straight lines between the stores, not roads). */
  totalKm: number;
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
