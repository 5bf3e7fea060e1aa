import { isDataApiError } from "@/lib/data-api/data-api-error";
import { LOW_BUDGET_SHARE } from "@/lib/data-api/values";
import { abortError, type PageResult, type RateLimitSeen } from "./plan";

/**
 * An export's requests, one after another, within the Data API's rate limit (about 1,000 requests an hour per key):
 * the export keeps a reserve of requests for the rest of the dashboard, waits for the window to reset when it would
 * eat into it, and waits out a 429 before trying the same request again. The list export (`run-export.ts`) and the
 * child export (`run-child-export.ts`) make every request through one of these.
 */

/** Requests left untouched for the rest of the dashboard while an export runs, at least (the key's limit unknown). */
export const RATE_LIMIT_RESERVE = 20;

/**
 * The requests an export leaves for the rest of the dashboard: a tenth of the key's hourly limit (`LOW_BUDGET_SHARE`,
 * where the pages stop refetching too), never fewer than RATE_LIMIT_RESERVE.
 *
 * @example
 * reserveOf(1028); // 103
 * reserveOf(undefined); // 20
 */
export function reserveOf(limit: number | undefined): number {
  return limit === undefined ? RATE_LIMIT_RESERVE : Math.max(RATE_LIMIT_RESERVE, Math.ceil(limit * LOW_BUDGET_SHARE));
}
/** How often a request answered with 429 is tried again before the export fails. */
export const MAX_RETRIES = 3;
/** The wait after a 429 without Retry-After, or before a reset the service did not announce. */
const DEFAULT_WAIT_SECONDS = 60;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Settles as `work` does, or rejects with an AbortError as soon as the signal aborts, whichever comes first.
 *
 * @example
 * await untilAborted(sink.write(chunk), signal); // a cancel does not wait for a slow disk
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Whether the export waits for the window to reset before its next request. It goes on while the requests left
 * cover the requests still to make plus the reserve. When they do not, it waits for the reset, because a fresh window
 * will hold the rest; but when even a fresh window could not (an export larger than the limit), it uses this window
 * down to the reserve first, since waiting now would only make it wait again later.
 *
 * @example
 * waitsForReset({ limit: 1000, remaining: 30, at: 0 }, 18); // true: 30 < 18 + 20
 * waitsForReset(plan.rateLimit, requestsToFetch(plan)); // the dialog's "the export will pause" note
 */
export function waitsForReset(seen: Pick<RateLimitSeen, "limit" | "remaining">, toFetch: number): boolean {
  const { remaining, limit } = seen;
  const reserve = reserveOf(limit);
  if (remaining === undefined || remaining >= toFetch + reserve) return false;
  if (remaining <= reserve) return true;
  return limit !== undefined && toFetch + reserve <= limit;
}

export interface PacerOptions {
  /** What the last answer said of the window (the plan's last answer). */
  rateLimit: RateLimitSeen;
  signal: AbortSignal;
  /** The clock (tests). */
  now?: () => number;
  /** Waits `ms` (tests pass one that returns at once). A wait ends as soon as `signal` aborts. */
  sleep?: (ms: number) => Promise<void>;
  /** Told before each wait, with its seconds: the progress's "Resumes in …". */
  onWait?: (seconds: number) => void;
}

export interface Pacer {
  /**
   * Makes one request: first waits for the window to reset when the requests left do not cover `toFetch` (this
   * request and the ones still to come) plus the reserve; a 429 is waited out (Retry-After) and the request made
   * again, up to MAX_RETRIES times. Rejects with an AbortError as soon as the signal aborts, also during a wait.
   */
  request<T extends Pick<PageResult, "rateLimit">>(
    make: (signal: AbortSignal) => Promise<T>,
    toFetch: number,
  ): Promise<T>;
  /** Requests made so far, retries included. */
  readonly requests: number;
}

/**
 * The pacing of one export's requests, from the rate-limit headers of the answer before them.
 *
 * @example
 * const pacer = createPacer({ rateLimit: plan.rateLimit, signal, onWait: (s) => setWaiting(s) });
 * const page = await pacer.request((signal) => fetchPage(3, 500, signal), pagesLeft);
 */
export function createPacer({ rateLimit, signal, now = Date.now, sleep = defaultSleep, onWait }: PacerOptions): Pacer {
  let seen: RateLimitSeen = rateLimit;
  let requests = 0;

  async function wait(seconds: number): Promise<void> {
    onWait?.(seconds);
    await untilAborted(sleep(seconds * 1000), signal);
  }

  /** Waits, when the requests left are too few, until the window resets. */
  async function pace(toFetch: number): Promise<void> {
    if (!waitsForReset(seen, toFetch)) return;
    const resetAt = seen.reset === undefined ? undefined : seen.at + seen.reset * 1000;
    const seconds = resetAt === undefined ? DEFAULT_WAIT_SECONDS : Math.ceil((resetAt - now()) / 1000);
    if (seconds > 0) await wait(seconds);
    // The window has reset: what is left in it is known again from the next answer.
    seen = { at: now() };
  }

  return {
    get requests() {
      return requests;
    },
    async request(make, toFetch) {
      for (let retries = 0; ; retries++) {
        if (signal.aborted) throw abortError(signal);
        await pace(toFetch);
        try {
          requests++;
          const result = await untilAborted(make(signal), signal);
          seen = { ...result.rateLimit, at: now() };
          return result;
        } catch (error) {
          if (signal.aborted) throw abortError(signal);
          if (!isDataApiError(error) || error.status !== 429 || retries >= MAX_RETRIES) throw error;
          // The window is spent: after Retry-After, the next answer says what is left.
          seen = { at: now() };
          await wait(error.retryAfter ?? DEFAULT_WAIT_SECONDS);
        }
      }
    },
  };
}
