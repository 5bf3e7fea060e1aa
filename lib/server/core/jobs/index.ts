import "server-only";
import type { Database } from "../db/open";
import type { Logger } from "../log";
import type { Metrics } from "../metrics";
import { createEffectLedger } from "./effect-ledger";
import { createPgBossStore } from "./pg-boss-store";
import { createRunner, type JobRunner, type JobStore } from "./runner";
import { createTableStore } from "./table-store";

export type { EffectLedger, Job, JobQueue } from "./job-queue";
export { createEffectLedger };
export type { JobRunner };

export interface JobQueueOptions {
  /** Backroom's database: its dialect chooses the implementation. */
  database: Database;
  /** DATABASE_URL, for pg-boss's own pool (the database's `where` leaves out the password). Required on PostgreSQL. */
  url?: string;
  /** pg-boss's schema (default `pgboss`); tests give each run its own. */
  bossSchema?: string;
  /** How long a run may take before it is failed and retried, and after which a job left by a dead instance runs again. Default 300. */
  leaseSeconds?: number;
  /** How long `stop()` waits for the jobs in flight. Default 10 s. */
  stopTimeoutMs?: number;
  /** pg-boss's maintenance (which gives back the jobs of dead instances): how often. Default 60 s. */
  maintenanceSeconds?: number;
  /** How often to look for due jobs. Default 500 ms on SQLite, 1 s on PostgreSQL (a query per kind). */
  pollMs?: number;
  /** Jobs run at once by this instance. Default 4. */
  concurrency?: number;
  metrics?: Pick<Metrics, "jobs">;
  logger?: Pick<Logger, "info" | "warn" | "error">;
}

const DEFAULT_LEASE_SECONDS = 300;

/**
 * The process's job queue, by the database the backend uses: with PostgreSQL, pg-boss (`pg-boss-store.ts`: every
 * instance takes from one queue, each job runs on one); with SQLite, the `jobs` table and a timer (`table-store.ts`: one
 * process). Both go through one runner (`runner.ts`), which runs the handlers and counts each run's end.
 *
 * @example
 * const jobs = createJobQueue({ database, url: serverEnv.DATABASE_URL, metrics, logger: log() });
 * jobs.work<{ invitationId: string }>("invitation-mail", async (job) => ...);
 * await jobs.start();
 */
export function createJobQueue(options: JobQueueOptions): JobRunner {
  const { database, logger } = options;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const postgres = database.dialect === "postgres";
  let store: JobStore;
  if (postgres) {
    if (!options.url) throw new Error("the job queue on PostgreSQL needs its connection string (DATABASE_URL)");
    store = createPgBossStore({
      url: options.url,
      schema: options.bossSchema,
      leaseSeconds,
      maintenanceSeconds: options.maintenanceSeconds,
      onError: (error) => logger?.error({ error: error.message }, "job queue: pg-boss error"),
    });
  } else {
    store = createTableStore({ db: database.db, leaseSeconds });
  }
  return createRunner(store, {
    pollMs: options.pollMs ?? (postgres ? 1_000 : 500),
    concurrency: options.concurrency ?? 4,
    leaseSeconds,
    stopTimeoutMs: options.stopTimeoutMs ?? 10_000,
    metrics: options.metrics,
    logger,
  });
}
