/**
 * Where each product (or product line) of the brand is carried and how fast it turns per store, for a
 * period against the one of the same length just before it. Points of distribution ("doors") and velocity are what a
 * brand's sales lead asks after "what sold": a product selling more because it is in more stores is not one selling
 * faster. Pure; what each figure means is written in `DEFINITIONS` (definitions.ts).
 */
import {
  daysBetween,
  makesDoor,
  previousPeriod,
  roundedRatio,
  saleLines,
  type HistoryInput,
  type Period,
  type SaleLine,
} from "./definitions";

export type DistributionDimension = "product" | "line";

/** One product's or line's distribution in the period. */
export interface DistributionRow {
  /** ProductID as text, or the line's (product group's) name. */
  key: string;
  name: string;
  /** Stores with a non-returned invoice of it dated in the period. */
  doors: number;
  /** Doors of this period that were none of the previous period's. */
  newDoors: number;
  /** Doors of the previous period that are none of this period's. */
  lostDoors: number;
  /** Net units ÷ doors ÷ (the period's days ÷ 7), 2 decimals; null without a door. */
  unitsPerDoorPerWeek: string | null;
  /**
   * Doors ÷ the brand's doors (a product's: those in the state it ships to), in percent with one decimal; null when
   * there is no such door.
   */
  shareOfDoors: string | null;
}

/** `distribution`'s result: the period, the one it is compared with, the brand's doors and the rows. */
export interface Distribution {
  from: string;
  to: string;
  previous: { from: string; to: string };
  /** Stores that bought anything of the brand in the period (non-returned). */
  brandDoors: number;
  rows: DistributionRow[];
}

/** What a product or line gathers in one period. */
interface Tally {
  doors: Set<number>;
  units: number;
}

/**
 * Doors, new and lost doors, velocity and share of the brand's doors per product or product line (the product's
 * `group`; a product the catalogue no longer lists is in "Other"), doors descending then key. A row for anything
 * carried or sold in either period, so a product that lost all its doors shows them lost.
 *
 * @example
 * distribution("product", input, { from: "2026-11-01", to: "2026-11-28", zoneOf: customerZone }).rows[0];
 * // { key: "7", name: "Lager", doors: 12, newDoors: 3, lostDoors: 1, unitsPerDoorPerWeek: "4.25", shareOfDoors: "60.0" }
 */
export function distribution(by: DistributionDimension, input: HistoryInput, period: Period): Distribution {
  const before = previousPeriod(period);
  const products = new Map(input.products.map((p) => [p.productId, p]));
  const keyOf = (sale: SaleLine) =>
    by === "product" ? String(sale.line.productId) : (products.get(sale.line.productId)?.group ?? "Other");
  const nameOf = (key: string) => (by === "product" ? (products.get(Number(key))?.name ?? `Product ${key}`) : key);
  const current = tally(saleLines(input, period), keyOf);
  const previous = tally(saleLines(input, before), keyOf);
  const brandDoors = new Set([...current.values()].flatMap((t) => [...t.doors]));
  // A store buys its own state's products only (a brand selling in two states lists a product once per state), so a
  // product's share is of the brand's doors in its state; a store or product of no known state counts everywhere.
  const stateOf = new Map(input.customers.map((c) => [c.customerId, c.state]));
  const doorsIn = new Map<string, number>();
  const shareBase = (key: string): number => {
    const state = by === "product" ? products.get(Number(key))?.state : undefined;
    if (!state) return brandDoors.size;
    let n = doorsIn.get(state);
    if (n === undefined) {
      n = [...brandDoors].filter((id) => {
        const its = stateOf.get(id);
        return !its || its === state;
      }).length;
      doorsIn.set(state, n);
    }
    return n;
  };
  const days = BigInt(daysBetween(period.from, period.to) + 1);
  const rows = [...new Set([...current.keys(), ...previous.keys()])].map((key): DistributionRow => {
    const now = current.get(key) ?? { doors: new Set<number>(), units: 0 };
    const then = previous.get(key)?.doors ?? new Set<number>();
    const doors = BigInt(now.doors.size);
    return {
      key,
      name: nameOf(key),
      doors: now.doors.size,
      newDoors: [...now.doors].filter((id) => !then.has(id)).length,
      lostDoors: [...then].filter((id) => !now.doors.has(id)).length,
      // units ÷ doors ÷ (days ÷ 7) = units × 7 ÷ (doors × days), exactly, rounded once.
      unitsPerDoorPerWeek: doors === 0n ? null : roundedRatio(BigInt(now.units) * 7n, doors * days, 2),
      shareOfDoors: shareBase(key) === 0 ? null : roundedRatio(doors * 100n, BigInt(shareBase(key)), 1),
    };
  });
  rows.sort((a, b) => b.doors - a.doors || compareKeys(a.key, b.key));
  return {
    from: period.from,
    to: period.to,
    previous: { from: before.from, to: before.to },
    brandDoors: brandDoors.size,
    rows,
  };
}

/** Per key: the stores its lines delivered to (`makesDoor`), and its units net of returns (`netSale`). */
function tally(sales: readonly SaleLine[], keyOf: (sale: SaleLine) => string): Map<string, Tally> {
  const map = new Map<string, Tally>();
  for (const sale of sales) {
    const key = keyOf(sale);
    let t = map.get(key);
    if (!t) map.set(key, (t = { doors: new Set(), units: 0 }));
    t.units += sale.units;
    if (makesDoor(sale)) t.doors.add(sale.invoice.customerId);
  }
  return map;
}

/** Product ids as numbers, line names as text. */
function compareKeys(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  return Number.isInteger(x) && Number.isInteger(y) && a !== "" && b !== "" ? x - y : a.localeCompare(b);
}
