import "server-only";
import type { Logger } from "../log";
import type { Metrics } from "../metrics";
import type { Job, JobOptions, JobQueue } from "./job-queue";
import type { ClaimedJob, JobStore, SendRequest } from "./job-store";
import { errorMessage, type InFlightRun, type RunContext, settleRuns, startRun, within } from "./job-runs";

export type { ClaimedJob, JobOutcome, JobStore, SendRequest } from "./job-store";

export interface RunnerOptions {
  /** How often to look for due jobs; a send of a kind this runner works looks at once. */
  pollMs: number;
  /** Jobs run at once by this runner. */
  concurrency: number;
  /** How long a run may take: a handler still running then is failed (retried), as its lease ends for the others. */
  leaseSeconds: number;
  /** How long `stop()` waits for the jobs in flight before giving them back (failed, so they are retried). */
  stopTimeoutMs: number;
  /** `backroom_jobs_total{kind,outcome}`. */
  metrics?: Pick<Metrics, "jobs">;
  /** A handler's throw (`warn`), what the queue could not do (`error`); nothing is ever thrown at the process. */
  logger?: Pick<Logger, "info" | "warn" | "error">;
}

/** The queue as the implementations build it; `kill` is for tests. */
export interface JobRunner extends JobQueue {
  /**
   * Stops as a process dying would: no more polling, and the jobs in flight are forgotten (their handlers' ends are
   * ignored) without a word to the database, so their leases run out and another runner takes them again.
   */
  kill(): Promise<void>;
}

const KIND = /^[\w.-]{1,100}$/;
const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 5 } as const;

/** The options of a send with the defaults applied; throws on a value neither store could keep. */
export function sendRequest(kind: string, options: JobOptions = {}): SendRequest {
  if (!KIND.test(kind)) throw new Error(`not a job kind: ${JSON.stringify(kind)} (letters, digits, '_', '.', '-')`);
  const {
    key,
    delaySeconds = 0,
    retryLimit = DEFAULTS.retryLimit,
    retryDelaySeconds = DEFAULTS.retryDelaySeconds,
  } = options;
  if (!(Number.isFinite(delaySeconds) && delaySeconds >= 0))
    throw new Error(`delaySeconds must be a number of seconds, 0 or more: ${delaySeconds}`);
  // pg-boss takes whole numbers only.
  if (!(Number.isInteger(retryLimit) && retryLimit >= 0))
    throw new Error(`retryLimit must be a whole number, 0 or more: ${retryLimit}`);
  if (!(Number.isInteger(retryDelaySeconds) && retryDelaySeconds >= 0))
    throw new Error(`retryDelaySeconds must be a whole number, 0 or more: ${retryDelaySeconds}`);
  return { ...(key === undefined ? {} : { key }), delaySeconds, retryLimit, retryDelaySeconds };
}

/**
 * Takes up to `free` due jobs, or undefined when the store cannot answer: said once when it starts failing and once
 * when it works again, not twice a second.
 */
function jobClaimer(store: JobStore, logger: RunnerOptions["logger"]) {
  let failing = false;
  return async (kinds: readonly string[], free: number): Promise<ClaimedJob[] | undefined> => {
    let jobs: ClaimedJob[];
    try {
      jobs = await store.claim(kinds, free);
    } catch (error) {
      if (!failing) logger?.error({ error: errorMessage(error) }, "job queue: cannot take jobs (trying again)");
      failing = true;
      return undefined;
    }
    if (failing) logger?.info({}, "job queue: taking jobs again");
    failing = false;
    return jobs;
  };
}

/**
 * A job queue over a store: polls it for due jobs of the kinds it has handlers for, runs each with its handler, and
 * tells the store how it ended. Every run ends in exactly one count of `backroom_jobs_total` (done, retried or failed),
 * here and nowhere else; a handler that throws is retried by the store with backoff until its retry limit.
 *
 * @example
 * const jobs = createRunner(createTableStore({ db, leaseSeconds: 300 }), { pollMs: 500, concurrency: 4, leaseSeconds: 300, stopTimeoutMs: 10_000 });
 * jobs.work<{ userId: string }>("welcome-mail", async (job) => sendWelcome(job.data.userId));
 * await jobs.start();
 * await jobs.send("welcome-mail", { userId: "u1" });
 */
export function createRunner(store: JobStore, options: RunnerOptions): JobRunner {
  const { pollMs, concurrency, logger } = options;
  const handlers = new Map<string, (job: Job<unknown>) => Promise<void>>();
  /** The runs in flight, by job id; `forgotten` once the runner no longer records their end. */
  const inFlight = new Map<string, InFlightRun>();
  const ctx: RunContext = { store, handlers, options };
  const claim = jobClaimer(store, logger);
  let state: "new" | "starting" | "running" | "stopping" | "stopped" = "new";
  let timer: NodeJS.Timeout | undefined;
  let starting: Promise<void> | undefined;
  let polling: Promise<void> | undefined;
  let pollAgain = false;
  /** The state as it is now: read after an `await`, where TypeScript would keep the state it saw before. */
  const now = () => state;

  async function poll(): Promise<void> {
    const free = concurrency - inFlight.size;
    if (state !== "running" || free <= 0 || handlers.size === 0) return;
    const jobs = await claim([...handlers.keys()], free);
    if (!jobs) return;
    // Killed meanwhile: the jobs stay claimed, as a dead process leaves them. Stopping: they run, and stop waits.
    if (now() === "stopped") return;
    for (const job of jobs) run(job);
    // A full batch may have left more behind.
    if (jobs.length === free) pollAgain = true;
  }

  /** Looks for due jobs now, or right after the look in progress. */
  function wake(): void {
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = poll().finally(() => {
      polling = undefined;
      if (pollAgain && state === "running") {
        pollAgain = false;
        wake();
      }
    });
  }

  function run(claimed: ClaimedJob): void {
    const entry = startRun(ctx, claimed, () => {
      inFlight.delete(claimed.id);
      if (state === "running") wake();
    });
    inFlight.set(claimed.id, entry);
  }

  return {
    async send(kind, data, options) {
      const request = sendRequest(kind, options);
      const id = await store.send(kind, data, request);
      if (id !== null && request.delaySeconds === 0 && handlers.has(kind)) wake();
      return id;
    },

    work(kind, handler) {
      if (!KIND.test(kind)) throw new Error(`not a job kind: ${JSON.stringify(kind)} (letters, digits, '_', '.', '-')`);
      if (handlers.has(kind)) throw new Error(`jobs of kind ${kind} already have a handler`);
      handlers.set(kind, handler as (job: Job<unknown>) => Promise<void>);
      if (state === "running") wake();
    },

    start() {
      if (state === "stopping" || state === "stopped") return Promise.reject(new Error("the job queue was stopped"));
      if (state === "running") return Promise.resolve();
      starting ??= (async () => {
        state = "starting";
        try {
          await store.start();
        } catch (error) {
          state = "new";
          throw error;
        } finally {
          starting = undefined;
        }
        state = "running";
        timer = setInterval(wake, pollMs);
        timer.unref();
        wake();
      })();
      return starting;
    },

    async stop() {
      // A start under way ends first (started or not), so nothing starts after the stop.
      await starting?.catch(() => undefined);
      if (state === "stopping" || state === "stopped") return;
      const started = state !== "new";
      state = "stopping";
      clearInterval(timer);
      await polling;
      await settleRuns(ctx, inFlight);
      if (started)
        await store
          .close()
          .catch((error: unknown) => logger?.error({ error: errorMessage(error) }, "job queue: closing failed"));
      state = "stopped";
    },

    async kill() {
      state = "stopped";
      clearInterval(timer);
      for (const entry of inFlight.values()) entry.forgotten = true;
      await polling;
      await store.close();
    },

    async check() {
      if (state !== "running") return "unavailable";
      return within(store.ping(), 2_000, "the job store did not answer").then(
        () => "ok" as const,
        () => "unavailable" as const,
      );
    },
  };
}
