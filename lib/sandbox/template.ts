import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import { migrateToLatest } from "./db/migrations";
import { openSandboxDatabase, removeDatabaseFiles } from "./db/open";
import type { Database } from "./db/schema";
import type { Environment } from "./environments";
import { SEED_TABLES, SEED_VERSION, seedAndAnalyze, seedPeriod } from "./seed";

/**
 * Seed templates: an environment's seeded database, made once and copied into every new data directory (and into an
 * environment the operator restores), instead of seeding each one (6 to 15 s per environment at scale 1; a copy takes
 * under a second). A template is right for its environment, seed version and scale, and for the span of time its seed
 * stays right for (`seedPeriod`: the same UTC date and nightly sync stamp; with a fixed clock, that one moment): every
 * date of the seed counts from its `now`, so a template is never shifted to another day (weekdays would break), a new
 * one is made instead. The names say all of it, `test-seed6-scale1-from-20261125T080000000Z.sqlite`, so finding one is
 * a look for a file.
 *
 * Several processes may share the folder (the instances and test servers started from one build): one makes a template
 * under the folder's lock while the others wait for it, then copy it. The lock is an exclusive transaction on
 * `templates.lock`: SQLite's own file lock, which the system drops if its holder dies, so a crashed maker leaves nothing
 * to clean. A template is written beside its name and renamed into place once complete; it is in rollback-journal mode
 * (one file, nothing beside it) and never written again, and copies are made with SQLite's backup API.
 */
export interface SeedTemplates {
  /** The folder. */
  readonly dir: string;
  /** The template right for the environment at `now` and `scale`: one there already, one another process is making (waited for), or one made here. */
  obtain(env: Environment, now: Date, scale: number): Promise<string>;
  /** The template right for it when one is there now; undefined otherwise (nothing is made). */
  find(env: Environment, now: Date, scale: number): string | undefined;
}

/** How often a process waiting for the lock tries it again. */
const LOCK_RETRY_MS = 200;

/** A timestamp in a file name: 2026-11-25T08:00:00.000Z is 20261125T080000000Z (fixed width: names sort by time). */
const compact = (at: Date) => at.toISOString().replace(/[-:.]/g, "");

/**
 * The file name of the template for an environment at a moment and scale: the span's start on a running clock, the
 * moment itself on a fixed one (SANDBOX_NOW: a seed is right for that moment only).
 *
 * @example
 * templateName("test", new Date("2026-11-25T10:00:00Z"), 1, false); // "test-seed6-scale1-from-20261125T080000000Z.sqlite"
 * templateName("test", new Date("2026-11-21T18:00:00Z"), 0.05, true); // "test-seed6-scale0.05-at-20261121T180000000Z.sqlite"
 */
export function templateName(env: Environment, now: Date, scale: number, fixed: boolean): string {
  const when = fixed ? `at-${compact(now)}` : `from-${compact(seedPeriod(now).start)}`;
  return `${env}-seed${SEED_VERSION}-scale${scale}-${when}.sqlite`;
}

/**
 * The templates in `dir` (made when first needed). `fixed`: the sandbox's clock stands still (SANDBOX_NOW).
 *
 * @example
 * const templates = seedTemplates(".next/sandbox-templates", { log: console.log });
 * await copyTemplate(await templates.obtain("test", new Date(), 1), ".data/sandbox-test.sqlite");
 */
export function seedTemplates(
  dir: string,
  options: { fixed?: boolean; log?: (line: string) => void } = {},
): SeedTemplates {
  const fixed = options.fixed === true;
  const fileOf = (env: Environment, now: Date, scale: number) => join(dir, templateName(env, now, scale, fixed));

  async function make(file: string, env: Environment, now: Date, scale: number) {
    const making = `${file}.making`;
    removeDatabaseFiles(making);
    try {
      const db = openSandboxDatabase(making);
      try {
        await migrateToLatest(db);
        const summary = await seedAndAnalyze(db, { env, now, scale });
        // One file from here on: nothing beside it to copy or lose, and a read-only reader needs no shared memory.
        await sql`pragma journal_mode = delete`.execute(db);
        options.log?.(`sandbox: seeded the ${env} environment's template in ${summary.elapsedMs} ms`);
      } finally {
        await db.destroy();
      }
      renameSync(making, file);
    } catch (error) {
      removeDatabaseFiles(making);
      throw error;
    }
    removeOutdated(env, file);
  }

  /** This environment's templates no process can want any more: another seed version, or a span that has ended. */
  function removeOutdated(env: Environment, made: string) {
    const start = /-from-(\w+)\.sqlite$/.exec(made)?.[1];
    for (const name of readdirSync(dir)) {
      const match = /^(\w+)-seed(\w+)-scale[\d.]+-(from|at)-(\w+)\.sqlite$/.exec(name);
      if (!match || match[1] !== env) continue;
      const [, , version, kind, when] = match;
      if (version !== SEED_VERSION || (start !== undefined && kind === "from" && when! < start))
        removeDatabaseFiles(join(dir, name));
    }
  }

  return {
    dir,
    find(env, now, scale) {
      const file = fileOf(env, now, scale);
      return existsSync(file) ? file : undefined;
    },
    async obtain(env, now, scale) {
      const file = fileOf(env, now, scale);
      if (existsSync(file)) return file;
      mkdirSync(dir, { recursive: true });
      return withLock(dir, options.log, async () => {
        // Made by the process this one waited for.
        if (!existsSync(file)) await make(file, env, now, scale);
        return file;
      });
    },
  };
}

/**
 * Runs `work` holding the folder's lock: an exclusive transaction on `templates.lock`, tried every 200 ms without
 * blocking (a server waiting for it keeps answering), released when `work` ends or the process does.
 */
async function withLock<T>(dir: string, log: ((line: string) => void) | undefined, work: () => Promise<T>): Promise<T> {
  const lock = new SQLite(join(dir, "templates.lock"), { timeout: 0 });
  try {
    for (let told = false; ; ) {
      try {
        lock.exec("begin exclusive");
        break;
      } catch (error) {
        if (!(error instanceof SQLite.SqliteError) || error.code !== "SQLITE_BUSY") throw error;
        if (!told) log?.(`sandbox: another process is making a seed template in ${dir}; waiting for it`);
        told = true;
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      }
    }
    return await work();
  } finally {
    if (lock.inTransaction) lock.exec("rollback");
    lock.close();
  }
}

/**
 * Copies a template to a database file of its own, with SQLite's backup API (a consistent copy, in steps that let the
 * server answer meanwhile): written beside the file and renamed into place, so the file is never half a copy. The copy
 * shares nothing with the template: writes to one never reach the other.
 */
export async function copyTemplate(template: string, file: string): Promise<void> {
  const copying = `${file}.copying`;
  removeDatabaseFiles(copying);
  const source = new SQLite(template, { readonly: true, fileMustExist: true });
  try {
    await source.backup(copying);
  } catch (error) {
    removeDatabaseFiles(copying);
    throw error;
  } finally {
    source.close();
  }
  removeDatabaseFiles(file);
  renameSync(copying, file);
}

/**
 * Restores an open environment's seed from a template, in one transaction as `reseedEnvironment` does (readers see the
 * old data or the new, never a mix): every table emptied, then filled from the template (attached for the while).
 * Answers as the seed does: when the template was seeded, its scale, how long the restore took.
 */
export async function restoreFromTemplate(
  db: Kysely<Database>,
  template: string,
): Promise<{ now: string; scale: number; elapsedMs: number }> {
  const started = performance.now();
  await sql`attach database ${template} as seed_template`.execute(db);
  try {
    // A template removed since it was found (its span ended a moment ago) was attached as a new, empty file: its meta
    // table is missing, and nothing has been touched yet. The empty file goes; the caller seeds instead.
    const meta = await sql<{
      n: number;
    }>`select count(*) as n from seed_template.sqlite_master where name = 'sandbox_meta'`.execute(db);
    if (Number(meta.rows[0]?.n) === 0) {
      if (statSync(template).size === 0) rmSync(template, { force: true });
      throw new Error(`the template ${template} is gone`);
    }
    await db.transaction().execute(async (trx) => {
      for (const table of [...SEED_TABLES].reverse()) await trx.deleteFrom(table).execute();
      for (const table of SEED_TABLES) {
        // By name: a table's columns are in the order its migrations added them, the same in both, but named all the same.
        const columns = (
          await sql<{ name: string }>`select name from pragma_table_info(${table}, 'seed_template')`.execute(trx)
        ).rows.map((c) => sql.id(c.name));
        await sql`insert into ${sql.id("main", table)} (${sql.join(columns)}) select ${sql.join(columns)} from ${sql.id("seed_template", table)}`.execute(
          trx,
        );
      }
    });
  } finally {
    await sql`detach database seed_template`.execute(db);
  }
  const meta = await db
    .selectFrom("sandbox_meta")
    .select(["key", "value"])
    .where("key", "in", ["seeded_at", "scale"])
    .execute();
  return {
    now: meta.find((m) => m.key === "seeded_at")?.value ?? "",
    scale: Number(meta.find((m) => m.key === "scale")?.value ?? 1),
    elapsedMs: Math.round(performance.now() - started),
  };
}
