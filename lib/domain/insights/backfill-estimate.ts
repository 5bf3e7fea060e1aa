/**
 * When a key's first backfill (`lib/server/insights/history-sync.ts`) expects to be done, for the Insights page and
 * the `HISTORY_PENDING` answer: from the windows left, the requests a window has taken so far, and the pace the
 * background reads at (one request a second at most, `SYNC_SHARE` of the key's hour, counted by the clock hour).
 * Honest when there is nothing to go by yet: no window read, no estimate.
 */
import { plural } from "@/lib/format/plural";

/** The days of one window of a backfill, newest first (the history sync walks in these). */
export const HISTORY_WINDOW_DAYS = 60;

/**
 * Requests that end a walk once its windows are read: the states, the customers, the products, the promotions, the
 * reps and the retailers' stock (7 for the demo brand at the sandbox's scale 1; an Employee key's reads its suppliers
 * too). A backfill reads all but the stock before its first window (`referencedAt` then set): its end is the stock's.
 */
export const CLOSING_REQUESTS = 8;
/** Requests of the retailers' stock, which ends every walk (one page for a brand at the sandbox's scale 1). */
export const SHELF_REQUESTS = 1;

/** What the estimate reads of a walk's state (`HistoryState`). */
export interface BackfillProgress {
  phase: "backfill" | "refresh" | "idle";
  /** The oldest day the backfill reaches. */
  horizon: string;
  window?: { from: string; to: string };
  requests: number;
  walk?: { day: string; requests: number; windowRequests: number };
  hour?: { start: string; requests: number };
  resumesAt?: string;
  /** When the walk read what the pages name and group by: a backfill does before its first window. */
  referencedAt?: string;
}

/** The pace the walk reads at. */
export interface BackfillPace {
  /** Requests the syncs may make in a clock hour (`syncRequestsPerHour`). */
  perHour: number;
  /** Milliseconds a request takes at least: the pace (`SYNC_PACE_MS`), or a second where it is unpaced. */
  requestMs: number;
}

export interface BackfillEstimate {
  windows: number;
  /** Windows read whole (their invoices and their lines). */
  windowsRead: number;
  /** Seconds until the year is in; undefined until a window is read (nothing to go by). */
  secondsLeft?: number;
  /** When the walk goes on, while it waits for the key's budget (ISO). */
  resumesAt?: string;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * Milliseconds `requests` take from `at`, at most `perHour` of them in each clock hour (`spent` already made in `at`'s
 * hour), each `requestMs` at least.
 */
function paced(requests: number, at: number, spent: number, pace: BackfillPace): number {
  const perHour = Math.max(1, pace.perHour);
  const requestMs = Math.max(1, pace.requestMs);
  let left = requests;
  let t = at;
  let allowance = Math.max(0, perHour - spent);
  while (left > 0) {
    const hourEnd = (Math.floor(t / HOUR_MS) + 1) * HOUR_MS;
    const fit = Math.min(left, allowance, Math.floor((hourEnd - t) / requestMs));
    left -= fit;
    t += fit * requestMs;
    if (left > 0) {
      t = Math.max(t, hourEnd);
      allowance = perHour;
    }
  }
  return t - at;
}

/**
 * The estimate of a first backfill under way; undefined for a walk that is not one (a refresh, none, or one started
 * before walks kept what the estimate needs).
 *
 * @example
 * backfillEstimate(state, { perHour: 71, requestMs: 1000 }, Date.now());
 * // { windows: 7, windowsRead: 3, secondsLeft: 44 }: 3 windows (180 days) took 36 requests, so the 186 days left some
 * // 38, less the 2 read of the window under way, and 8 to close; a second each, within this hour's share
 */
export function backfillEstimate(
  progress: BackfillProgress,
  pace: BackfillPace,
  now: number,
): BackfillEstimate | undefined {
  const { walk, window } = progress;
  if (progress.phase !== "backfill" || !walk || !window) return undefined;
  const days = daysBetween(progress.horizon, walk.day) + 1;
  const daysRead = Math.max(0, daysBetween(window.to, walk.day));
  const windows = Math.ceil(days / HISTORY_WINDOW_DAYS);
  const windowsRead = Math.min(windows, Math.round(daysRead / HISTORY_WINDOW_DAYS));
  const resumes = progress.resumesAt && Date.parse(progress.resumesAt) > now ? progress.resumesAt : undefined;
  const base = { windows, windowsRead, ...(resumes ? { resumesAt: resumes } : {}) };
  if (daysRead === 0) return base;
  // The requests a day of the windows read took, for the days left; less what the window under way has read.
  const perDay = (walk.windowRequests - walk.requests) / daysRead;
  const current = progress.requests - walk.windowRequests;
  const closing = progress.referencedAt ? SHELF_REQUESTS : CLOSING_REQUESTS;
  const left = Math.max(0, Math.ceil(perDay * (days - daysRead)) - current) + closing;
  const from = resumes ? Date.parse(resumes) : now;
  const spent =
    progress.hour && Math.floor(Date.parse(progress.hour.start) / HOUR_MS) === Math.floor(from / HOUR_MS)
      ? progress.hour.requests
      : 0;
  return { ...base, secondsLeft: Math.ceil((from - now + paced(left, from, spent, pace)) / 1000) };
}

/**
 * The estimate in words: "About 20 minutes left: 3 of 7 windows read", "Starting…" until a window is read.
 *
 * @example
 * estimateWords({ windows: 7, windowsRead: 3, secondsLeft: 1150 }); // "About 20 minutes left: 3 of 7 windows read"
 */
export function estimateWords(estimate: BackfillEstimate): string {
  const { secondsLeft, windows, windowsRead } = estimate;
  if (secondsLeft === undefined) return windowsRead === 0 ? "Starting…" : `${windowsRead} of ${windows} windows read`;
  const minutes = Math.ceil(secondsLeft / 60);
  const left =
    secondsLeft < 60
      ? "Less than a minute left"
      : minutes < 90
        ? `About ${plural(minutes, "minute")} left`
        : `About ${plural(Math.round(minutes / 60), "hour")} left`;
  return `${left}: ${windowsRead} of ${windows} windows read`;
}

/**
 * What `Retry-After` says to an API client while the backfill runs: the estimate, the walk's wait when there is no
 * estimate yet, else a minute; never under a second nor over a day.
 *
 * @example
 * retryAfterSeconds({ windows: 7, windowsRead: 0 }, Date.now()); // 60
 */
export function retryAfterSeconds(estimate: BackfillEstimate, now: number): number {
  const wait = estimate.resumesAt ? Math.ceil((Date.parse(estimate.resumesAt) - now) / 1000) : undefined;
  return Math.min(86_400, Math.max(1, estimate.secondsLeft ?? wait ?? 60));
}
