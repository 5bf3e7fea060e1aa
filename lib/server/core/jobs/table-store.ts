import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../db/schema";
import type { JobStore, SendRequest } from "./job-store";
import { claimTableJobs, failTableJob, iso, ours, type TableRunsContext } from "./table-store-runs";

export { backoffMs } from "./table-store-runs";

export interface TableStoreOptions {
  db: Kysely<BackroomDatabase>;
  /** How long a claimed job is this runner's: past it, a job still `active` is taken again (its runner died). */
  leaseSeconds: number;
  /** The clock (tests move it); the process's own by default. */
  now?: () => Date;
}

/** Ended jobs are kept this long, for a look at what ran, then deleted. */
const KEEP_DONE_MS = 24 * 60 * 60 * 1000;
const KEEP_FAILED_MS = 14 * 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * The embedded profile's job store: the `jobs` table (migration 006) in Backroom's database, for the one process that
 * serves SQLite. Every claim is one `update … returning` whose condition is checked again on the row it changes, so two
 * runners (two processes on one file, or two runners in one) never take the same job; a claim is a lease
 * (`locked_until`), and a job left `active` by a process that died is taken again once its lease has passed, at start
 * or later. Times are ISO text, as everywhere in this database.
 *
 * @example
 * const jobs = createRunner(createTableStore({ db: database.db, leaseSeconds: 300 }), runnerOptions);
 */
export function createTableStore(options: TableStoreOptions): JobStore {
  const { db, leaseSeconds } = options;
  const now = options.now ?? (() => new Date());
  /** A new id for this runner (`locked_by`): a run's end is recorded only while the job is still its own. */
  const ctx: TableRunsContext = { db, leaseSeconds, now, runner: randomUUID() };
  let lastPurge = 0;

  async function purge(at: number): Promise<void> {
    if (at - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = at;
    await db
      .deleteFrom("jobs")
      .where((eb) =>
        eb.or([
          eb.and([eb("state", "=", "done"), eb("finished_at", "<", iso(at - KEEP_DONE_MS))]),
          eb.and([eb("state", "=", "failed"), eb("finished_at", "<", iso(at - KEEP_FAILED_MS))]),
        ]),
      )
      .execute();
  }

  return {
    async start() {},

    async send(kind, data, request: SendRequest) {
      const at = now().getTime();
      const row = await db
        .insertInto("jobs")
        .values({
          id: randomUUID(),
          kind,
          key: request.key ?? null,
          data: JSON.stringify(data),
          state: "queued",
          attempt: 0,
          retry_limit: request.retryLimit,
          retry_delay_seconds: request.retryDelaySeconds,
          run_at: iso(at + request.delaySeconds * 1000),
          locked_by: null,
          locked_until: null,
          created_at: iso(at),
          finished_at: null,
          error: null,
        })
        // The queued job of the same kind and key (jobs_queued_key_idx) keeps its place; this one is dropped.
        .onConflict((oc) => oc.doNothing())
        .returning("id")
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async claim(kinds, limit) {
      if (kinds.length === 0 || limit <= 0) return [];
      const at = now().getTime();
      await purge(at);
      return claimTableJobs(ctx, kinds, limit, at);
    },

    async complete(job) {
      await db
        .updateTable("jobs")
        .set({ state: "done", finished_at: iso(now().getTime()), locked_by: null, locked_until: null, error: null })
        .where(ours(ctx.runner, job))
        .execute();
    },

    fail: (job, error) => failTableJob(ctx, job, error),

    async close() {},

    async ping() {
      await db.selectFrom("jobs").select("id").limit(1).execute();
    },
  };
}
