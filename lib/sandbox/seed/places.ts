import type { CreditTermTable, LocationTable, StateTable } from "../db/schema";
import type { SeedContext } from "./context";

/**
 * A city customers and vendors can be in: the first three digits of its postal codes (a vendor's address invents the
 * rest), where it is, and some of its real postal codes (a store's address takes one, so a map places the store in its
 * city: GeoNames' codes within 15 km of the city's centre, as the `zipcodes` package has them).
 */
export interface City {
  name: string;
  zip3: string;
  lat: number;
  lon: number;
  zips: readonly string[];
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

const c = (name: string, zip3: string, lat: number, lon: number, zips: string): City => ({
  name,
  zip3,
  lat,
  lon,
  zips: zips.split(" "),
});

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
      c("Oakland", "946", 37.805, -122.253, "94601 94604 94607 94611 94615 94619 94623 94659"),
      c("San Francisco", "941", 37.779, -122.416, "94101 94109 94117 94125 94133 94142 94153 94162"),
      c("Berkeley", "947", 37.871, -122.276, "94701 94702 94703 94705 94707 94708 94710 94712"),
      c("San Jose", "951", 37.344, -121.894, "95101 95112 95120 95127 95134 95150 95157 95172"),
      c("Sacramento", "958", 38.568, -121.487, "94203 94235 94252 94271 94287 95811 95823 95840"),
      c("Santa Rosa", "954", 38.444, -122.71, "95401 95402 95403 95404 95405 95406 95407 95409"),
      c("Eureka", "955", 40.783, -124.163, "95501 95502 95503"),
      c("Fremont", "945", 37.573, -121.974, "94536 94537 94538 94539 94555"),
      c("Santa Cruz", "950", 36.994, -122.032, "95060 95061 95062 95063 95064 95065"),
      c("Vallejo", "945", 38.115, -122.253, "94589 94590 94591 94592"),
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
      c("Los Angeles", "900", 34.034, -118.264, "90001 90011 90022 90035 90046 90058 90070 90084"),
      c("Long Beach", "908", 33.787, -118.206, "90801 90804 90807 90813 90822 90833 90842 90847"),
      c("Santa Ana", "927", 33.739, -117.852, "92701 92702 92704 92705 92707 92711 92725 92735"),
      c("Riverside", "925", 33.959, -117.411, "92501 92503 92505 92507 92509 92514 92516 92519"),
      c("San Diego", "921", 32.733, -117.147, "92101 92109 92119 92136 92152 92165 92175 92191"),
      c("Pasadena", "911", 34.151, -118.135, "91101 91104 91107 91114 91121 91125 91182 91188"),
      c("Palm Springs", "922", 33.809, -116.532, "92262 92263 92264 92292"),
      c("Bakersfield", "933", 35.318, -118.973, "93301 93303 93306 93309 93313 93382 93385 93388"),
      c("Santa Barbara", "931", 34.428, -119.713, "93101 93103 93106 93108 93110 93120 93130 93150"),
      c("Ventura", "930", 34.295, -119.258, "93001 93002 93003 93004 93005 93006 93007 93009"),
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
      c("Las Vegas", "891", 36.17, -115.208, "89101 89108 89117 89125 89135 89147 89156 89170"),
      c("Henderson", "890", 35.985, -115.025, "89002 89009 89012 89014 89016 89052 89053 89074"),
      c("North Las Vegas", "890", 36.263, -115.149, "89030 89031 89032 89033 89081 89084 89085 89086"),
      c("Reno", "895", 39.542, -119.836, "89501 89503 89506 89509 89513 89520 89533 89570"),
      c("Sparks", "894", 39.575, -119.73, "89431 89432 89434 89435 89436 89441"),
      c("Carson City", "897", 39.148, -119.774, "89701 89702 89703 89705 89711 89712 89713 89714"),
      c("Pahrump", "890", 36.189, -115.992, "89041 89048 89060 89061"),
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
      c("Phoenix", "850", 33.475, -112.038, "85001 85008 85016 85028 85038 85055 85067 85075"),
      c("Tempe", "852", 33.395, -111.93, "85280 85281 85282 85283 85284 85285 85287 85289"),
      c("Mesa", "852", 33.415, -111.756, "85201 85203 85205 85208 85210 85212 85215 85274"),
      c("Scottsdale", "852", 33.562, -111.901, "85250 85251 85254 85255 85257 85259 85260 85267"),
      c("Tucson", "857", 32.221, -110.923, "85701 85706 85711 85716 85721 85726 85733 85750"),
      c("Flagstaff", "860", 35.193, -111.645, "86001 86002 86003 86004 86005 86011"),
      c("Chandler", "852", 33.293, -111.85, "85224 85225 85226 85244 85246 85248 85249 85286"),
      c("Sedona", "863", 34.813, -111.766, "86336 86339 86341 86351"),
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

export function termDays(termId: number): number {
  return CREDIT_TERMS.find((t) => t.term_id === termId)?.days_of_credit ?? 0;
}

export function termName(termId: number): string {
  return CREDIT_TERMS.find((t) => t.term_id === termId)?.term ?? "COD";
}

export function seedCreditTerms(ctx: SeedContext): CreditTermTable[] {
  return CREDIT_TERMS.map((t) => ({ ...t, account_on_hold: t.account_on_hold ? 1 : 0, time_updated: ctx.syncStamp }));
}
