import type { Kysely } from "kysely";
import { type EnvironmentClock, isoDay } from "./clock";
import type { Database } from "./db/schema";
import { ENVIRONMENTS, type Environment } from "./environments";
import { type JobName, type JobSummary, runJob } from "./jobs";

/**
 * Runs the ERP's jobs for each environment, one thing at a time per environment (a job, a timer tick or a reset never
 * overlap), on the operator's request or on a timer.
 */
export interface JobRunner {
  /** Runs one job now, after whatever the environment is already doing. */
  run(env: Environment, job: JobName): Promise<JobSummary>;
  /** What the timer does: import and export, and the end of day once the environment's date has moved on. */
  tick(env: Environment): Promise<JobSummary[]>;
  /** Runs `work` alone on the environment (a reset). */
  exclusive<T>(env: Environment, work: () => Promise<T>): Promise<T>;
  /** Starts the timer; answers a function that stops it. */
  start(intervalMs: number, onError?: (error: unknown) => void): () => void;
}

/**
 * @example
 * const jobs = createJobRunner(databases, clocks);
 * await jobs.run("test", "export"); // { job: "export", exported: 1, confirmed: 0, rejected: 0 }
 */
export function createJobRunner(
  databases: Record<Environment, Kysely<Database>>,
  clocks: Record<Environment, EnvironmentClock>,
): JobRunner {
  const queues = new Map<Environment, Promise<unknown>>();

  function exclusive<T>(env: Environment, work: () => Promise<T>): Promise<T> {
    const result = (queues.get(env) ?? Promise.resolve()).then(work);
    queues.set(
      env,
      result.catch(() => undefined),
    );
    return result;
  }

  const runNow = (env: Environment, job: JobName) => runJob(databases[env], job, clocks[env].now());

  async function closeIsDue(env: Environment): Promise<boolean> {
    const row = await databases[env]
      .selectFrom("sandbox_meta")
      .select("value")
      .where("key", "=", "last_close_date")
      .executeTakeFirst();
    const lastClose =
      row?.value ??
      (
        await databases[env]
          .selectFrom("ar_aging")
          .select((eb) => eb.fn.max("close_date").as("d"))
          .executeTakeFirst()
      )?.d;
    return !lastClose || String(lastClose).slice(0, 10) < isoDay(clocks[env].now());
  }

  const tick = (env: Environment) =>
    exclusive(env, async () => {
      const done = [await runNow(env, "import"), await runNow(env, "export")];
      if (await closeIsDue(env)) done.push(await runNow(env, "end-of-day"));
      return done;
    });

  return {
    run: (env, job) => exclusive(env, () => runNow(env, job)),
    tick,
    exclusive,
    start(intervalMs, onError = (error) => console.error("sandbox: a background job failed", error)) {
      const timer = setInterval(() => {
        for (const env of ENVIRONMENTS) void tick(env).catch(onError);
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
