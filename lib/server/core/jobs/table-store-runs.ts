import "server-only";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { BackroomDatabase } from "../db/schema";
import type { ClaimedJob, JobOutcome } from "./job-store";

/** What the table store's claims and ends share: the table, the lease, the clock and this runner's id. */
export interface TableRunsContext {
  db: Kysely<BackroomDatabase>;
  leaseSeconds: number;
  now: () => Date;
  /** This runner, in `locked_by`: a run's end is recorded only while the job is still its own. */
  runner: string;
}

/** A time in the table's ISO text. */
export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The wait before a retry: `retryDelaySeconds` doubled with each run (capped at 2^16 times), and up to as much again at
 * random so that jobs failing together do not come back together. pg-boss's own formula, so both profiles retry alike.
 *
 * @example
 * backoffMs(5, 3, 0); // 20_000
 */
export function backoffMs(retryDelaySeconds: number, attempt: number, random = Math.random()): number {
  return retryDelaySeconds * 1000 * 2 ** Math.min(16, attempt - 1) * (1 + random);
}

/** Due: waiting and its time has come, or claimed by a runner whose lease has passed. */
const due = (at: string) => (eb: ExpressionBuilder<BackroomDatabase, "jobs">) =>
  eb.or([
    eb.and([eb("state", "in", ["queued", "retry"]), eb("run_at", "<=", at)]),
    eb.and([eb("state", "=", "active"), eb("locked_until", "<=", at)]),
  ]);

/**
 * Whether the row is still this run's: claimed by this runner for this attempt, and not taken again since.
 *
 * @example
 * await db.updateTable("jobs").set({ state: "done" }).where(ours(runner, job)).execute();
 */
export const ours = (runner: string, job: ClaimedJob) => (eb: ExpressionBuilder<BackroomDatabase, "jobs">) =>
  eb.and([
    eb("id", "=", job.id),
    eb("state", "=", "active"),
    eb("locked_by", "=", runner),
    eb("attempt", "=", job.attempt),
  ]);

/**
 * Takes up to `limit` due jobs of these kinds, leased to this runner, in one `update … returning` whose condition is
 * checked again on the row it changes; a job whose runner died on its last allowed run is failed first.
 *
 * @example
 * const jobs = await claimTableJobs(ctx, ["welcome-mail"], 4, Date.now());
 */
export async function claimTableJobs(
  ctx: TableRunsContext,
  kinds: readonly string[],
  limit: number,
  at: number,
): Promise<ClaimedJob[]> {
  const { db } = ctx;
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
      locked_by: ctx.runner,
      locked_until: iso(at + ctx.leaseSeconds * 1000),
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
}

/**
 * Puts a job back after its backoff, or fails it for good once its retries are spent; answers which.
 *
 * @example
 * await failTableJob(ctx, job, new Error("upstream 503")); // "retried"
 */
export async function failTableJob(
  ctx: TableRunsContext,
  job: ClaimedJob,
  error: unknown,
): Promise<Exclude<JobOutcome, "done">> {
  const { db } = ctx;
  const at = ctx.now().getTime();
  const text = (error instanceof Error ? error.message : String(error)).slice(0, 2_000);
  const row = await db.selectFrom("jobs").select("retry_delay_seconds").where(ours(ctx.runner, job)).executeTakeFirst();
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
    .where(ours(ctx.runner, job))
    .execute();
  return outcome;
}
