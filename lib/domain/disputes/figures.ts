import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { DISPUTE_REASONS, type DisputeLine, type DisputeReason, type DisputeStatus } from "./dispute";

/**
 * The disputes counted (`GET /api/disputes/figures`): for the distributor's staff, those open by age, how long the
 * resolved ones took, and what they were about (by reason, by brand, by product); for a brand, its own products'
 * quality lines by reason. Pure: the server hands it the disputes the asker sees (a brand: its lines only), and now.
 */

/** A dispute as counted: when it was opened and resolved, its lines, and what the ERP credited so far. */
export interface DisputeToCount {
  status: DisputeStatus;
  openedAt: string;
  resolvedAt: string | null;
  credited: string;
  lines: Pick<DisputeLine, "reason" | "amount" | "supplierId" | "productId" | "productName">[];
}

/** A bucket of open disputes by age in days since opened (0-2, 3-7, 8-14, 15+). */
export interface AgeBucket {
  label: string;
  /** The bucket's first day (the last is open-ended). */
  fromDays: number;
  toDays: number | null;
  count: number;
  /** Still in dispute (the amounts less what was credited), cents. */
  amount: string;
}

/** Disputes with at least one line of a kind, and the amount of those lines (cents). */
export interface Tally {
  count: number;
  amount: string;
}

export interface DisputeFigures {
  openByAge: AgeBucket[];
  open: Tally;
  resolved: number;
  /** The median days from opened to resolved of the resolved disputes (one decimal), null when none. */
  medianDaysToResolve: number | null;
  byReason: ({ reason: DisputeReason } & Tally)[];
  byBrand: ({ supplierId: number | null; name: string | null } & Tally)[];
  byProduct: ({ productId: number; name: string } & Tally)[];
}

export const AGE_BUCKETS: readonly { label: string; fromDays: number; toDays: number | null }[] = [
  { label: "0–2 days", fromDays: 0, toDays: 2 },
  { label: "3–7 days", fromDays: 3, toDays: 7 },
  { label: "8–14 days", fromDays: 8, toDays: 14 },
  { label: "15+ days", fromDays: 15, toDays: null },
];

const DAY_MS = 86_400_000;
const micros = (text: string) => parseDecimal(text) ?? 0n;

/** Whole days between two instants (the part of a day left over dropped). */
export const wholeDays = (from: string, to: number): number =>
  Math.max(0, Math.floor((to - Date.parse(from)) / DAY_MS));

/** The median of numbers, or null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Counts each dispute once per key its lines give, with the amount of those lines. */
function tallyBy<K>(disputes: readonly DisputeToCount[], keyOf: (line: DisputeToCount["lines"][number]) => K) {
  const tallies = new Map<K, { disputes: number; micros: bigint; line: DisputeToCount["lines"][number] }>();
  for (const d of disputes) {
    const seen = new Set<K>();
    for (const line of d.lines) {
      const key = keyOf(line);
      const t = tallies.get(key) ?? { disputes: 0, micros: 0n, line };
      if (!seen.has(key)) t.disputes += 1;
      seen.add(key);
      t.micros += micros(line.amount);
      tallies.set(key, t);
    }
  }
  return [...tallies.entries()]
    .map(([key, t]) => ({ key, line: t.line, count: t.disputes, micros: t.micros }))
    .sort((a, b) => (a.micros === b.micros ? b.count - a.count : a.micros > b.micros ? -1 : 1));
}

/**
 * The figures of these disputes at `now` (ms); `supplierNames` names the brands where known.
 *
 * @example
 * disputeFigures(disputes, Date.parse("2026-11-21T18:00:00Z")).openByAge[0]; // { label: "0–2 days", count: 3, ... }
 */
export function disputeFigures(
  disputes: readonly DisputeToCount[],
  now: number,
  supplierNames: ReadonlyMap<number, string> = new Map(),
): DisputeFigures {
  const open = disputes.filter((d) => d.status !== "resolved");
  const openByAge = AGE_BUCKETS.map((b) => ({ ...b, count: 0, micros: 0n }));
  let openMicros = 0n;
  for (const d of open) {
    const days = wholeDays(d.openedAt, now);
    const bucket = openByAge.find((b) => days >= b.fromDays && (b.toDays === null || days <= b.toDays))!;
    const left = d.lines.reduce((sum, l) => sum + micros(l.amount), 0n) - micros(d.credited);
    bucket.count += 1;
    bucket.micros += left > 0n ? left : 0n;
    openMicros += left > 0n ? left : 0n;
  }
  const resolved = disputes.filter((d) => d.status === "resolved" && d.resolvedAt);
  const took = resolved.map((d) => (Date.parse(d.resolvedAt!) - Date.parse(d.openedAt)) / DAY_MS);
  const mid = median(took);
  const byReason = new Map(tallyBy(disputes, (l) => l.reason).map((t) => [t.key, t]));
  return {
    openByAge: openByAge.map(({ micros: m, ...b }) => ({ ...b, amount: toDecimalString(m) })),
    open: { count: open.length, amount: toDecimalString(openMicros) },
    resolved: resolved.length,
    medianDaysToResolve: mid === null ? null : Math.round(mid * 10) / 10,
    byReason: DISPUTE_REASONS.flatMap((reason) => {
      const t = byReason.get(reason);
      return t ? [{ reason, count: t.count, amount: toDecimalString(t.micros) }] : [];
    }),
    byBrand: tallyBy(disputes, (l) => l.supplierId).map((t) => ({
      supplierId: t.key,
      name: t.key === null ? null : (supplierNames.get(t.key) ?? null),
      count: t.count,
      amount: toDecimalString(t.micros),
    })),
    byProduct: tallyBy(disputes, (l) => l.productId).map((t) => ({
      productId: t.key,
      name: t.line.productName,
      count: t.count,
      amount: toDecimalString(t.micros),
    })),
  };
}
