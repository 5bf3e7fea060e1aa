import type { CreditTermTable, LocationTable, StateTable } from "../db/schema";
import type { SeedContext } from "./context";

/** A city customers and vendors can be in, with the first three digits of its postal codes. */
export interface City {
  name: string;
  zip3: string;
}

/** A warehouse and the cities it serves. */
export interface Warehouse {
  row: LocationTable;
  cities: readonly City[];
}

const STATE_ROWS = [
  {
    state: "CA",
    state_name: "California",
    order_cut_off_time: "2:30 PM",
    time_zone: "America/Los_Angeles",
    order_cut_off_days_in_advance: "1",
  },
  {
    state: "NV",
    state_name: "Nevada",
    order_cut_off_time: "12:00 PM",
    time_zone: "America/Los_Angeles",
    order_cut_off_days_in_advance: "1",
  },
  {
    state: "AZ",
    state_name: "Arizona",
    order_cut_off_time: "3:00 PM",
    time_zone: "America/Phoenix",
    order_cut_off_days_in_advance: "2",
  },
] as const;

const c = (name: string, zip3: string): City => ({ name, zip3 });

const WAREHOUSES = [
  {
    location_id: 1,
    location: "Oakland DC",
    dba: "Svc Distribution North",
    address: "1450 Embarcadero",
    address2: "Dock 3",
    city: "Oakland",
    state: "CA",
    postal_code: "94606",
    cities: [
      c("Oakland", "946"),
      c("San Francisco", "941"),
      c("Berkeley", "947"),
      c("San Jose", "951"),
      c("Sacramento", "958"),
      c("Santa Rosa", "954"),
      c("Eureka", "955"),
      c("Fremont", "945"),
      c("Santa Cruz", "950"),
      c("Vallejo", "945"),
    ],
  },
  {
    location_id: 2,
    location: "Los Angeles DC",
    dba: "Svc Distribution South",
    address: "2200 E 7th St",
    address2: null,
    city: "Los Angeles",
    state: "CA",
    postal_code: "90023",
    cities: [
      c("Los Angeles", "900"),
      c("Long Beach", "908"),
      c("Santa Ana", "927"),
      c("Riverside", "925"),
      c("San Diego", "921"),
      c("Pasadena", "911"),
      c("Palm Springs", "922"),
      c("Bakersfield", "933"),
      c("Santa Barbara", "931"),
      c("Ventura", "930"),
    ],
  },
  {
    location_id: 3,
    location: "Las Vegas DC",
    dba: "Svc Distribution Nevada",
    address: "4800 W Dewey Dr",
    address2: "Suite 110",
    city: "Las Vegas",
    state: "NV",
    postal_code: "89118",
    cities: [
      c("Las Vegas", "891"),
      c("Henderson", "890"),
      c("North Las Vegas", "890"),
      c("Reno", "895"),
      c("Sparks", "894"),
      c("Carson City", "897"),
      c("Pahrump", "890"),
    ],
  },
  {
    location_id: 4,
    location: "Phoenix DC",
    dba: "Svc Distribution Arizona",
    address: "3300 S 40th St",
    address2: null,
    city: "Phoenix",
    state: "AZ",
    postal_code: "85040",
    cities: [
      c("Phoenix", "850"),
      c("Tempe", "852"),
      c("Mesa", "852"),
      c("Scottsdale", "852"),
      c("Tucson", "857"),
      c("Flagstaff", "860"),
      c("Chandler", "852"),
      c("Sedona", "863"),
    ],
  },
] as const;

/** The test environment has CA and NV (3 warehouses); production adds AZ (4 warehouses). */
export function seedPlaces(ctx: SeedContext): { states: StateTable[]; warehouses: Warehouse[] } {
  const codes = ctx.env === "test" ? ["CA", "NV"] : ["CA", "NV", "AZ"];
  const states = STATE_ROWS.filter((s) => codes.includes(s.state)).map((s) => ({
    ...s,
    active: 1 as const,
    time_updated: ctx.syncStamp,
  }));
  const warehouses = WAREHOUSES.filter((w) => codes.includes(w.state)).map(({ cities, ...row }) => ({
    row: { ...row, address3: null, time_updated: ctx.syncStamp },
    cities,
  }));
  return { states, warehouses };
}

/** Credit terms; the last one puts an account on hold. Term ids are the ERP's small integers. */
export const CREDIT_TERMS = [
  { term_id: 1, term: "COD", days_of_credit: 0, account_on_hold: 0 },
  { term_id: 2, term: "Net 7", days_of_credit: 7, account_on_hold: 0 },
  { term_id: 3, term: "Net 14", days_of_credit: 14, account_on_hold: 0 },
  { term_id: 4, term: "Net 30", days_of_credit: 30, account_on_hold: 0 },
  { term_id: 5, term: "Net 45", days_of_credit: 45, account_on_hold: 0 },
  { term_id: 6, term: "COD - Account On Hold", days_of_credit: 0, account_on_hold: 1 },
] as const;

export type TermId = (typeof CREDIT_TERMS)[number]["term_id"];

export function termDays(termId: number): number {
  return CREDIT_TERMS.find((t) => t.term_id === termId)?.days_of_credit ?? 0;
}

export function termName(termId: number): string {
  return CREDIT_TERMS.find((t) => t.term_id === termId)?.term ?? "COD";
}

export function seedCreditTerms(ctx: SeedContext): CreditTermTable[] {
  return CREDIT_TERMS.map((t) => ({ ...t, account_on_hold: t.account_on_hold ? 1 : 0, time_updated: ctx.syncStamp }));
}
