import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { createSandboxApp, type SandboxApp } from "./app";
import { type Clock, type EnvironmentClock, environmentClock } from "./clock";
import { migrateToLatest } from "./db/migrations";
import { openSandboxDatabase, removeDatabaseFiles } from "./db/open";
import type { Database } from "./db/schema";
import { ENVIRONMENTS, type Environment } from "./environments";
import { createJobRunner, type JobRunner } from "./job-runner";
import { loadClockOffset } from "./operator";
import { operatorKeyOf } from "./operator-secret";
import { OLDEST_KEPT_SEED_VERSION, SEED_VERSION, seedAndAnalyze } from "./seed";
import { copyTemplate, type SeedTemplates, seedTemplates } from "./template";

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
  /** Delete the databases and seed them again (from the templates, when there are). */
  reset?: boolean;
  /**
   * Folder of the seed's templates (`template.ts`): a new database is a copy of its environment's template (made there
   * first when none is right for now) rather than seeded; so is the operator's reset, when one is right. Unset: each
   * database is seeded for itself. `npm start` gives the build's (`.next/sandbox-templates`).
   */
  templateDir?: string;
  /** Seconds between the ERP jobs' runs; 0 or absent: no timer (tests drive the jobs through the operator). */
  jobIntervalSeconds?: number;
  /** Whether the v2 paths exist (SANDBOX_V2); they do unless this is false. */
  v2?: boolean;
  /** SANDBOX_OPERATOR_KEY; unset: the data folder's `operator-key`, made at the first start (in memory: a new one). */
  operatorKey?: string;
  log?: (line: string) => void;
}

export interface SandboxRuntime {
  app: SandboxApp;
  databases: Record<Environment, Kysely<Database>>;
  jobs: JobRunner;
  clocks: Record<Environment, EnvironmentClock>;
  /** The key the operator's endpoints take (the tests of a sandbox in memory read it here). */
  operatorKey: string;
  /** The file the operator key is kept in, for the start to name (never the key); undefined when not from a file. */
  operatorKeyFile?: string;
  close(): Promise<void>;
}

/** A database file opened and migrated. */
async function openMigrated(file: string): Promise<Kysely<Database>> {
  const db = openSandboxDatabase(file);
  await migrateToLatest(db);
  return db;
}

/** The version of the seed that filled a database; undefined when nothing has. */
async function seedVersionOf(db: Kysely<Database>): Promise<string | undefined> {
  const meta = await db
    .selectFrom("sandbox_meta")
    .select(["key", "value"])
    .where("key", "in", ["seeded_at", "seed_version"])
    .execute();
  if (!meta.some((m) => m.key === "seeded_at")) return undefined;
  return meta.find((m) => m.key === "seed_version")?.value ?? "?";
}

/** Whether a data directory keeps what a seed version made: this version, or an older one no older than the oldest kept. */
function keepsSeed(version: string): boolean {
  const n = Number(version);
  return (
    version === SEED_VERSION ||
    (Number.isInteger(n) && n >= Number(OLDEST_KEPT_SEED_VERSION) && n < Number(SEED_VERSION))
  );
}

/**
 * The database of an environment: as it was when it holds the current seed's data or a kept older version's (data
 * survives a restart, and an upgrade that changes nothing it serves: `OLDEST_KEPT_SEED_VERSION`; the log says how to
 * reseed); otherwise (new, never seeded, or seeded by a version too old: then it starts afresh, and writes made to it
 * are lost, as with --reset) a copy of the seed's template when there are templates, else seeded here.
 */
async function openEnvironment(
  env: Environment,
  options: SandboxRuntimeOptions,
  templates: SeedTemplates | undefined,
): Promise<Kysely<Database>> {
  const inMemory = options.dataDir === ":memory:";
  const file = inMemory ? ":memory:" : join(options.dataDir, `sandbox-${env}.sqlite`);
  if (!inMemory) {
    mkdirSync(options.dataDir, { recursive: true });
    if (options.reset) removeDatabaseFiles(file);
    if (existsSync(file)) {
      const db = await openMigrated(file);
      const version = await seedVersionOf(db);
      if (version === SEED_VERSION) return db;
      if (version !== undefined && keepsSeed(version)) {
        options.log?.(
          `sandbox: the ${env} environment keeps its data of seed version ${version}; start with --reset (or the operator's POST /${env}/operator/reset) for version ${SEED_VERSION}`,
        );
        return db;
      }
      if (version !== undefined)
        options.log?.(
          `sandbox: the ${env} environment was seeded by seed version ${version}; seeding version ${SEED_VERSION} afresh`,
        );
      await db.destroy();
      removeDatabaseFiles(file);
    }
    if (templates) {
      const copied = await copiedFromTemplate(env, file, options, templates);
      if (copied) return copied;
    }
  }
  const db = await openMigrated(file);
  const summary = await seedAndAnalyze(db, { env, now: options.clock.now(), scale: options.scale });
  options.log?.(`sandbox: seeded the ${env} environment in ${summary.elapsedMs} ms`);
  return db;
}

/**
 * The environment's database as a copy of its template (made first when there is none for now); undefined when no
 * template could be had or copied (a folder that cannot be written, say): the caller seeds the database itself.
 */
async function copiedFromTemplate(
  env: Environment,
  file: string,
  options: SandboxRuntimeOptions,
  templates: SeedTemplates,
): Promise<Kysely<Database> | undefined> {
  const started = performance.now();
  try {
    await copyTemplate(await templates.obtain(env, options.clock.now(), options.scale), file);
  } catch (error) {
    removeDatabaseFiles(file);
    options.log?.(
      `sandbox: no template for the ${env} environment (${error instanceof Error ? error.message : String(error)}); seeding it here`,
    );
    return undefined;
  }
  const db = await openMigrated(file);
  options.log?.(
    `sandbox: copied the ${env} environment from its template in ${Math.round(performance.now() - started)} ms`,
  );
  return db;
}

/** Opens (and on first use seeds, or copies from the templates) both environments and builds the sandbox app on them. */
export async function startSandbox(options: SandboxRuntimeOptions): Promise<SandboxRuntime> {
  // First: a data folder that cannot hold the key stops the start before seeding, and the file is there once it serves.
  const operator = operatorKeyOf(options.dataDir, options.operatorKey);
  const templates =
    options.templateDir && options.dataDir !== ":memory:"
      ? seedTemplates(options.templateDir, { fixed: options.clock.fixed, log: options.log })
      : undefined;
  const entries = [];
  for (const env of ENVIRONMENTS) entries.push([env, await openEnvironment(env, options, templates)] as const);
  const databases = Object.fromEntries(entries) as Record<Environment, Kysely<Database>>;
  // A clock the operator moved stays moved across restarts (its offset is kept in the environment's database).
  const clockEntries = [];
  for (const env of ENVIRONMENTS)
    clockEntries.push([env, environmentClock(options.clock, await loadClockOffset(databases[env]))] as const);
  const clocks = Object.fromEntries(clockEntries) as Record<Environment, EnvironmentClock>;
  const jobs = createJobRunner(databases, clocks);
  const app = createSandboxApp({
    databases,
    clocks,
    jobs,
    templates,
    operatorKey: operator.key,
    rateLimit: { limit: options.rateLimit, windowSeconds: options.rateLimitWindowSeconds },
    basePath: options.basePath,
    v2: options.v2,
  });
  const stopTimer = options.jobIntervalSeconds ? jobs.start(options.jobIntervalSeconds * 1000) : () => undefined;
  return {
    app,
    databases,
    jobs,
    clocks,
    operatorKey: operator.key,
    operatorKeyFile: operator.file,
    close: async () => {
      stopTimer();
      // Let a running job finish before the databases close under it.
      await Promise.all(ENVIRONMENTS.map((env) => jobs.exclusive(env, async () => undefined)));
      await Promise.all(Object.values(databases).map((db) => db.destroy()));
    },
  };
}
