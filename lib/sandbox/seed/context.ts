import { isoDay } from "../clock";
import type { Environment } from "../environments";
import { Random } from "./random";

const DAY_MS = 86_400_000;

/** Everything a seed module needs besides the rows made before it: the environment, the clock and the generator. */
export interface SeedContext {
  env: Environment;
  now: Date;
  scale: number;
  rng: Random;
  /** now, as stored in timestamp columns. */
  nowIso: string;
  /** now's date (UTC), YYYY-MM-DD. */
  today: string;
  /**
   * The bulk `time_updated` most reference rows share, as the live service's nightly sync stamps them (the field
   * notes: many rows share one value): the most recent 08:00 UTC, the end of the day on the West Coast.
   */
  syncStamp: string;
}

export function createContext(env: Environment, now: Date, scale: number): SeedContext {
  return {
    env,
    now,
    scale,
    rng: new Random(`backroom-sandbox-${env}`),
    nowIso: now.toISOString(),
    today: isoDay(now),
    syncStamp: syncStamp(now),
  };
}

/** The most recent 08:00 UTC, in milliseconds. */
function lastSync(now: Date): number {
  const at = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 8);
  return at > now.getTime() ? at - DAY_MS : at;
}

function syncStamp(now: Date): string {
  return new Date(lastSync(now)).toISOString();
}

/**
 * The span a seed made at `now` stays right for: the same UTC date (every day of the seed counts from it: due dates,
 * ages, delivery weekdays) and the same nightly sync stamp (the last 08:00 UTC). Two seeds made within one span differ
 * only in times of day near their own moment (stamps capped at now, "a few minutes ago"), as two snapshots of the same
 * day would: a copy of the first serves the second's purpose (`../template.ts`). Spans end at 00:00 and 08:00 UTC.
 *
 * @example
 * seedPeriod(new Date("2026-11-25T10:00:00Z")); // { start: 2026-11-25T08:00Z, end: 2026-11-26T00:00Z }
 * seedPeriod(new Date("2026-11-25T03:00:00Z")); // { start: 2026-11-25T00:00Z, end: 2026-11-25T08:00Z }
 */
export function seedPeriod(now: Date): { start: Date; end: Date } {
  const sync = lastSync(now);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { start: new Date(Math.max(sync, midnight)), end: new Date(Math.min(sync + DAY_MS, midnight + DAY_MS)) };
}

/** A volume at this scale, never below `min` (so a small scale still has a few of everything). */
export function scaled(ctx: SeedContext, base: number, min: number): number {
  return Math.max(min, Math.round(base * ctx.scale));
}

/*
 * Date arithmetic runs a few hundred thousand times per seed, over a few hundred distinct days: days are converted
 * to and from day numbers (days since 1970-01-01) through caches rather than through Date each time.
 */
const dayNumbers = new Map<string, number>();
const dayTexts = new Map<number, string>();

function dayNumber(day: string): number {
  let n = dayNumbers.get(day);
  if (n === undefined) {
    n = Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
    dayNumbers.set(day, n);
  }
  return n;
}

function dayText(n: number): string {
  let text = dayTexts.get(n);
  if (text === undefined) {
    text = new Date(n * DAY_MS).toISOString().slice(0, 10);
    dayTexts.set(n, text);
  }
  return text;
}

/** The date `offset` days from today (negative: in the past), YYYY-MM-DD. */
export function dayFromToday(ctx: SeedContext, offset: number): string {
  return dayText(dayNumber(ctx.today) + offset);
}

/** A date plus some days, both YYYY-MM-DD. */
export function plusDays(day: string, days: number): string {
  return dayText(dayNumber(day) + days);
}

/** ISO weekday of a date: 1 = Monday .. 7 = Sunday. */
export function weekday(day: string): number {
  // Day 0 (1970-01-01) was a Thursday.
  return ((((dayNumber(day) + 3) % 7) + 7) % 7) + 1;
}

/** A timestamp on `day`, `minutes` after midnight UTC, never later than now. */
export function stampOn(ctx: SeedContext, day: string, minutes: number): string {
  const at = dayNumber(day) * DAY_MS + Math.round(minutes) * 60_000;
  return new Date(Math.min(at, ctx.now.getTime())).toISOString();
}

/** A timestamp some minutes after another, never later than now. */
export function stampAfter(ctx: SeedContext, iso: string, minutes: number): string {
  return new Date(Math.min(Date.parse(iso) + Math.round(minutes) * 60_000, ctx.now.getTime())).toISOString();
}

/** A timestamp during business hours on a day (15:00 to 23:59 UTC, which is morning to afternoon on the West Coast). */
export function businessStamp(ctx: SeedContext, day: string): string {
  return stampOn(ctx, day, ctx.rng.int(15 * 60, 24 * 60 - 1));
}

/** Dollars (with cents) to micro-units. */
export function dollars(amount: number): number {
  return Math.round(amount * 100) * 10_000;
}

/** Rounds micro-units to whole cents. */
export function roundCents(micros: number): number {
  return Math.round(micros / 10_000) * 10_000;
}
