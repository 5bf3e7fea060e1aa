import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { createSandboxApp, type SandboxApp } from "./app";
import { type Clock, type EnvironmentClock, environmentClock } from "./clock";
import { migrateToLatest } from "./db/migrations";
import { openSandboxDatabase } from "./db/open";
import type { Database } from "./db/schema";
import { ENVIRONMENTS, type Environment } from "./environments";
import { createJobRunner, type JobRunner } from "./job-runner";
import { loadClockOffset } from "./operator";
import { SEED_VERSION, seedEnvironment } from "./seed";

export interface SandboxRuntimeOptions {
  /** Folder of the environments' database files, or ":memory:" to keep everything in memory (tests). */
  dataDir: string;
  clock: Clock;
  /** Requests per key per window (an hour unless `rateLimitWindowSeconds` says otherwise). */
  rateLimit: number;
  /** The rate limit's window in seconds; 3600 by default. */
  rateLimitWindowSeconds?: number;
  /** Multiplies the seeded volumes (fractions allowed). */
  scale: number;
  /** Where the app is mounted: "/sandbox" inside Backroom, "" standalone. */
  basePath: string;
  /** Delete the databases and seed them again. */
  reset?: boolean;
  /** Seconds between the ERP jobs' runs; 0 or absent: no timer (tests drive the jobs through the operator). */
  jobIntervalSeconds?: number;
  /** Whether the v2 paths exist (SANDBOX_V2); they do unless this is false. */
  v2?: boolean;
  log?: (line: string) => void;
}

export interface SandboxRuntime {
  app: SandboxApp;
  databases: Record<Environment, Kysely<Database>>;
  jobs: JobRunner;
  clocks: Record<Environment, EnvironmentClock>;
  close(): Promise<void>;
}

function removeDatabase(file: string) {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * The database of an environment: migrated, and seeded when it has never been, or was seeded by another version of
 * the seed (then it starts afresh: writes made to it are lost, as with --reset). Data survives a restart.
 */
async function openEnvironment(env: Environment, options: SandboxRuntimeOptions): Promise<Kysely<Database>> {
  const inMemory = options.dataDir === ":memory:";
  const file = inMemory ? ":memory:" : join(options.dataDir, `sandbox-${env}.sqlite`);
  if (!inMemory) {
    mkdirSync(options.dataDir, { recursive: true });
    if (options.reset) removeDatabase(file);
  }
  let db = openSandboxDatabase(file);
  await migrateToLatest(db);
  const meta = await db.selectFrom("sandbox_meta").select(["key", "value"]).where("key", "in", ["seeded_at", "seed_version"]).execute();
  const seeded = meta.some((m) => m.key === "seeded_at");
  const version = meta.find((m) => m.key === "seed_version")?.value;
  if (seeded && version !== SEED_VERSION && !inMemory) {
    options.log?.(`sandbox: the ${env} environment was seeded by seed version ${version ?? "?"}; seeding version ${SEED_VERSION} afresh`);
    await db.destroy();
    removeDatabase(file);
    db = openSandboxDatabase(file);
    await migrateToLatest(db);
  }
  if (!seeded || version !== SEED_VERSION) {
    const summary = await seedEnvironment(db, { env, now: options.clock.now(), scale: options.scale });
    // Statistics for the query planner: without them SQLite sorts a whole filtered table to serve a 50-row page
    // (13 ms) instead of walking the primary key (1 ms). PostgreSQL takes the same statement.
    await sql`analyze`.execute(db);
    options.log?.(`sandbox: seeded the ${env} environment in ${summary.elapsedMs} ms`);
  }
  return db;
}

/** Opens (and on first use seeds) both environments and builds the sandbox app on them. */
export async function startSandbox(options: SandboxRuntimeOptions): Promise<SandboxRuntime> {
  const entries = [];
  for (const env of ENVIRONMENTS) entries.push([env, await openEnvironment(env, options)] as const);
  const databases = Object.fromEntries(entries) as Record<Environment, Kysely<Database>>;
  // A clock the operator moved stays moved across restarts (its offset is kept in the environment's database).
  const clockEntries = [];
  for (const env of ENVIRONMENTS) clockEntries.push([env, environmentClock(options.clock, await loadClockOffset(databases[env]))] as const);
  const clocks = Object.fromEntries(clockEntries) as Record<Environment, EnvironmentClock>;
  const jobs = createJobRunner(databases, clocks);
  const app = createSandboxApp({ databases, clocks, jobs, rateLimit: { limit: options.rateLimit, windowSeconds: options.rateLimitWindowSeconds }, basePath: options.basePath, v2: options.v2 });
  const stopTimer = options.jobIntervalSeconds ? jobs.start(options.jobIntervalSeconds * 1000) : () => undefined;
  return {
    app,
    databases,
    jobs,
    clocks,
    close: async () => {
      stopTimer();
      // Let a running job finish before the databases close under it.
      await Promise.all(ENVIRONMENTS.map((env) => jobs.exclusive(env, async () => undefined)));
      await Promise.all(Object.values(databases).map((db) => db.destroy()));
    },
  };
}
