import type { SeedContext } from "./context";
import type { CustomerInfo } from "./customers";
import type { Warehouse } from "./places";
import { PRODUCT_GROUPS } from "./product-types";
import { Random } from "./random";
import { addUser, STAFF_DOMAIN, type Staff, type UserRows } from "./users";

/**
 * The Territory Managers' regions, as a distributor draws them: a metro or a band of towns a rep can drive in a day,
 * each served from one warehouse. Every warehouse city is in exactly one. The far towns (Eureka, Tucson, Flagstaff)
 * are regions of their own: a rep whose region also held them would spend a day's drive reaching one store.
 */
export const TERRITORIES: readonly { name: string; warehouse: string; cities: readonly string[] }[] = [
  {
    name: "Bay Area",
    warehouse: "Oakland DC",
    cities: ["Oakland", "San Francisco", "Berkeley", "San Jose", "Fremont", "Santa Cruz", "Vallejo"],
  },
  { name: "Sacramento and North Bay", warehouse: "Oakland DC", cities: ["Sacramento", "Santa Rosa"] },
  { name: "North Coast", warehouse: "Oakland DC", cities: ["Eureka"] },
  { name: "Los Angeles", warehouse: "Los Angeles DC", cities: ["Los Angeles", "Long Beach", "Pasadena", "Santa Ana"] },
  {
    name: "Inland Empire and San Diego",
    warehouse: "Los Angeles DC",
    cities: ["Riverside", "Palm Springs", "San Diego"],
  },
  { name: "Central Coast and Kern", warehouse: "Los Angeles DC", cities: ["Ventura", "Santa Barbara", "Bakersfield"] },
  { name: "Las Vegas", warehouse: "Las Vegas DC", cities: ["Las Vegas", "Henderson", "North Las Vegas", "Pahrump"] },
  { name: "Reno and Carson City", warehouse: "Las Vegas DC", cities: ["Reno", "Sparks", "Carson City"] },
  { name: "Phoenix", warehouse: "Phoenix DC", cities: ["Phoenix", "Tempe", "Mesa", "Scottsdale", "Chandler"] },
  { name: "Tucson", warehouse: "Phoenix DC", cities: ["Tucson"] },
  { name: "Northern Arizona", warehouse: "Phoenix DC", cities: ["Flagstaff", "Sedona"] },
];

/** Accounts one rep holds at most before a region gets a second rep (about 250 active ones, as the demo rep has). */
const ACCOUNTS_PER_REP = 300;
/** The share of a rep's accounts that may be a chain's stores beyond the region (the chain's rep keeps them). */
const FAR_CHAIN_SHARE = 0.03;

/** A region of the seed: its warehouse, its centre (the mean of its cities') and its reps. */
export interface Territory {
  name: string;
  state: string;
  locationId: number;
  centre: { lat: number; lon: number };
  repIds: number[];
}

interface Slot {
  territory: Territory;
  repId: number;
  accounts: CustomerInfo[];
}

/**
 * Gives every customer the Territory Manager of its region, instead of the one drawn at random in its state (whose
 * accounts covered the state). The drawn reps only rank the Territory Managers: the one with the most drawn accounts
 * takes the region with the most stores, and so on (so the demo rep, the busiest, stays the same person), each in its
 * own state first. A region with more than 300 stores gets a second rep, splitting its cities; a region left without a
 * Territory Manager gets a new one, drawn from a generator of its own, so the seed's one stream (every later draw) is
 * what it was. A chain's stores stay with the rep of its first store: in its region always, beyond it while they are at
 * most 3% of that rep's accounts (a key account's far store), else with the local rep. Each Territory Manager's states
 * and warehouses become their region's. Draws nothing from `ctx.rng`.
 */
export function assignTerritories(
  ctx: SeedContext,
  rows: UserRows,
  staff: Staff,
  warehouses: Warehouse[],
  customers: CustomerInfo[],
): Territory[] {
  const byCity = new Map<string, Territory>();
  const territories: Territory[] = [];
  for (const t of TERRITORIES) {
    const warehouse = warehouses.find((w) => w.row.location === t.warehouse);
    if (!warehouse) continue;
    const cities = warehouse.cities.filter((c) => t.cities.includes(c.name));
    const territory: Territory = {
      name: t.name,
      state: warehouse.row.state,
      locationId: warehouse.row.location_id,
      centre: {
        lat: cities.reduce((sum, c) => sum + c.lat, 0) / cities.length,
        lon: cities.reduce((sum, c) => sum + c.lon, 0) / cities.length,
      },
      repIds: [],
    };
    for (const c of cities) byCity.set(`${territory.state}:${c.name}`, territory);
    territories.push(territory);
  }
  const territoryOf = (c: CustomerInfo) => {
    const found = byCity.get(`${c.row.state}:${c.city.name}`);
    if (!found) throw new Error(`seed: ${c.city.name}, ${c.row.state} is in no territory`);
    return found;
  };

  // The stores of each region, and how many reps it needs.
  const stores = new Map<Territory, CustomerInfo[]>();
  for (const c of customers) stores.set(territoryOf(c), [...(stores.get(territoryOf(c)) ?? []), c]);
  const wanted = [...stores]
    .flatMap(([territory, list]) =>
      Array.from({ length: Math.max(1, Math.ceil(list.length / ACCOUNTS_PER_REP)) }, () => ({
        territory,
        size: list.length,
      })),
    )
    .sort((a, b) => b.size - a.size || territories.indexOf(a.territory) - territories.indexOf(b.territory));

  // The Territory Managers by their drawn accounts, the busiest first.
  const drawn = new Map<number, number>();
  for (const c of customers)
    drawn.set(c.row.sales_rep_user_id ?? 0, (drawn.get(c.row.sales_rep_user_id ?? 0) ?? 0) + 1);
  const free = [...staff.territoryManagers].sort(
    (a, b) => (drawn.get(b.user.user_id) ?? 0) - (drawn.get(a.user.user_id) ?? 0) || a.user.user_id - b.user.user_id,
  );
  const own = { ...ctx, rng: new Random(`backroom-sandbox-${ctx.env}-territories`) };
  const slots: Slot[] = [];
  for (const { territory } of wanted) {
    const index = free.findIndex((t) => t.states[0] === territory.state);
    const [manager] = free.splice(index >= 0 ? index : 0, 1);
    const user = manager?.user ?? newManager(own, rows, staff);
    slots.push({ territory, repId: user.user_id, accounts: [] });
  }
  // Territory Managers beyond the regions' needs share the busiest regions.
  for (const manager of free) {
    const crowded = [...stores].sort(
      ([a, x], [b, y]) => y.length / repsIn(slots, b) - x.length / repsIn(slots, a),
    )[0]?.[0];
    if (crowded) slots.push({ territory: crowded, repId: manager.user.user_id, accounts: [] });
  }

  // Each region's cities among its reps, the largest city first to the rep with the fewest stores.
  const repOfCity = new Map<string, Slot>();
  for (const [territory, list] of stores) {
    const mine = slots.filter((s) => s.territory === territory);
    const cities = new Map<string, number>();
    for (const c of list) cities.set(c.city.name, (cities.get(c.city.name) ?? 0) + 1);
    const load = new Map(mine.map((s) => [s, 0]));
    for (const [city, count] of [...cities].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))) {
      const slot = [...load].sort(([a, x], [b, y]) => x - y || mine.indexOf(a) - mine.indexOf(b))[0]![0];
      load.set(slot, (load.get(slot) ?? 0) + count);
      repOfCity.set(`${territory.state}:${city}`, slot);
    }
  }
  const local = (c: CustomerInfo) => repOfCity.get(`${c.row.state}:${c.city.name}`) as Slot;

  // Chains: customers are made chain by chain, so a chain's stores are consecutive and share its chain name.
  const chains: CustomerInfo[][] = [];
  for (const c of customers) {
    const last = chains.at(-1);
    if (last && last[0]?.row.chain_name === c.row.chain_name && c.row.chain_name !== c.row.customer_name) last.push(c);
    else chains.push([c]);
  }
  const far: CustomerInfo[][] = [];
  for (const chain of chains) {
    const home = local(chain[0] as CustomerInfo);
    const away: CustomerInfo[] = [];
    for (const store of chain) {
      if (local(store).territory === home.territory) home.accounts.push(store);
      else away.push(store);
    }
    if (away.length) far.push([chain[0] as CustomerInfo, ...away]);
  }
  for (const [first, ...away] of far) {
    const home = local(first as CustomerInfo);
    for (const store of away) {
      const kept = home.accounts.filter((c) => local(c).territory !== home.territory).length;
      if (kept + 1 <= Math.floor(home.accounts.length * FAR_CHAIN_SHARE)) home.accounts.push(store);
      else local(store).accounts.push(store);
    }
  }

  for (const slot of slots) {
    if (!slot.territory.repIds.includes(slot.repId)) slot.territory.repIds.push(slot.repId);
    for (const c of slot.accounts) c.row.sales_rep_user_id = slot.repId;
  }
  placeManagers(rows, staff, slots);
  return territories;
}

function repsIn(slots: Slot[], territory: Territory): number {
  return slots.filter((s) => s.territory === territory).length;
}

/** A Territory Manager for a region the drawn ones did not cover. */
function newManager(own: SeedContext, rows: UserRows, staff: Staff) {
  const user = addUser(own, rows, {
    role: "DistributorRep",
    domain: STAFF_DOMAIN,
    jobTitle: "Territory Manager",
    department: "Sales",
  });
  for (const group of own.rng.sample(PRODUCT_GROUPS, own.rng.int(1, 3)).sort())
    rows.rep_product_groups.push({ user_id: user.user_id, product_group: group });
  staff.territoryManagers.push({ user, states: [] });
  return user;
}

/** Each Territory Manager's states and warehouses: those of their regions (the drawn ones spanned whole states). */
function placeManagers(rows: UserRows, staff: Staff, slots: Slot[]): void {
  const managers = new Set(staff.territoryManagers.map((t) => t.user.user_id));
  const states = new Map<number, Set<string>>();
  const locations = new Map<number, Set<number>>();
  for (const s of slots) {
    states.set(s.repId, (states.get(s.repId) ?? new Set()).add(s.territory.state));
    locations.set(s.repId, (locations.get(s.repId) ?? new Set()).add(s.territory.locationId));
  }
  rows.user_states = rows.user_states.filter((r) => !managers.has(r.user_id) || !states.has(r.user_id));
  rows.user_locations = rows.user_locations.filter((r) => !managers.has(r.user_id) || !locations.has(r.user_id));
  for (const t of staff.territoryManagers) {
    const mine = states.get(t.user.user_id);
    if (!mine) continue;
    t.states = [...mine].sort();
    for (const state of t.states) rows.user_states.push({ user_id: t.user.user_id, state });
    for (const location_id of [...(locations.get(t.user.user_id) ?? [])].sort((a, b) => a - b))
      rows.user_locations.push({ user_id: t.user.user_id, location_id });
  }
  const order = (a: { user_id: number }, b: { user_id: number }) => a.user_id - b.user_id;
  rows.user_states.sort(order);
  rows.user_locations.sort(order);
}
