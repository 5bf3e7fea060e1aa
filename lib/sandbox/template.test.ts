import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openSandboxDatabase } from "./db/open";
import type { Database } from "./db/schema";
import { SEED_TABLES, SEED_VERSION, seedPeriod } from "./seed";
import { allRows, seededDatabase, TEST_NOW, TEST_SCALE } from "./seed/testing";
import { copyTemplate, restoreFromTemplate, seedTemplates, templateName } from "./template";

const root = mkdtempSync(join(tmpdir(), "backroom-template-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
/** A folder of its own for each test. */
const folder = () => join(root, `case-${++folders}`);

/** A log that a test can read, and wait on for a line. */
function recorder() {
  const lines: string[] = [];
  const waiters: { match: RegExp; resolve: () => void }[] = [];
  return {
    lines,
    log: (line: string) => {
      lines.push(line);
      for (const w of waiters.filter((w) => w.match.test(line))) w.resolve();
    },
    /** Resolves once a line matching `match` has been logged. */
    saw: (match: RegExp) =>
      lines.some((l) => match.test(l))
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ match, resolve })),
    count: (match: RegExp) => lines.filter((l) => match.test(l)).length,
  };
}

const MADE = /seeded the test environment's template/;

/** A database file opened for `work` (read only for a template: opening it to write would make it WAL). */
async function withDatabase<T>(
  file: string,
  work: (db: Kysely<Database>) => Promise<T>,
  { readonly = false } = {},
): Promise<T> {
  const db = readonly
    ? new Kysely<Database>({
        dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }),
      })
    : openSandboxDatabase(file);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

const customerCount = (db: Kysely<Database>) =>
  db
    .selectFrom("customers")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describe("seedPeriod and templateName: what a template is right for", () => {
  it("is the UTC date and the nightly sync (08:00 UTC): a span ends at 00:00 and at 08:00", () => {
    expect(seedPeriod(new Date("2026-11-25T10:00:00Z"))).toEqual({
      start: new Date("2026-11-25T08:00:00Z"),
      end: new Date("2026-11-26T00:00:00Z"),
    });
    expect(seedPeriod(new Date("2026-11-25T03:00:00Z"))).toEqual({
      start: new Date("2026-11-25T00:00:00Z"),
      end: new Date("2026-11-25T08:00:00Z"),
    });
    expect(seedPeriod(new Date("2026-11-25T08:00:00Z")).start).toEqual(new Date("2026-11-25T08:00:00Z"));
  });

  it("names one template for every moment of a span, another for the next span, the next day, a scale, an environment", () => {
    const name = (at: string, scale = 1, env: "test" | "production" = "test") =>
      templateName(env, new Date(at), scale, false);
    expect(name("2026-11-25T08:00:00Z")).toBe(`test-seed${SEED_VERSION}-scale1-from-20261125T080000000Z.sqlite`);
    expect(name("2026-11-25T23:59:59Z")).toBe(name("2026-11-25T08:00:00Z"));
    expect(name("2026-11-25T07:59:59Z")).not.toBe(name("2026-11-25T08:00:00Z"));
    expect(name("2026-11-26T00:00:00Z")).not.toBe(name("2026-11-25T23:59:59Z"));
    expect(name("2026-11-25T10:00:00Z", 0.05)).not.toBe(name("2026-11-25T10:00:00Z"));
    expect(name("2026-11-25T10:00:00Z", 1, "production")).not.toBe(name("2026-11-25T10:00:00Z"));
  });

  it("on a fixed clock (SANDBOX_NOW) names the moment itself: another moment of the same day is another seed", () => {
    const at = (iso: string) => templateName("test", new Date(iso), 0.05, true);
    expect(at("2026-11-21T18:00:00.000Z")).toBe(`test-seed${SEED_VERSION}-scale0.05-at-20261121T180000000Z.sqlite`);
    expect(at("2026-11-21T18:00:00.001Z")).not.toBe(at("2026-11-21T18:00:00.000Z"));
  });
});

describe("seedTemplates", () => {
  it("makes a template that is the seed itself: every table as a fresh seed at the same moment has it", async () => {
    const dir = folder();
    const template = await seedTemplates(dir, { fixed: true }).obtain("test", TEST_NOW, TEST_SCALE);
    const fresh = await seededDatabase("test", TEST_SCALE, TEST_NOW);
    const copy = join(dir, "copy.sqlite");
    await copyTemplate(template, copy);
    await withDatabase(copy, async (db) => {
      for (const table of SEED_TABLES) expect(await allRows(db, table), table).toEqual(await allRows(fresh.db, table));
    });
    await fresh.db.destroy();
  });

  it("makes it once when several ask at once: one seeds, the others wait and take it", async () => {
    const dir = folder();
    const record = recorder();
    // Each its own `seedTemplates`, with its own lock connection, as separate servers would have.
    const paths = await Promise.all(
      [1, 2, 3].map(() => seedTemplates(dir, { fixed: true, log: record.log }).obtain("test", TEST_NOW, TEST_SCALE)),
    );
    expect(new Set(paths).size).toBe(1);
    expect(record.count(MADE)).toBe(1);
    // A later ask finds it: nothing made, nothing waited for.
    await seedTemplates(dir, { fixed: true, log: record.log }).obtain("test", TEST_NOW, TEST_SCALE);
    expect(record.count(MADE)).toBe(1);
    expect(readdirSync(dir).filter((name) => name.endsWith(".sqlite"))).toEqual([
      templateName("test", TEST_NOW, TEST_SCALE, true),
    ]);
  });

  it("waits while another process holds the lock, and makes the template itself once that process has died", async () => {
    const dir = folder();
    const record = recorder();
    const templates = seedTemplates(dir, { fixed: true, log: record.log });
    // Another process takes the folder's lock (as a server making a template would) and dies holding it.
    mkdirSync(dir, { recursive: true });
    const holder = spawn(
      process.execPath,
      [
        "-e",
        "const D = require('better-sqlite3'); new D(process.argv[1]).exec('begin exclusive'); console.log('held'); setInterval(() => {}, 1000);",
        join(dir, "templates.lock"),
      ],
      { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve) =>
      holder.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("held") && resolve()),
    );
    const obtained = templates.obtain("test", TEST_NOW, TEST_SCALE);
    await record.saw(/another process is making a seed template/);
    expect(existsSync(join(dir, templateName("test", TEST_NOW, TEST_SCALE, true)))).toBe(false);
    holder.kill("SIGKILL");
    expect(await obtained).toBe(join(dir, templateName("test", TEST_NOW, TEST_SCALE, true)));
    expect(record.count(MADE)).toBe(1);
  });

  it("replaces a template whose span has ended with the new span's, and takes the same one within a span", async () => {
    const dir = folder();
    const record = recorder();
    const templates = seedTemplates(dir, { log: record.log });
    const morning = await templates.obtain("test", new Date("2026-11-24T09:00:00Z"), TEST_SCALE);
    expect(await templates.obtain("test", new Date("2026-11-24T22:30:00Z"), TEST_SCALE)).toBe(morning);
    expect(record.count(MADE)).toBe(1);
    // An outdated seed version's template goes too.
    const older = join(
      dir,
      templateName("test", new Date("2026-11-24T09:00:00Z"), TEST_SCALE, false).replace(
        `-seed${SEED_VERSION}-`,
        "-seed0-",
      ),
    );
    new SQLite(older).close();
    const next = await templates.obtain("test", new Date("2026-11-25T09:00:00Z"), TEST_SCALE);
    expect(next).not.toBe(morning);
    expect(record.count(MADE)).toBe(2);
    expect(existsSync(morning)).toBe(false);
    expect(existsSync(older)).toBe(false);
    await withDatabase(
      next,
      async (db) => {
        const seededAt = await db
          .selectFrom("sandbox_meta")
          .select("value")
          .where("key", "=", "seeded_at")
          .executeTakeFirstOrThrow();
        expect(seededAt.value).toBe("2026-11-25T09:00:00.000Z");
      },
      { readonly: true },
    );
  });

  it("finds a template right for now without making one", async () => {
    const dir = folder();
    const templates = seedTemplates(dir, { fixed: true });
    expect(templates.find("test", TEST_NOW, TEST_SCALE)).toBeUndefined();
    expect(readdirSync(root)).not.toContain(dir.split("/").at(-1));
    const made = await templates.obtain("test", TEST_NOW, TEST_SCALE);
    expect(templates.find("test", TEST_NOW, TEST_SCALE)).toBe(made);
    expect(templates.find("test", new Date(TEST_NOW.getTime() + 1), TEST_SCALE)).toBeUndefined();
  });
});

describe("copyTemplate and restoreFromTemplate", () => {
  it("restores nothing from a template that is gone: the environment keeps its data, and no empty template appears", async () => {
    const dir = folder();
    const template = await seedTemplates(dir, { fixed: true }).obtain("test", TEST_NOW, TEST_SCALE);
    const file = join(dir, "env.sqlite");
    await copyTemplate(template, file);
    rmSync(template);
    await withDatabase(file, async (db) => {
      const before = await customerCount(db);
      await expect(restoreFromTemplate(db, template)).rejects.toThrow(/is gone/);
      expect(await customerCount(db)).toBe(before);
    });
    expect(existsSync(template)).toBe(false);
  });

  it("gives copies that share nothing with the template or with each other", async () => {
    const dir = folder();
    const template = await seedTemplates(dir, { fixed: true }).obtain("test", TEST_NOW, TEST_SCALE);
    const seeded = await withDatabase(template, customerCount, { readonly: true });
    const [a, b] = [join(dir, "a.sqlite"), join(dir, "b.sqlite")];
    await copyTemplate(template, a);
    await withDatabase(a, async (db) => {
      await db.deleteFrom("customers").execute();
      expect(await customerCount(db)).toBe(0);
    });
    await copyTemplate(template, b);
    expect(await withDatabase(b, customerCount)).toBe(seeded);
    expect(await withDatabase(template, customerCount, { readonly: true })).toBe(seeded);
    // Nothing is left beside the copies but their own files.
    expect(readdirSync(dir).filter((name) => name.includes(".copying"))).toEqual([]);
  });

  it("restores an environment's seed in place from a template, every table as the template holds it", async () => {
    const dir = folder();
    const template = await seedTemplates(dir, { fixed: true }).obtain("test", TEST_NOW, TEST_SCALE);
    const file = join(dir, "env.sqlite");
    await copyTemplate(template, file);
    await withDatabase(file, async (db) => {
      await db.deleteFrom("customers").execute();
      await db.insertInto("sandbox_meta").values({ key: "clock_offset_ms", value: "86400000" }).execute();
      const restored = await restoreFromTemplate(db, template);
      expect(restored).toMatchObject({ now: TEST_NOW.toISOString(), scale: TEST_SCALE });
      await withDatabase(
        template,
        async (source) => {
          for (const table of SEED_TABLES)
            expect(await allRows(db, table), table).toEqual(await allRows(source, table));
        },
        { readonly: true },
      );
    });
  });
});
