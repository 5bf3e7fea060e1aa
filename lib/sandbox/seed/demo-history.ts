import type { RetailerInventoryTable } from "../db/schema";
import { businessStamp, dayFromToday, type SeedContext, weekday } from "./context";
import type { CustomerInfo } from "./customers";
import type { StockEntry } from "./invoice-lines";
import { NEVER_COUNTED } from "./sentinels";

/**
 * The demo brand's year of history: what a brand's insights need to find something. Its retailers order
 * it on their own cadence rather than on every invoice, from the part of its catalog they carry (white space), and
 * some stop: a few ordered regularly until 61 to 90 days ago, more until longer ago, some ordered once. Every
 * invoice, the brand's or not, follows the season (a summer peak, a December bump) and the week (little at weekends).
 */

/** How a retailer came to order the brand, and whether it still does. */
export type BrandStory = "steady" | "lapsed-recently" | "lapsed-long" | "single";

export interface BrandProfile {
  story: BrandStory;
  /** Usual days between two of its orders of the brand. */
  cadence: number;
  /** Orders the brand from this age (days before today) ... */
  startAge: number;
  /** ... down to this one: the last order is the first invoice at or after it (lapsed retailers). */
  stopAge: number;
  maxOrders: number;
  /** The brand's products it carries, at its warehouse, in the warehouse's order (first received first). */
  entries: StockEntry[];
}

/** Stories by position among the brand's drawn retailers (id order), so that each exists at any scale. */
const STORIES: readonly BrandStory[] = [
  "steady",
  "steady",
  "steady",
  "lapsed-recently",
  "steady",
  "steady",
  "lapsed-long",
  "steady",
  "steady",
  "single",
];
/** The demo stores and the anchors order the brand weekly or so: often, but not on every invoice. */
const WEEKLY = 7;
/** Steady weekly retailers of the whole catalog per warehouse, the demo stores counting. */
export const ANCHORS = 4;
const CADENCES = [
  [14, 10],
  [21, 20],
  [30, 30],
  [45, 25],
  [60, 15],
] as const;

/**
 * The profile of the `position`-th drawn retailer carrying the brand. The demo stores and the first Active stores
 * carrying it at each warehouse (`ANCHORS` of them, the demo stores counting) order the whole catalog weekly and never
 * stop: every warehouse sells the brand steadily at any scale, which the replenishment planner's cases need.
 *
 * @example
 * drawBrandProfile(ctx, brandEntries, 3, "drawn").story; // "lapsed-recently"
 */
export function drawBrandProfile(
  ctx: SeedContext,
  entries: StockEntry[],
  position: number,
  kind: "demo" | "anchor" | "drawn",
): BrandProfile {
  const { rng } = ctx;
  if (kind !== "drawn")
    return {
      story: "steady",
      cadence: WEEKLY,
      startAge: 548,
      stopAge: 0,
      maxOrders: Number.POSITIVE_INFINITY,
      entries,
    };
  const story = STORIES[position % STORIES.length] as BrandStory;
  const share = rng.float(0.25, 0.9);
  let carried = entries.filter(() => rng.chance(share));
  if (carried.length === 0 && entries.length > 0) carried = [entries[rng.int(0, entries.length - 1)] as StockEntry];
  const cadence = rng.weighted(CADENCES);
  const stopAge = story === "lapsed-recently" ? rng.int(61, 72) : story === "lapsed-long" ? rng.int(91, 270) : 0;
  const startAge =
    story === "single" ? rng.int(20, 330) : rng.chance(0.75) ? 548 : Math.max(stopAge + 90, rng.int(60, 450));
  return {
    story,
    cadence,
    startAge,
    stopAge,
    maxOrders: story === "single" ? 1 : Number.POSITIVE_INFINITY,
    entries: carried,
  };
}

const WEEKDAY_WEIGHTS = [0, 0.9, 1.1, 1, 1.1, 0.95, 0.12, 0.04] as const;
/** The highest activity a day can have (summer peak on a Tuesday or Thursday), for rejection sampling. */
export const MAX_ACTIVITY = 1.25 * 1.1;

/**
 * How busy a day is, relative to an average weekday: the season (+22% in mid-July, -22% in mid-January, and a bump
 * of up to +30% around mid-December) times the weekday (stores order Tuesdays and Thursdays most, rarely at weekends).
 *
 * @example
 * activity("2026-07-14"); // about 1.35: a Tuesday in July
 */
export function activity(day: string): number {
  const month = Number(day.slice(5, 7));
  const doy = (month - 1) * 30.44 + Number(day.slice(8, 10));
  const season = 1 + 0.22 * Math.cos((2 * Math.PI * (doy - 196)) / 365.25) + 0.3 * Math.exp(-(((doy - 350) / 8) ** 2));
  return Math.min(1.25, season) * (WEEKDAY_WEIGHTS[weekday(day)] ?? 1);
}

/** A retailer's orders of the brand so far, while the invoices are made oldest first. */
export interface BrandCadence {
  orders: number;
  /** The next order is due on its first invoice at or after this age. */
  nextAge: number;
}

/** Whether the brand is on an invoice of this age: due by the cadence, or the lapsed retailer's last order. */
export function brandDue(
  profile: BrandProfile,
  cadence: BrandCadence,
  age: number,
  lastOrderAge: number | undefined,
): boolean {
  if (age === lastOrderAge) return cadence.orders < profile.maxOrders;
  return (
    age <= Math.min(cadence.nextAge, profile.startAge) && age > profile.stopAge && cadence.orders < profile.maxOrders
  );
}

/** After an order on `day`: the next is due a cadence later, sooner in a busy season. */
export function afterOrder(
  ctx: SeedContext,
  profile: BrandProfile,
  cadence: BrandCadence,
  age: number,
  day: string,
): void {
  cadence.orders++;
  const season = activity(day) / (WEEKDAY_WEIGHTS[weekday(day)] || 1);
  cadence.nextAge = age - Math.round((profile.cadence * ctx.rng.float(0.75, 1.25)) / season);
}

/**
 * Shelf inventory of the brand's products at its retailers, besides the stores that report every product (about one
 * in seven): 45% of its Active retailers that ordered it in the last 180 days count the brand's products they bought.
 * 10% of those rows were never counted (the sentinel, 0.00 and 0.00, as live-quirks.ts writes it); of the others,
 * 20% hold under 7 days of their DailySales, the rest 7 to 45 days. Pairs already reported are left as they are.
 */
export function brandShelves(
  ctx: SeedContext,
  rows: RetailerInventoryTable[],
  customers: CustomerInfo[],
  bought: Map<number, { lastAge: number; products: Set<number> }>,
): void {
  const { rng } = ctx;
  const present = new Set(rows.map((r) => `${r.customer_id}:${r.product_id}`));
  for (const c of customers) {
    const seen = bought.get(c.row.customer_id);
    if (!seen || c.row.account_status !== "Active" || seen.lastAge > 180 || !rng.chance(0.35)) continue;
    for (const productId of [...seen.products].sort((a, b) => a - b)) {
      if (present.has(`${c.row.customer_id}:${productId}`)) continue;
      const never = rng.chance(0.1);
      const last = dayFromToday(ctx, -rng.int(0, 6));
      const dailySales = rng.int(10, 300);
      const short = rng.chance(0.2);
      const units = (short ? Math.floor : Math.ceil)(
        ((short ? rng.float(0, 6.9) : rng.float(7, 45)) * dailySales) / 100,
      );
      rows.push({
        id: rows.length + 1,
        product_id: productId,
        customer_id: c.row.customer_id,
        inventory_centi: never ? 0 : units * 100,
        daily_sales_centi: never ? 0 : dailySales,
        last_inventory_date: never ? NEVER_COUNTED : last,
        time_updated: never ? ctx.syncStamp : businessStamp(ctx, last),
      });
    }
  }
}
