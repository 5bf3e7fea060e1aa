import "server-only";
import type { Logger } from "../log";
import type { Metrics } from "../metrics";
import type { Job } from "./job-queue";
import type { ClaimedJob, JobOutcome, JobStore } from "./job-store";

/** A thrown value's message, for the logs. */
export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `promise`, or a rejection once `ms` have passed (the promise itself runs on: a handler cannot be cancelled).
 *
 * @example
 * await within(store.ping(), 2_000, "the job store did not answer");
 */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** A run in flight; `forgotten` once the runner no longer records its end. */
export interface InFlightRun {
  job: ClaimedJob;
  done: Promise<void>;
  forgotten: boolean;
}

/** What a run needs of its runner: the store, the handlers and the options it counts and logs with. */
export interface RunContext {
  store: JobStore;
  handlers: ReadonlyMap<string, (job: Job<unknown>) => Promise<void>>;
  options: {
    leaseSeconds: number;
    stopTimeoutMs: number;
    metrics?: Pick<Metrics, "jobs">;
    logger?: Pick<Logger, "info" | "warn" | "error">;
  };
}

/**
 * Runs a claimed job with its handler, within its lease, and tells the store how it ended (one count of
 * `backroom_jobs_total`), unless the run is forgotten meanwhile; `ended` is called once it is over, whatever happened.
 *
 * @example
 * const run = startRun(ctx, claimed, () => inFlight.delete(claimed.id));
 * inFlight.set(claimed.id, run);
 */
export function startRun(ctx: RunContext, claimed: ClaimedJob, ended: () => void): InFlightRun {
  const { store } = ctx;
  const { leaseSeconds, metrics, logger } = ctx.options;
  const entry: InFlightRun = { job: claimed, done: Promise.resolve(), forgotten: false };
  const handler = ctx.handlers.get(claimed.kind);
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
        { kind: claimed.kind, job: claimed.id, attempt: claimed.attempt, outcome, error: errorMessage(error) },
        "job failed",
      );
    }
    metrics?.jobs.inc({ kind: claimed.kind, outcome });
  })()
    // The store did not take the end (the database went away): the lease runs out and the job runs again.
    .catch((error: unknown) =>
      logger?.error(
        { kind: claimed.kind, job: claimed.id, error: errorMessage(error) },
        "job queue: cannot record a job's end",
      ),
    )
    .finally(ended);
  return entry;
}

/**
 * At a stop: waits up to `stopTimeoutMs` for the runs in flight, then gives back those still running (failed, so
 * retried after their backoff) rather than after their lease.
 *
 * @example
 * await settleRuns(ctx, inFlight);
 */
export async function settleRuns(ctx: RunContext, inFlight: ReadonlyMap<string, InFlightRun>): Promise<void> {
  const { stopTimeoutMs, metrics, logger } = ctx.options;
  const runs = [...inFlight.values()];
  const finished = await Promise.race([
    Promise.all(runs.map((r) => r.done)).then(() => true),
    sleep(stopTimeoutMs).then(() => false),
  ]);
  if (finished) return;
  logger?.warn(
    { inFlight: inFlight.size, waitedMs: stopTimeoutMs },
    "job queue: jobs still running at stop are given back",
  );
  await Promise.allSettled(
    [...inFlight.values()].map(async (entry) => {
      entry.forgotten = true;
      const outcome = await ctx.store.fail(entry.job, new Error("the instance stopped while the job ran"));
      metrics?.jobs.inc({ kind: entry.job.kind, outcome });
    }),
  );
}
