import "server-only";
import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import type { ClaimedJob, JobOutcome, JobStore, SendRequest } from "./runner";

export interface PgBossStoreOptions {
  /** DATABASE_URL: pg-boss opens its own small pool with it. */
  url: string;
  /** pg-boss's schema, made (or upgraded) by pg-boss itself at start. Default `pgboss`. */
  schema?: string;
  /** A job still active this long after it started is failed by pg-boss's maintenance, and so retried by anyone. */
  leaseSeconds: number;
  /** How often pg-boss's maintenance (expiring leases, archiving) runs; one instance runs it each time. Default 60. */
  maintenanceSeconds?: number;
  /** Connections in pg-boss's pool. Default 3. */
  poolMax?: number;
  /** pg-boss's own errors (its maintenance, its pool): told, never thrown at the process. */
  onError: (error: Error) => void;
}

/** How many times a queue's making is tried when PostgreSQL ends it as a deadlock. */
const QUEUE_ATTEMPTS = 10;

/**
 * Makes the queue of a kind unless it exists. pg-boss's `create_queue` makes a partition of its job table with a foreign
 * key to its queue table, and two of them at once (two instances making the same new queue, or two new queues) can
 * deadlock: PostgreSQL ends one (40P01), which tries again after a while at random, and finds the queue made or makes it.
 * An instance makes its queues one at a time (`queue` below), so only instances meet here.
 */
async function makeQueue(boss: PgBoss, kind: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(kind)) return;
      await boss.createQueue(kind, { name: kind, policy: "short" });
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "40P01" || attempt >= QUEUE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * Math.min(attempt, 6)));
    }
  }
}

/** pg-boss's `fetch` with `includeMetadata`: what a claim needs of it. */
type Fetched = PgBoss.JobWithMetadata<unknown>;

/**
 * The PostgreSQL profile's job store: pg-boss 10 (its own schema, `pgboss`, beside Backroom's tables), shared by every
 * instance. A claim is pg-boss's `fetch` (`FOR UPDATE SKIP LOCKED`: each job to one instance); a job still active past
 * `expireInSeconds` (the lease) is failed by pg-boss's maintenance and so retried by whichever instance polls first.
 *
 * Each kind is a pg-boss queue of policy `short`: at most one job per singleton key waits in `created`. A keyed send
 * uses `key:<key>`; a send without a key gets a key of its own (`job:<id>`), since a `short` queue would otherwise keep
 * one keyless job only. The runner (`runner.ts`) polls with `fetch` and records ends with `complete` and `fail`, all
 * awaited, rather than pg-boss's `work()`, which records a job's end without waiting for it (a database error there
 * would be an unhandled rejection) and polls each queue on its own timer.
 *
 * @example
 * const store = createPgBossStore({ url: serverEnv.DATABASE_URL, leaseSeconds: 300, onError: (error) => log().error(...) });
 */
export function createPgBossStore(options: PgBossStoreOptions): JobStore {
  /** The started pg-boss, else none. */
  let boss: PgBoss | undefined;
  /** Queues made (or found) by this instance: pg-boss drops a send to a queue that does not exist. */
  const queues = new Map<string, Promise<void>>();
  /** The last queue being made: the next waits for it (two at once may deadlock). */
  let making: Promise<unknown> = Promise.resolve();

  /**
   * A new pg-boss for each start: one whose start failed (the database was away) answers every later `start()` at once
   * without starting, so a retry needs a fresh one.
   */
  function create(): PgBoss {
    const created = new PgBoss({
      connectionString: options.url,
      schema: options.schema ?? "pgboss",
      max: options.poolMax ?? 3,
      application_name: "backroom-jobs",
      // A server that does not answer fails a query instead of holding it (passed on to pg's pool).
      ...({ connectionTimeoutMillis: 5_000 } as object),
      expireInSeconds: options.leaseSeconds,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? 60,
      // No cron schedules: none are used, and their clock checks cost queries.
      schedule: false,
      supervise: true,
      migrate: true,
    });
    created.on("error", options.onError);
    return created;
  }

  function started(): PgBoss {
    if (!boss) throw new Error("the job queue is not started (pg-boss needs its connection first)");
    return boss;
  }

  function queue(kind: string): Promise<void> {
    let made = queues.get(kind);
    if (!made) {
      const boss = started();
      made = making.catch(() => undefined).then(() => makeQueue(boss, kind));
      making = made;
      made.catch(() => queues.delete(kind));
      queues.set(kind, made);
    }
    return made;
  }

  return {
    async start() {
      const starting = create();
      try {
        await starting.start();
      } catch (error) {
        // Its pool may be open: closed, so the next attempt's is the only one.
        await (starting.getDb() as { close?: () => Promise<void> }).close?.().catch(() => undefined);
        throw error;
      }
      boss = starting;
    },

    async send(kind, data, request: SendRequest) {
      const boss = started();
      await queue(kind);
      const id = randomUUID();
      const send = () =>
        boss.send(kind, data, {
          id,
          singletonKey: request.key === undefined ? `job:${id}` : `key:${request.key}`,
          ...(request.delaySeconds > 0 ? { startAfter: request.delaySeconds } : {}),
          retryLimit: request.retryLimit,
          retryDelay: request.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: options.leaseSeconds,
        });
      // A queue another instance has just made can be found before its job partition routes a row: PostgreSQL answers
      // "no partition of relation job found for row" (23514; seen with three instances making five queues at once).
      // The same send, a moment later, finds it.
      for (let attempt = 1; ; attempt++) {
        try {
          return await send();
        } catch (error) {
          const routed = !/no partition of relation/.test(error instanceof Error ? error.message : "");
          if (routed || attempt >= QUEUE_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * Math.min(attempt, 6)));
        }
      }
    },

    async claim(kinds, limit) {
      if (!boss) return [];
      const claimed: ClaimedJob[] = [];
      for (const kind of kinds) {
        if (claimed.length >= limit) break;
        try {
          await queue(kind);
        } catch (error) {
          // The jobs taken already run; the failure is told by the next look.
          if (claimed.length > 0) break;
          throw error;
        }
        const jobs: Fetched[] = await boss.fetch<unknown>(kind, {
          batchSize: limit - claimed.length,
          includeMetadata: true,
        });
        // pg-boss counts retries from 0, and counts a run again only once it has started before.
        for (const job of jobs)
          claimed.push({ id: job.id, kind, data: job.data, attempt: job.retryCount + 1, retryLimit: job.retryLimit });
      }
      return claimed;
    },

    async complete(job) {
      await started().complete(job.kind, job.id);
    },

    async fail(job, error): Promise<Exclude<JobOutcome, "done">> {
      await started().fail(job.kind, job.id, {
        message: (error instanceof Error ? error.message : String(error)).slice(0, 2_000),
      });
      // pg-boss's own rule (failJobs): retried while retry_count < retry_limit.
      return job.attempt <= job.retryLimit ? "retried" : "failed";
    },

    async close() {
      const closing = boss;
      boss = undefined;
      queues.clear();
      // Not graceful: the runner has waited for its jobs already, and pg-boss's own workers are none.
      await closing?.stop({ graceful: false, close: true, wait: true });
    },

    async ping() {
      await started().getDb().executeSql("select 1", []);
    },
  };
}
