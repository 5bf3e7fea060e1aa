import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { formatMoney } from "@/lib/format/display";
import type { Reliability, ScoreAdvice, ScoreComponent, ScoreComponentKey } from "./view";

/**
 * The payment-reliability score of an AR account: 0 to 100, from the Data API's own history of the last 365 days (its
 * invoices, the confirmed payment applications that paid them, and the AR aging), with published weights. Pure: the
 * daily snapshot computes it for every account (`lib/server/credit/`), the pages show each part with its figure, and
 * `SCORE_DEFINITIONS` says every rule in words. Money is summed exactly as BigInt micro-units; only the figures
 * (days, shares) are numbers.
 */

/** The weight of each part, in percent (they add up to 100). */
export const SCORE_WEIGHTS = { daysBeyondTerms: 40, paidOnTime: 30, over60: 20, trend: 10 } as const;
/** The history judged: invoices due in the last 365 days. */
export const SCORE_WINDOW_DAYS = 365;
/** The trend's recent window: invoices due in the last 90 days, against those due in the 275 before. */
export const TREND_RECENT_DAYS = 90;
/** Days past due at which the days part gives 0 points. */
export const DAYS_FOR_ZERO_POINTS = 60;
/** Days sooner (or later) at which the trend part gives 100 (or 0) points. */
export const TREND_FULL_SWING_DAYS = 30;
/** The days a money step of the advice is judged over: the step taken today against nothing paid for that long. */
export const ADVICE_HORIZON_DAYS = 30;
/** Invoice statuses judged: delivered (3 Loaded, 5 Balanced, 7 Verified). */
export const JUDGED_STATUSES: readonly number[] = [3, 5, 7];

export const COMPONENT_LABELS: Record<ScoreComponentKey, string> = {
  daysBeyondTerms: "Days paid beyond terms",
  paidOnTime: "Paid by the due date",
  over60: "Over 60 days now",
  trend: "Trend",
};

export interface ScoreInvoice {
  invoiceNum: string;
  /** YYYY-MM-DD (an ISO date-time is read by its first 10 characters). */
  dueDate: string;
  total: string;
  status: number;
}
export interface ScoreApplication {
  targetInvoiceNum: string;
  amount: string;
  status: string;
  /** ISO date-time; null until the application is confirmed. */
  timeApplied: string | null;
}
export interface ScoreAging {
  current: string;
  due1to30: string;
  due31to60: string;
  due61to90: string;
  due91: string;
}

/** The published definitions, as the pages show them (docs/figures.md says the same). */
export const SCORE_DEFINITIONS = `The payment-reliability score is 0 to 100, from the Data API's own history of the last ${SCORE_WINDOW_DAYS} days, recomputed with the daily snapshot. It is four parts, each giving 0 to 100 points, weighted: days paid beyond terms ${SCORE_WEIGHTS.daysBeyondTerms} %, paid by the due date ${SCORE_WEIGHTS.paidOnTime} %, over 60 days now ${SCORE_WEIGHTS.over60} %, trend ${SCORE_WEIGHTS.trend} %. The score is the weighted sum of the parts' points, rounded to a whole number; each part's points are shown rounded, the score is summed from them unrounded.
Invoices judged: delivered invoices (status 3, 5 or 7) with a total above 0 and a due date in the last ${SCORE_WINDOW_DAYS} days (after the day ${SCORE_WINDOW_DAYS} days before, up to the day of the score). Credits and returns (status 4), invoices not delivered (status 1 and 2) and invoices not yet due are not judged. With no invoice judged, there is no score (too little history).
An invoice's payments: the confirmed payment applications to it applied on or before the day of the score, in time order. A negative application (a reversal) takes back from the latest payments first; what is paid beyond the invoice's total counts no further. A payment's days late are the calendar days (UTC) from the due date to the day it was applied, 0 when it was applied by the due date.
Days paid beyond terms: each payment weighs its amount times its days late; what is still unpaid weighs its amount times the days it is past due now (not paid yet: at least that late). The sum is divided by the value of the invoices judged (1 decimal). Points: 100 at 0 days, falling evenly to 0 at ${DAYS_FOR_ZERO_POINTS} days or more.
Paid by the due date: the payments applied on or before their invoice's due date, as a share of the value of the invoices judged. Points: 100 times the share.
Over 60 days now: the AR aging's 61–90 and 91+ days, as a share of its open buckets (current, 1–30, 31–60, 61–90, 91+; a negative bucket counts 0); 0 when nothing is open. Points: 100 times (1 − the share). When the aging is not known, the part gives a neutral 50 points.
Trend: the days paid beyond terms (same rule) of the invoices due in the ${SCORE_WINDOW_DAYS - TREND_RECENT_DAYS} days before the last ${TREND_RECENT_DAYS}, less those of the invoices due in the last ${TREND_RECENT_DAYS} (positive: paying sooner; 1 decimal). Points: 50, plus 50 for every ${TREND_FULL_SWING_DAYS} days sooner (minus for later), kept within 0 to 100. With no invoice judged in either window, a neutral 50 points.
What would raise it: "Pay the amount over 60 days" and "Pay the amount past due" (1 to 60 days) are each judged ${ADVICE_HORIZON_DAYS} days on: the score with that amount paid today (its invoices' unpaid part stops counting days, and it leaves the aging) against the score with nothing paid (unpaid parts count ${ADVICE_HORIZON_DAYS} more days, and the aging moves a bucket older). "Pay each invoice by its due date" is the score today were every invoice judged paid on its due day (0 days beyond terms, all paid by the due date, no trend either way), the aging as it is. Only steps worth at least 1 point are shown, the largest first.`;

/** A payment that counts toward an invoice: its amount and the day (UTC) it was applied, as a day number. */
interface Part {
  micros: bigint;
  day: number;
}

/**
 * A judged invoice: its due day (a day number), its total and the payments that count toward it (they sum to at most
 * the total). Days are held as whole days since 1970-01-01 (UTC), so that a difference of days is a subtraction.
 */
interface Judged {
  due: number;
  total: bigint;
  parts: Part[];
}

interface Applied {
  micros: bigint;
  at: number;
  day: number;
}

const DAY_MS = 86_400_000;
/** A YYYY-MM-DD as whole days since 1970-01-01 (UTC). */
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The figures of the four parts (rounded as published); null where nothing measures them. */
interface Figures {
  daysBeyondTerms: number | null;
  paidOnTime: number | null;
  over60: number | null;
  trend: number | null;
}

const KEYS: readonly ScoreComponentKey[] = ["daysBeyondTerms", "paidOnTime", "over60", "trend"];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Half away from zero to `digits` decimals (a figure, not money). */
function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  const rounded = Math.round(Math.abs(value) * scale) / scale;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const positive = (text: string) => {
  const micros = parseDecimal(text) ?? 0n;
  return micros > 0n ? micros : 0n;
};

/** The confirmed applications applied on or before `asOf`, by invoice number, in time order. */
function appliedByInvoice(applications: readonly ScoreApplication[], asOf: number): Map<string, Applied[]> {
  const byInvoice = new Map<string, Applied[]>();
  for (const a of applications) {
    if (a.status !== "Confirmed" || a.timeApplied === null) continue;
    const at = Date.parse(a.timeApplied);
    const micros = parseDecimal(a.amount);
    if (Number.isNaN(at) || micros === undefined || micros === 0n) continue;
    const day = Math.floor(at / DAY_MS);
    if (day > asOf) continue;
    const list = byInvoice.get(a.targetInvoiceNum) ?? [];
    list.push({ micros, at, day });
    byInvoice.set(a.targetInvoiceNum, list);
  }
  for (const list of byInvoice.values()) list.sort((x, y) => x.at - y.at);
  return byInvoice;
}

/** The payments that count toward an invoice: reversals take back from the latest first; none beyond the total. */
function partsOf(applied: readonly Applied[], total: bigint): Part[] {
  const kept: Part[] = [];
  for (const a of applied) {
    if (a.micros > 0n) {
      kept.push({ micros: a.micros, day: a.day });
      continue;
    }
    let back = -a.micros;
    while (back > 0n && kept.length > 0) {
      const last = kept[kept.length - 1]!;
      if (last.micros <= back) {
        back -= last.micros;
        kept.pop();
      } else {
        last.micros -= back;
        back = 0n;
      }
    }
  }
  const parts: Part[] = [];
  let left = total;
  for (const part of kept) {
    if (left <= 0n) break;
    const micros = part.micros < left ? part.micros : left;
    parts.push({ micros, day: part.day });
    left -= micros;
  }
  return parts;
}

/** The invoices judged for a score as of `asOf`, each with the payments that count toward it. */
function judgedOf(
  invoices: readonly ScoreInvoice[],
  applications: readonly ScoreApplication[],
  asOf: number,
): Judged[] {
  const from = asOf - SCORE_WINDOW_DAYS;
  const applied = appliedByInvoice(applications, asOf);
  const seen = new Set<string>();
  const judged: Judged[] = [];
  for (const invoice of invoices) {
    const text = invoice.dueDate.slice(0, 10);
    const total = parseDecimal(invoice.total);
    if (!JUDGED_STATUSES.includes(invoice.status) || total === undefined || total <= 0n || !DAY.test(text)) continue;
    const due = dayNumber(text);
    if (Number.isNaN(due) || due <= from || due > asOf || seen.has(invoice.invoiceNum)) continue;
    seen.add(invoice.invoiceNum);
    judged.push({ due, total, parts: partsOf(applied.get(invoice.invoiceNum) ?? [], total) });
  }
  return judged;
}

const unpaidOf = (invoice: Judged) => invoice.parts.reduce((left, p) => left - p.micros, invoice.total);

/** Amount-weighted days beyond terms, unrounded; what is unpaid counts its days past due up to `unpaidTo`. */
function daysBeyond(judged: readonly Judged[], unpaidTo: number): number | null {
  let weighted = 0n;
  let invoiced = 0n;
  for (const invoice of judged) {
    invoiced += invoice.total;
    for (const part of invoice.parts) weighted += part.micros * BigInt(Math.max(0, part.day - invoice.due));
    weighted += unpaidOf(invoice) * BigInt(Math.max(0, unpaidTo - invoice.due));
  }
  return invoiced === 0n ? null : Number(weighted) / Number(invoiced);
}

function paidOnTime(judged: readonly Judged[]): number | null {
  let onTime = 0n;
  let invoiced = 0n;
  for (const invoice of judged) {
    invoiced += invoice.total;
    for (const part of invoice.parts) if (part.day <= invoice.due) onTime += part.micros;
  }
  return invoiced === 0n ? null : round(Number(onTime) / Number(invoiced), 4);
}

function over60Share(aging: ScoreAging | null): number | null {
  if (aging === null) return null;
  const over = positive(aging.due61to90) + positive(aging.due91);
  const open = over + positive(aging.current) + positive(aging.due1to30) + positive(aging.due31to60);
  return open === 0n ? 0 : round(Number(over) / Number(open), 4);
}

function trendOf(judged: readonly Judged[], asOf: number, unpaidTo: number): number | null {
  const recentFrom = asOf - TREND_RECENT_DAYS;
  const recent = daysBeyond(
    judged.filter((i) => i.due > recentFrom),
    unpaidTo,
  );
  const before = daysBeyond(
    judged.filter((i) => i.due <= recentFrom),
    unpaidTo,
  );
  return recent === null || before === null ? null : round(before - recent, 1);
}

function figuresOf(judged: readonly Judged[], aging: ScoreAging | null, asOf: number, unpaidTo: number): Figures {
  const days = daysBeyond(judged, unpaidTo);
  return {
    daysBeyondTerms: days === null ? null : round(days, 1),
    paidOnTime: paidOnTime(judged),
    over60: over60Share(aging),
    trend: trendOf(judged, asOf, unpaidTo),
  };
}

/** Each part's points (0 to 100, unrounded) from its figure; a part with no figure gives a neutral 50. */
function pointsOf(figures: Figures): Record<ScoreComponentKey, number> {
  const { daysBeyondTerms: days, paidOnTime: onTime, over60, trend } = figures;
  return {
    daysBeyondTerms: days === null ? 50 : 100 * Math.max(0, 1 - days / DAYS_FOR_ZERO_POINTS),
    paidOnTime: onTime === null ? 50 : 100 * onTime,
    over60: over60 === null ? 50 : 100 * (1 - over60),
    trend: trend === null ? 50 : clamp(50 + (50 * trend) / TREND_FULL_SWING_DAYS, 0, 100),
  };
}

/** The weighted sum of the parts' points, unrounded. */
function weighted(figures: Figures): number {
  const points = pointsOf(figures);
  return KEYS.reduce((sum, key) => sum + (SCORE_WEIGHTS[key] * points[key]) / 100, 0);
}

const percent = (share: number) => `${round(share * 100, 1).toFixed(1)} %`;

function wordsOf(key: ScoreComponentKey, value: number | null): string {
  switch (key) {
    case "daysBeyondTerms":
      return value === null
        ? `No invoice was due in the last ${SCORE_WINDOW_DAYS} days: nothing to measure.`
        : `Paid ${value.toFixed(1)} days past due on average, weighted by amount (what is unpaid counts the days it is past due).`;
    case "paidOnTime":
      return value === null
        ? `No invoice was due in the last ${SCORE_WINDOW_DAYS} days: nothing to measure.`
        : `${percent(value)} of the invoiced value was paid by its due date.`;
    case "over60":
      if (value === null) return "The aging is not known: this part gives a neutral 50 points.";
      return value === 0
        ? "Nothing is over 60 days past due."
        : `${percent(value)} of the open balance is over 60 days past due.`;
    case "trend": {
      const before = `the ${SCORE_WINDOW_DAYS - TREND_RECENT_DAYS} days before`;
      if (value === null)
        return `Too little history to compare the last ${TREND_RECENT_DAYS} days with ${before}: a neutral 50 points.`;
      if (value === 0) return `Paying as promptly in the last ${TREND_RECENT_DAYS} days as in ${before}.`;
      const days = Math.abs(value).toFixed(1);
      return `Paying ${days} days ${value > 0 ? "sooner" : "later"} in the last ${TREND_RECENT_DAYS} days than in ${before}.`;
    }
  }
}

function componentsOf(figures: Figures): ScoreComponent[] {
  const points = pointsOf(figures);
  return KEYS.map((key) => ({
    key,
    label: COMPONENT_LABELS[key],
    weight: SCORE_WEIGHTS[key],
    value: figures[key],
    points: Math.round(points[key]),
    words: wordsOf(key, figures[key]),
  }));
}

/** The aging a bucket older: what is current becomes 1–30 days, and so on; 61–90 joins 91+. */
const agedOnce = (a: ScoreAging): ScoreAging => ({
  current: "0",
  due1to30: a.current,
  due31to60: a.due1to30,
  due61to90: a.due31to60,
  due91: toDecimalString(positive(a.due61to90) + positive(a.due91), 6),
});

/** The judged invoices with the unpaid part of those `paid` picks paid on `day`. */
const payingToday = (judged: readonly Judged[], day: number, paid: (daysPastDue: number) => boolean): Judged[] =>
  judged.map((invoice) => {
    const unpaid = unpaidOf(invoice);
    return unpaid > 0n && paid(day - invoice.due)
      ? { ...invoice, parts: [...invoice.parts, { micros: unpaid, day }] }
      : invoice;
  });

/** The money steps, each judged `ADVICE_HORIZON_DAYS` on against nothing paid (see `SCORE_DEFINITIONS`). */
function moneySteps(judged: readonly Judged[], aging: ScoreAging, asOf: number): ScoreAdvice[] {
  const horizon = asOf + ADVICE_HORIZON_DAYS;
  const nothingPaid = weighted(figuresOf(judged, agedOnce(aging), asOf, horizon));
  const over60 = positive(aging.due61to90) + positive(aging.due91);
  const pastDue = positive(aging.due1to30) + positive(aging.due31to60);
  const steps = [
    {
      amount: over60,
      text: (money: string) => `Pay the ${money} over 60 days`,
      component: "over60" as const,
      paid: (days: number) => days > 60,
      aging: { ...aging, due61to90: "0", due91: "0" },
    },
    {
      amount: pastDue,
      text: (money: string) => `Pay the ${money} past due`,
      component: "daysBeyondTerms" as const,
      paid: (days: number) => days >= 1 && days <= 60,
      aging: { ...aging, due1to30: "0", due31to60: "0" },
    },
  ];
  return steps.flatMap((step) => {
    if (step.amount === 0n) return [];
    const taken = weighted(figuresOf(payingToday(judged, asOf, step.paid), agedOnce(step.aging), asOf, horizon));
    const amount = toDecimalString(step.amount, 2);
    return [
      {
        component: step.component,
        text: step.text(formatMoney(amount)),
        amount,
        gain: Math.round(taken - nothingPaid),
      },
    ];
  });
}

function adviceOf(judged: readonly Judged[], aging: ScoreAging | null, asOf: number, figures: Figures): ScoreAdvice[] {
  const onTime: Figures = {
    daysBeyondTerms: 0,
    paidOnTime: 1,
    over60: figures.over60,
    trend: figures.trend === null ? null : 0,
  };
  const steps: ScoreAdvice[] = [
    ...(aging === null ? [] : moneySteps(judged, aging, asOf)),
    {
      component: "paidOnTime",
      text: "Pay each invoice by its due date",
      amount: null,
      gain: Math.round(weighted(onTime) - weighted(figures)),
    },
  ];
  // A stable sort: equal gains keep the order over 60, past due, by the due date.
  return steps.filter((s) => s.gain >= 1).sort((a, b) => b.gain - a.gain);
}

/**
 * The payment-reliability score of an AR account as of a day (YYYY-MM-DD), from its invoices, its payment applications
 * and its aging (null: not known). Every rule is in `SCORE_DEFINITIONS`.
 *
 * @example
 * reliability({ invoices, applications, aging }, "2026-11-20"); // { score: 82, components: [...4], advice: [...] }
 */
export function reliability(
  input: { invoices: readonly ScoreInvoice[]; applications: readonly ScoreApplication[]; aging: ScoreAging | null },
  asOf: string,
): Reliability {
  const day = dayNumber(asOf);
  if (!DAY.test(asOf) || Number.isNaN(day))
    throw new RangeError(`asOf must be a day, YYYY-MM-DD: ${JSON.stringify(asOf)}`);
  const judged = judgedOf(input.invoices, input.applications, day);
  const figures = figuresOf(judged, input.aging, day, day);
  const invoiced = judged.reduce((sum, i) => sum + i.total, 0n);
  return {
    score: judged.length === 0 ? null : Math.round(weighted(figures)),
    asOf,
    invoices: judged.length,
    invoiced: toDecimalString(invoiced, 2),
    components: componentsOf(figures),
    advice: judged.length === 0 ? [] : adviceOf(judged, input.aging, day, figures),
  };
}
