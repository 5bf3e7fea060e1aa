import "server-only";
import type { Logger } from "../log";
import type { Metrics } from "../metrics";
import type { Job, JobOptions, JobQueue } from "./job-queue";

/** How a run ended, as `backroom_jobs_total{kind,outcome}` counts it. */
export type JobOutcome = "done" | "retried" | "failed";

/** A job as a store hands it to the runner: claimed for this runner (leased) until it ends. */
export interface ClaimedJob extends Job<unknown> {
  /** Retries the job may have in all: a throw on attempt `retryLimit + 1` fails it for good. */
  retryLimit: number;
}

/** What a send asks of the store, defaults applied and checked. */
export interface SendRequest {
  key?: string;
  delaySeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

/**
 * Where jobs wait and who holds them: the one part that differs between the two implementations (`pg-boss-store.ts`,
 * `table-store.ts`). The runner around it (polling, handlers, counting, stopping) is written once, here.
 */
export interface JobStore {
  /** Opens what the store needs (pg-boss: its pool, and its schema made or upgraded). */
  start(): Promise<void>;
  /** Adds a job; null when a job of this kind and key is already queued. */
  send(kind: string, data: object, request: SendRequest): Promise<string | null>;
  /** Takes up to `limit` due jobs of these kinds, each leased to this runner; none when there are none. */
  claim(kinds: readonly string[], limit: number): Promise<ClaimedJob[]>;
  complete(job: ClaimedJob): Promise<void>;
  /** Puts the job back after its backoff, or fails it for good once its retries are spent; answers which. */
  fail(job: ClaimedJob, error: unknown): Promise<Exclude<JobOutcome, "done">>;
  /** Closes the store's own connections (pg-boss's pool); jobs are left as they are. */
  close(): Promise<void>;
  /** Resolves when the store answers. */
  ping(): Promise<void>;
}

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

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

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

/** `promise`, or a rejection once `ms` have passed (the promise itself runs on: a handler cannot be cancelled). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

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
  const { pollMs, concurrency, leaseSeconds, stopTimeoutMs, metrics, logger } = options;
  const handlers = new Map<string, (job: Job<unknown>) => Promise<void>>();
  /** The runs in flight, by job id; `forgotten` once the runner no longer records their end. */
  const inFlight = new Map<string, { job: ClaimedJob; done: Promise<void>; forgotten: boolean }>();
  let state: "new" | "starting" | "running" | "stopping" | "stopped" = "new";
  let timer: NodeJS.Timeout | undefined;
  let starting: Promise<void> | undefined;
  let polling: Promise<void> | undefined;
  let pollAgain = false;
  let pollFailing = false;
  /** The state as it is now: read after an `await`, where TypeScript would keep the state it saw before. */
  const now = () => state;

  async function poll(): Promise<void> {
    const free = concurrency - inFlight.size;
    if (state !== "running" || free <= 0 || handlers.size === 0) return;
    let jobs: ClaimedJob[];
    try {
      jobs = await store.claim([...handlers.keys()], free);
    } catch (error) {
      // Said once when it starts failing and once when it works again, not twice a second.
      if (!pollFailing) logger?.error({ error: message(error) }, "job queue: cannot take jobs (trying again)");
      pollFailing = true;
      return;
    }
    if (pollFailing) logger?.info({}, "job queue: taking jobs again");
    pollFailing = false;
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
    const entry = { job: claimed, done: Promise.resolve(), forgotten: false };
    const handler = handlers.get(claimed.kind);
    const job: Job<unknown> = { id: claimed.id, kind: claimed.kind, data: claimed.data, attempt: claimed.attempt };
    entry.done = (async () => {
      let outcome: JobOutcome;
      try {
        if (!handler) throw new Error(`no handler for jobs of kind ${claimed.kind}`);
        logger?.info({ kind: claimed.kind, job: claimed.id, attempt: claimed.attempt }, "job started");
        await within(handler(job), leaseSeconds * 1000, `the job ran longer than its lease (${leaseSeconds} s)`);
        if (entry.forgotten) return;
        await store.complete(claimed);
        outcome = "done";
      } catch (error) {
        if (entry.forgotten) return;
        outcome = await store.fail(claimed, error);
        logger?.warn(
          { kind: claimed.kind, job: claimed.id, attempt: claimed.attempt, outcome, error: message(error) },
          "job failed",
        );
      }
      metrics?.jobs.inc({ kind: claimed.kind, outcome });
    })()
      // The store did not take the end (the database went away): the lease runs out and the job runs again.
      .catch((error: unknown) =>
        logger?.error(
          { kind: claimed.kind, job: claimed.id, error: message(error) },
          "job queue: cannot record a job's end",
        ),
      )
      .finally(() => {
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
      const runs = [...inFlight.values()];
      const finished = await Promise.race([
        Promise.all(runs.map((r) => r.done)).then(() => true),
        sleep(stopTimeoutMs).then(() => false),
      ]);
      if (!finished) {
        // Still running: given back now (failed, so retried after its backoff) rather than after the lease.
        logger?.warn(
          { inFlight: inFlight.size, waitedMs: stopTimeoutMs },
          "job queue: jobs still running at stop are given back",
        );
        await Promise.allSettled(
          [...inFlight.values()].map(async (entry) => {
            entry.forgotten = true;
            const outcome = await store.fail(entry.job, new Error("the instance stopped while the job ran"));
            metrics?.jobs.inc({ kind: entry.job.kind, outcome });
          }),
        );
      }
      if (started)
        await store
          .close()
          .catch((error: unknown) => logger?.error({ error: message(error) }, "job queue: closing failed"));
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
