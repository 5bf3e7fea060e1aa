import type { Selectable } from "kysely";
import type { CustomerCreditTermTable, CustomerTable, UserTable } from "../db/schema";
import { businessStamp, dayFromToday, type SeedContext, scaled } from "./context";
import { initials, slug, STORE_PREFIXES, STORE_SUFFIXES, STREET_NAMES, STREET_SUFFIXES } from "./names";
import type { City, Warehouse } from "./places";
import { addCustomerUser, type Staff, type UserRows } from "./users";

export const FIRST_CUSTOMER_ID = 20001;
export const FIRST_AR_ACCOUNT_ID = 50001;

/** How an account pays: on time, late, or badly (on-hold accounts are delinquent). */
export type PayerBehavior = "prompt" | "slow" | "delinquent";

export interface CustomerInfo {
  row: Selectable<CustomerTable>;
  /** The term its invoices carry (the customer's usual term with the distributor). */
  houseTerm: number;
  behavior: PayerBehavior;
  /** Relative order volume. */
  weight: number;
  /** Ordering window, in days before today: from `firstDay` back down to `lastDay` (0 = still ordering). */
  firstDay: number;
  lastDay: number;
  /** Reports its shelf inventory (RetailerInventory). */
  reportsInventory: boolean;
  users: UserTable[];
  /** The city of its address (its region's: `territories.ts`). */
  city: City;
}

export interface CustomerSeed {
  customers: CustomerInfo[];
  /** The demo Customer key: two stores of one chain and a user linked to both. */
  demo: { customers: [CustomerInfo, CustomerInfo]; user: UserTable };
}

function stateWeights(states: string[]): [string, number][] {
  const weights: Record<string, number> = { CA: 0.6, NV: 0.2, AZ: 0.2 };
  return states.map((s) => [
    s,
    states.length === 2 && s === "CA" ? 0.75 : states.length === 2 ? 0.25 : (weights[s] ?? 0.2),
  ]);
}

function licenseNumber(ctx: SeedContext, state: string): string {
  const n = ctx.rng.int(1, 999_999);
  if (state === "CA") return `C10-${String(n).padStart(7, "0")}-LIC`;
  if (state === "NV") return `RD${String(n % 1000).padStart(3, "0")}`;
  return `AZ-D-${String(n % 100_000).padStart(5, "0")}`;
}

function deliveryDays(ctx: SeedContext): string {
  const days = ctx.rng.sample(
    [1, 2, 3, 4, 5],
    ctx.rng.weighted([
      [1, 3],
      [2, 5],
      [3, 2],
    ] as const),
  );
  if (days.length < 3 && ctx.rng.chance(0.05)) days.push(6);
  return days.sort().join("");
}

/**
 * One of the city's real postal codes, by a draw of 1 to 99 (what once made up the code's last two digits, some of
 * them codes of towns 300 km away, so a map put a Henderson store in Tonopah).
 */
function postalCode(city: City, draw: number): string {
  return city.zips[(draw - 1) % city.zips.length] as string;
}

/** A store or chain name no other chain has ("Harbor Provisions"; "Harbor Provisions Fresno" once that is taken). */
function brandName(ctx: SeedContext, used: Set<string>, city: string): string {
  let name = "";
  for (let attempt = 0; attempt < 8; attempt++) {
    name = `${ctx.rng.pick(STORE_PREFIXES)} ${ctx.rng.pick(STORE_SUFFIXES)}`;
    if (!used.has(name)) break;
  }
  if (used.has(name)) name = `${name} ${city}`;
  for (let n = 2; used.has(name); n++) name = `${name.replace(/ \d+$/, "")} ${n}`;
  used.add(name);
  return name;
}

/**
 * About 1,200 customers in chains: mostly single stores (whose chain name is their own name), some chains of 2 to 12
 * stores. The first chain, two Active stores in California, is the demo Customer key's.
 */
export function seedCustomers(
  ctx: SeedContext,
  rows: UserRows,
  states: string[],
  warehouses: Warehouse[],
  staff: Staff,
): CustomerSeed {
  const { rng } = ctx;
  const total = scaled(ctx, 1200, 60);
  const customers: CustomerInfo[] = [];
  const usedBrands = new Set<string>();
  let demoUser: UserTable | undefined;

  while (customers.length < total) {
    const demo = customers.length === 0;
    const size = demo ? 2 : Math.min(total - customers.length, rng.chance(0.12) ? rng.int(2, 12) : 1);
    const state = demo ? "CA" : rng.weighted(stateWeights(states));
    const inState = warehouses.filter((w) => w.row.state === state);
    const home = demo ? (inState[0] as Warehouse) : rng.pick(inState);
    const brand = brandName(ctx, usedBrands, rng.pick(inState[0]?.cities ?? []).name);
    const legal = rng.pick([`${brand} LLC`, `${initials(brand)} Holdings Inc.`, `${brand} Inc.`]);
    const tms = staff.territoryManagers.filter((t) => t.states.includes(state));
    const chain: CustomerInfo[] = [];
    const usedCities = new Map<string, number>();

    for (let k = 0; k < size; k++) {
      const warehouse = size > 1 && !demo && rng.chance(0.2) ? rng.pick(inState) : home;
      const city: City = rng.pick(warehouse.cities);
      const seen = (usedCities.get(city.name) ?? 0) + 1;
      usedCities.set(city.name, seen);
      const name = size === 1 ? brand : `${brand} - ${city.name}${seen > 1 ? ` #${seen}` : ""}`;
      const index = customers.length;
      const id = FIRST_CUSTOMER_ID + index;
      const status = demo
        ? "Active"
        : rng.weighted([
            ["Active", 88],
            ["Inactive", 8],
            ["OutOfBus", 4],
          ] as const);
      const onHold = !demo && rng.chance(0.04);
      const agent = rng.chance(0.3) ? rng.pick(staff.arClerks) : null;
      const firstDay = demo || rng.chance(0.8) ? 548 : rng.int(30, 540);
      const lastDay = status === "Active" ? 0 : Math.min(firstDay - 20, rng.int(60, 500));
      const info: CustomerInfo = {
        row: {
          customer_id: id,
          location_id: warehouse.row.location_id,
          ar_account_id: FIRST_AR_ACCOUNT_ID + index,
          customer_name: name,
          customer_name_alt: legal,
          chain_name: size === 1 ? name : brand,
          license_num: licenseNumber(ctx, state),
          address: `${rng.int(10, 9999)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}, ${city.name}, ${state} ${postalCode(city, rng.int(1, 99))}`,
          state,
          // Drawn in the state, then replaced by the region's rep (`territories.ts`): the draw keeps the stream as it was.
          sales_rep_user_id: rng.pick(tms).user.user_id,
          delivery_minimum: rng.weighted([
            [0, 20],
            [250, 30],
            [500, 30],
            [750, 10],
            [1000, 10],
          ] as const),
          profile_picture_url: `assets/customers/${id}.svg`,
          collection_agent_full_name: agent?.full_name ?? null,
          collection_agent_email: agent?.email ?? null,
          on_hold: onHold ? 1 : 0,
          delivery_days: deliveryDays(ctx),
          account_status: status,
          time_updated: rng.chance(0.1) ? businessStamp(ctx, dayFromToday(ctx, -rng.int(1, 200))) : ctx.syncStamp,
          delivery_dates_lag_days: 0,
        },
        houseTerm: demo
          ? 3
          : rng.weighted([
              [1, 15],
              [2, 15],
              [3, 20],
              [4, 40],
              [5, 10],
            ] as const),
        behavior: demo
          ? "slow"
          : onHold
            ? "delinquent"
            : rng.weighted([
                ["prompt", 55],
                ["slow", 35],
                ["delinquent", 10],
              ] as const),
        weight: demo ? 2.5 : 0.3 + 2.2 * rng.next() ** 2,
        firstDay,
        lastDay,
        reportsInventory: status === "Active" && (demo ? k === 0 : rng.chance(0.15)),
        users: [],
        city,
      };
      customers.push(info);
      chain.push(info);
    }

    // Customer users: one or two per chain (linked to every store), or per single store.
    const domain = `${slug(brand)}.example`;
    const userCount = demo ? 1 : rng.int(1, 2);
    for (let u = 0; u < userCount; u++) {
      const active = chain.some((c) => c.row.account_status === "Active")
        ? u === 0 || !rng.chance(0.15)
        : rng.chance(0.5);
      const user = addCustomerUser(
        ctx,
        rows,
        domain,
        chain.map((c) => c.row),
        active,
      );
      for (const c of chain) c.users.push(user);
      if (demo) demoUser = user;
    }
  }

  const [first, second] = customers;
  if (!first || !second || !demoUser) throw new Error("seed: the demo chain was not made");
  return { customers, demo: { customers: [first, second], user: demoUser } };
}

/**
 * Credit terms per customer and supplier it buys from: the customer's house term, except some suppliers who give
 * this customer a different one; accounts on hold carry the on-hold term everywhere.
 */
export function seedCustomerCreditTerms(
  ctx: SeedContext,
  customers: CustomerInfo[],
  boughtFrom: Map<number, Set<number>>,
): CustomerCreditTermTable[] {
  const { rng } = ctx;
  const rows: CustomerCreditTermTable[] = [];
  for (const c of customers) {
    const suppliers = [...(boughtFrom.get(c.row.customer_id) ?? [])].sort((a, b) => a - b);
    for (const supplier_id of suppliers) {
      const term_id = c.row.on_hold ? 6 : rng.chance(0.1) ? rng.pick([1, 2, 3, 4, 5]) : c.houseTerm;
      rows.push({ customer_id: c.row.customer_id, supplier_id, term_id, time_updated: ctx.syncStamp });
    }
  }
  return rows;
}
