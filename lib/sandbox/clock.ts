/**
 * The sandbox's sense of "now". Seeded data is dated relative to it, and it stamps every write.
 * `SANDBOX_NOW` (an ISO timestamp) fixes it, for tests and reproducible demos; otherwise it follows the real clock.
 */
export interface Clock {
  now(): Date;
  /** True for a clock that stands still (SANDBOX_NOW): a seed made on it is right for that one moment only. */
  readonly fixed?: boolean;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: string | Date): Clock {
  const time = new Date(at).getTime();
  if (Number.isNaN(time)) throw new Error(`not a timestamp: ${String(at)}`);
  return { now: () => new Date(time), fixed: true };
}

/** The clock the environment asks for: fixed by SANDBOX_NOW, or the system's. */
export function clockFromEnv(value: string | undefined): Clock {
  return value ? fixedClock(value) : systemClock;
}

/** YYYY-MM-DD of a date, in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * An environment's clock: a base clock shifted by an offset the operator can change (`POST /{env}/operator/clock`),
 * so tests can move an environment to tomorrow and watch the ERP's work happen. With a fixed base it stays still;
 * with the system's it keeps running from wherever it was set.
 */
export interface EnvironmentClock extends Clock {
  /** Milliseconds added to the base clock. */
  readonly offsetMs: number;
  /** Moves the clock to a given time. */
  set(at: Date): void;
  /** Moves the clock forward (or back, with a negative amount). */
  advance(ms: number): void;
}

export function environmentClock(base: Clock, offsetMs = 0): EnvironmentClock {
  let offset = offsetMs;
  return {
    get offsetMs() {
      return offset;
    },
    now: () => new Date(base.now().getTime() + offset),
    set(at) {
      offset = at.getTime() - base.now().getTime();
    },
    advance(ms) {
      offset += ms;
    },
  };
}
