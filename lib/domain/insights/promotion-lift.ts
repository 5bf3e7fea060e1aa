/**
 * Did a promotion sell more than its stores would have bought anyway? For each promotion of the brand, the
 * units and revenue per door per week while it ran against the same doors' own 8 weeks before it, the lift in percent,
 * the discount it gave, and the doors it reached that had not bought its products in those 8 weeks. A promotion on
 * three stores for five days says nothing: such rows carry why they are too thin to tell, and no lift. Pure; what
 * each figure means is written in `DEFINITIONS` (definitions.ts).
 *
 * The promotions are `/promotionsProducts`' (name, days, products); the live test environment answered that list with
 * 500s (field notes), so a promotion the invoice lines name (`PromotionID`) and the list does not is read from its
 * lines alone: its days from the first to the last line priced by it, its products those lines' ("inferred").
 */
import { addDays } from "@/lib/format/days";
import { requireDecimal, toDecimalString } from "@/lib/format/decimal";
import {
  daysBetween,
  makesDoor,
  growthPercent,
  roundedRatio,
  saleLines,
  type HistoryInput,
  type SaleLine,
  type ZoneOptions,
} from "./definitions";

/** The weeks before a promotion its doors' baseline is read over. */
export const BASELINE_WEEKS = 8;
/** Fewer doors than this, and the lift is too thin to tell. */
export const LIFT_MIN_DOORS = 5;
/** A promotion that ran (within the history) fewer days than this is too short to tell. */
export const LIFT_MIN_DAYS = 14;

export interface LiftRow {
  promotionId: number;
  name: string;
  /** The days it ran, as far as the history reaches (inclusive). */
  from: string;
  to: string;
  /** Still running after the history's last day: its figures are of the days so far. */
  running: boolean;
  /** Not in the promotions list: its days and products read from the lines priced by it. */
  inferred: boolean;
  /** Stores with a non-returned line priced by it while it ran. */
  doors: number;
  /** Doors that bought none of its products in the 8 weeks before. */
  newDoors: number;
  /** Net units of its products the doors bought while it ran ÷ doors ÷ weeks, 2 decimals; null without a door. */
  unitsPerDoorPerWeek: string | null;
  /** The same doors' units per door per week of its products in the 8 weeks before. */
  baselineUnitsPerDoorPerWeek: string | null;
  /** (during − baseline) ÷ baseline in percent, one decimal; null when too thin or without a baseline. */
  unitsLift: string | null;
  /** Revenue (ExtPrice) per door per week while it ran, 2 decimals. */
  revenuePerDoorPerWeek: string | null;
  baselineRevenuePerDoorPerWeek: string | null;
  revenueLift: string | null;
  /** Net units sold at its price (lines priced by it). */
  promotedUnits: number;
  /** What it gave: each line priced by it, Discount × NumUnits (a return's subtracted), 2 decimals. */
  discount: string;
  /** Why the lift is not told: fewer than 5 doors, under 2 weeks, the 8 weeks before not in the history. */
  thin: string | null;
}

interface Promotion {
  promotionId: number;
  name: string;
  start: string;
  end: string;
  /** Its products; undefined for one on all of a supplier's products. */
  productIds?: ReadonlySet<number>;
  inferred: boolean;
}

/**
 * The lift of each promotion that ran in `period` (any of its days in it, none after `asOf`), the latest first.
 * `historyFrom` is the first day the history holds (the backfill's horizon): a baseline reaching before it is thin.
 *
 * @example
 * promotionLift(input, { from: "2026-08-31", to: "2026-11-29", asOf: "2026-11-29", historyFrom: "2025-11-29" })[0];
 * // { promotionId: 3001, name: "Holiday 10% off", doors: 12, unitsLift: "18.4", discount: "312.50", thin: null, ... }
 */
export function promotionLift(
  input: HistoryInput,
  options: { from: string; to: string; asOf: string; historyFrom?: string } & ZoneOptions,
): LiftRow[] {
  const { asOf, zoneOf } = options;
  const horizon = options.historyFrom ?? firstDay(input, zoneOf);
  // Every line the history holds, on its local day: the promotions' runs and baselines reach outside the period.
  const sales = saleLines(input, { from: "0000-01-01", to: asOf, zoneOf });
  const priced = new Map<number, typeof sales>();
  for (const sale of sales) {
    const id = sale.line.promotionId;
    if (id == null) continue;
    priced.set(id, [...(priced.get(id) ?? []), sale]);
  }
  const supplierOf = new Map(input.products.map((p) => [p.productId, p.supplierId]));
  const brandSuppliers = new Set([...input.products.map((p) => p.supplierId), ...input.lines.map((l) => l.supplierId)]);
  const promotions = new Map<number, Promotion>();
  for (const p of input.promotions ?? []) {
    const lines = priced.get(p.promotionId) ?? [];
    const mine =
      lines.length > 0 || p.productIds.some((id) => supplierOf.has(id)) || (p.allProducts && brandSuppliers.size === 1);
    if (!mine) continue;
    promotions.set(p.promotionId, {
      promotionId: p.promotionId,
      name: p.name || `Promotion ${p.promotionId}`,
      start: p.start,
      end: p.end,
      productIds: p.allProducts ? undefined : new Set(p.productIds),
      inferred: false,
    });
  }
  for (const [promotionId, lines] of priced) {
    if (promotions.has(promotionId)) continue;
    const days = lines.map((s) => s.day).sort();
    promotions.set(promotionId, {
      promotionId,
      name: `Promotion ${promotionId}`,
      start: days[0]!,
      end: days.at(-1)!,
      productIds: new Set(lines.map((s) => s.line.productId)),
      inferred: true,
    });
  }
  const rows: LiftRow[] = [];
  for (const promotion of promotions.values()) {
    const from = promotion.start < horizon ? horizon : promotion.start;
    const to = promotion.end > asOf ? asOf : promotion.end;
    // Ran in the period, within the history.
    if (from > to || to < options.from || from > options.to) continue;
    const lines = priced.get(promotion.promotionId) ?? [];
    const suppliers = new Set(lines.map((s) => s.line.supplierId));
    const covers = (productId: number, supplierId: number) =>
      promotion.productIds
        ? promotion.productIds.has(productId)
        : suppliers.size
          ? suppliers.has(supplierId)
          : brandSuppliers.has(supplierId);
    const baseFrom = addDays(from, -BASELINE_WEEKS * 7);
    const baseTo = addDays(from, -1);
    const during = lines.filter((s) => s.day >= from && s.day <= to);
    const doors = new Set(during.filter(makesDoor).map((s) => s.invoice.customerId));
    const ofDoors = (a: string, b: string) =>
      sales.filter(
        (s) =>
          s.day >= a && s.day <= b && doors.has(s.invoice.customerId) && covers(s.line.productId, s.line.supplierId),
      );
    const now = totals(ofDoors(from, to));
    const base = totals(ofDoors(baseFrom, baseTo));
    const days = BigInt(daysBetween(from, to) + 1);
    const baseDays = BigInt(BASELINE_WEEKS * 7);
    const d = BigInt(doors.size);
    const thin =
      doors.size < LIFT_MIN_DOORS
        ? `${doors.size} ${doors.size === 1 ? "door" : "doors"}, fewer than ${LIFT_MIN_DOORS}`
        : days < BigInt(LIFT_MIN_DAYS)
          ? `${days} ${days === 1n ? "day" : "days"}, under 2 weeks`
          : baseFrom < horizon
            ? `the ${BASELINE_WEEKS} weeks before are not all in the history`
            : null;
    // Per door per week: x × 7 ÷ (doors × days). The lift compares the two rates: (now × baseDays − base × days) ÷
    // (base × days), the doors cancelling out, exactly.
    const rate = (x: bigint, span: bigint, scale = 1n) => (d === 0n ? null : roundedRatio(x * 7n, d * span * scale, 2));
    const lift = (x: bigint, y: bigint) => (thin !== null || d === 0n ? null : growthPercent(x * baseDays, y * days));
    let discount = 0n;
    let promotedUnits = 0;
    for (const s of during) {
      promotedUnits += s.units;
      discount += requireDecimal(s.line.discount ?? "0") * BigInt(s.units);
    }
    rows.push({
      promotionId: promotion.promotionId,
      name: promotion.name,
      from,
      to,
      running: promotion.end > asOf,
      inferred: promotion.inferred,
      doors: doors.size,
      newDoors: [...doors].filter((id) => !base.doors.has(id)).length,
      unitsPerDoorPerWeek: rate(now.units, days),
      baselineUnitsPerDoorPerWeek: rate(base.units, baseDays),
      unitsLift: lift(now.units, base.units),
      revenuePerDoorPerWeek: rate(now.micros, days, 1_000_000n),
      baselineRevenuePerDoorPerWeek: rate(base.micros, baseDays, 1_000_000n),
      revenueLift: lift(now.micros, base.micros),
      promotedUnits,
      discount: toDecimalString(discount, 2),
      thin,
    });
  }
  return rows.sort((a, b) => b.from.localeCompare(a.from) || a.promotionId - b.promotionId);
}

/** Units and revenue (micros) of some sales net of returns, and the stores that bought (not returned). */
function totals(sales: readonly Pick<SaleLine, "returned" | "units" | "micros" | "invoice">[]) {
  let units = 0n;
  let micros = 0n;
  const doors = new Set<number>();
  for (const s of sales) {
    units += BigInt(s.units);
    micros += s.micros;
    if (!s.returned) doors.add(s.invoice.customerId);
  }
  return { units, micros, doors };
}

/** The history's first invoice day (when its horizon is not given). */
function firstDay(input: HistoryInput, zoneOf: ZoneOptions["zoneOf"]): string {
  const days = saleLines(input, { from: "0000-01-01", to: "9999-12-31", zoneOf }).map((s) => s.day);
  return days.length ? days.reduce((a, b) => (a < b ? a : b)) : "9999-12-31";
}
