import "server-only";
import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { BackroomDatabase } from "../db/schema";
import type { ClaimedJob, JobOutcome, JobStore, SendRequest } from "./runner";

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

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The wait before a retry: `retryDelaySeconds` doubled with each run (capped at 2^16 times), and up to as much again at
 * random so that jobs failing together do not come back together. pg-boss's own formula, so both profiles retry alike.
 */
export function backoffMs(retryDelaySeconds: number, attempt: number, random = Math.random()): number {
  return retryDelaySeconds * 1000 * 2 ** Math.min(16, attempt - 1) * (1 + random);
}

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
  /** This runner, in `locked_by`: a run's end is recorded only while the job is still its own. */
  const runner = randomUUID();
  let lastPurge = 0;

  /** Due: waiting and its time has come, or claimed by a runner whose lease has passed. */
  const due = (at: string) => (eb: ExpressionBuilder<BackroomDatabase, "jobs">) =>
    eb.or([
      eb.and([eb("state", "in", ["queued", "retry"]), eb("run_at", "<=", at)]),
      eb.and([eb("state", "=", "active"), eb("locked_until", "<=", at)]),
    ]);

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

  /** Whether the row is still this run's: claimed by this runner for this attempt, and not taken again since. */
  const ours = (job: ClaimedJob) => (eb: ExpressionBuilder<BackroomDatabase, "jobs">) =>
    eb.and([
      eb("id", "=", job.id),
      eb("state", "=", "active"),
      eb("locked_by", "=", runner),
      eb("attempt", "=", job.attempt),
    ]);

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
      const nowText = iso(at);
      // A job whose runner died on its last allowed run ends here instead of running once more.
      await db
        .updateTable("jobs")
        .set({
          state: "failed",
          finished_at: nowText,
          locked_by: null,
          locked_until: null,
          error: "its runner stopped before it ended (lease passed)",
        })
        .where("kind", "in", kinds)
        .where("state", "=", "active")
        .where("locked_until", "<=", nowText)
        .whereRef("attempt", ">", "retry_limit")
        .execute();
      const rows = await db
        .updateTable("jobs")
        .set((eb) => ({
          state: "active",
          attempt: eb("attempt", "+", 1),
          locked_by: runner,
          locked_until: iso(at + leaseSeconds * 1000),
        }))
        .where("id", "in", (eb) =>
          eb
            .selectFrom("jobs")
            .select("id")
            .where("kind", "in", kinds)
            .where(due(nowText))
            .orderBy("run_at")
            .orderBy("id")
            .limit(limit),
        )
        // Checked again on the row being changed: another runner's claim in between makes it no longer due.
        .where(due(nowText))
        .returning(["id", "kind", "data", "attempt", "retry_limit"])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        data: JSON.parse(row.data) as unknown,
        attempt: Number(row.attempt),
        retryLimit: Number(row.retry_limit),
      }));
    },

    async complete(job) {
      await db
        .updateTable("jobs")
        .set({ state: "done", finished_at: iso(now().getTime()), locked_by: null, locked_until: null, error: null })
        .where(ours(job))
        .execute();
    },

    async fail(job, error): Promise<Exclude<JobOutcome, "done">> {
      const at = now().getTime();
      const text = (error instanceof Error ? error.message : String(error)).slice(0, 2_000);
      const row = await db.selectFrom("jobs").select("retry_delay_seconds").where(ours(job)).executeTakeFirst();
      if (!row) return "retried"; // no longer ours: its lease passed and it is already waiting or running again
      const outcome = job.attempt <= job.retryLimit ? "retried" : "failed";
      await db
        .updateTable("jobs")
        .set(
          outcome === "retried"
            ? {
                state: "retry",
                run_at: iso(at + backoffMs(Number(row.retry_delay_seconds), job.attempt)),
                locked_by: null,
                locked_until: null,
                error: text,
              }
            : { state: "failed", finished_at: iso(at), locked_by: null, locked_until: null, error: text },
        )
        .where(ours(job))
        .execute();
      return outcome;
    },

    async close() {},

    async ping() {
      await db.selectFrom("jobs").select("id").limit(1).execute();
    },
  };
}
