import { describe, expect, it } from "vitest";
import * as zipcodes from "zipcodes";
import type { Environment } from "../environments";
import { createContext } from "./context";
import { generate } from "./generate";

/**
 * The reps' territories as a planner sees them: each store placed from its address's postal code as the rep's plan
 * places it (the `zipcodes` package's coordinates), never from the seed's own table of cities, so the test holds the
 * seed to what a map shows. (The sandbox stands alone: the plan's own geocoder and distance are not imported here.)
 */

type Point = { lat: number; lon: number };

/** The great-circle distance in km (the haversine). */
function haversineKm(a: Point, b: Point): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * r) / 2) ** 2 +
    Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lon - a.lon) * r) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Where a store's postal code is; undefined when the address ends in none the data knows. */
function placeOf(address: string | null | undefined): Point | undefined {
  const code = /\b(\d{5})$/.exec(address?.trim() ?? "")?.[1];
  const record = code ? zipcodes.lookup(code) : undefined;
  return record && Number.isFinite(record.latitude) ? { lat: record.latitude, lon: record.longitude } : undefined;
}

const RADIUS_KM = 150;
const NOW = new Date("2026-11-27T18:00:00.000Z");

interface Account {
  id: number;
  chain: string;
  active: boolean;
  days: string;
  point: Point | undefined;
}

/** Each rep's accounts (every status), from a seed's customer rows. */
function accountsByRep(env: Environment, scale: number): Map<number, Account[]> {
  const { tables } = generate(createContext(env, NOW, scale));
  const byRep = new Map<number, Account[]>();
  for (const c of tables.customers ?? []) {
    if (c.sales_rep_user_id == null) continue;
    const accounts = byRep.get(c.sales_rep_user_id) ?? [];
    accounts.push({
      id: c.customer_id,
      chain: c.chain_name ?? "",
      active: c.account_status === "Active",
      days: c.delivery_days ?? "",
      point: placeOf(c.address),
    });
    byRep.set(c.sales_rep_user_id, accounts);
  }
  return byRep;
}

/** The centre among a rep's stores that holds the most of them within the radius, and which stores lie beyond it. */
function region(accounts: Account[]): { centre: Point; far: Account[] } {
  let best: { centre: Point; far: Account[] } | undefined;
  for (const candidate of accounts) {
    if (!candidate.point) continue;
    const centre = candidate.point;
    const far = accounts.filter((a) => !a.point || haversineKm(centre, a.point) > RADIUS_KM);
    if (!best || far.length < best.far.length) best = { centre, far };
  }
  if (!best) throw new Error("no account of the rep could be placed");
  return best;
}

/** The rep the demo staff person is linked to: the most active accounts, the lowest UserID among equals. */
function busiest(byRep: Map<number, Account[]>): [number, Account[]] {
  const active = (accounts: Account[]) => accounts.filter((a) => a.active).length;
  return [...byRep].sort(([a, x], [b, y]) => active(y) - active(x) || a - b)[0] as [number, Account[]];
}

// The demo's figures are the Test environment's (the demo keys the sign-in page uses); Production spreads the same
// number of stores over a third state, so its busiest rep has fewer.
describe.each([
  { env: "test" as const, scale: 1, demo: true },
  { env: "production" as const, scale: 1, demo: false },
  { env: "test" as const, scale: 0.05, demo: false },
])("the reps' territories in the $env environment at scale $scale", ({ env, scale, demo }) => {
  const byRep = accountsByRep(env, scale);

  it("gives every rep's accounts one region: at least 90% of them within 150 km of its centre", () => {
    expect(byRep.size).toBeGreaterThan(1);
    for (const [rep, accounts] of byRep) {
      const { far } = region(accounts);
      expect(
        far.length / accounts.length,
        `rep ${rep}: ${far.length} of ${accounts.length} beyond ${RADIUS_KM} km`,
      ).toBeLessThanOrEqual(0.1);
    }
  });

  it("lets a rep hold a store beyond the region only as a store of a chain the rep holds inside it, at most 5%", () => {
    for (const [rep, accounts] of byRep) {
      const { far } = region(accounts);
      expect(far.length, `rep ${rep}'s far stores`).toBeLessThanOrEqual(Math.floor(accounts.length * 0.05));
      const near = new Set(accounts.filter((a) => !far.includes(a)).map((a) => a.chain));
      for (const store of far) expect(near.has(store.chain), `rep ${rep}'s far store ${store.id}`).toBe(true);
    }
  });

  it.runIf(demo)(
    "keeps the demo rep at about 250 active accounts, with a delivery day's stops in the region each weekday",
    () => {
      const [rep, accounts] = busiest(byRep);
      const { centre } = region(accounts);
      const near = accounts.filter((a) => a.active && a.point && haversineKm(centre, a.point) <= RADIUS_KM);
      expect(near.length, `rep ${rep}'s active accounts in the region`).toBeGreaterThanOrEqual(225);
      expect(near.length, `rep ${rep}'s active accounts in the region`).toBeLessThanOrEqual(275);
      for (const day of ["1", "2", "3", "4", "5"]) {
        const stops = near.filter((a) => a.days.includes(day));
        expect(stops.length, `weekday ${day}`).toBeGreaterThanOrEqual(8);
      }
    },
  );
});
