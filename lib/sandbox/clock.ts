/**
 * The sandbox's sense of "now". Seeded data is dated relative to it, and it stamps every write.
 * `SANDBOX_NOW` (an ISO timestamp) fixes it, for tests and reproducible demos; otherwise it follows the real clock.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: string | Date): Clock {
  const time = new Date(at).getTime();
  if (Number.isNaN(time)) throw new Error(`not a timestamp: ${String(at)}`);
  return { now: () => new Date(time) };
}

/** The clock the environment asks for: fixed by SANDBOX_NOW, or the system's. */
export function clockFromEnv(value: string | undefined): Clock {
  return value ? fixedClock(value) : systemClock;
}

/** YYYY-MM-DD of a date, in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
