import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { CORE_MIGRATIONS, migrate } from "../db/migrations";
import { type Database, openDatabase } from "../db/open";
import { databaseProfiles, freshSchema, postgresUrl } from "../db/testing";
import { createMetrics } from "../metrics";
import { createJobQueue, type Job, type JobQueueOptions, type JobRunner } from "./index";
import { createEffectLedger } from "./effect-ledger";
import { recurring } from "./recurring";
import { sendRequest } from "./runner";
import { backoffMs } from "./table-store";

const dir = mkdtempSync(join(tmpdir(), "backroom-jobs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * One database reached by two handles, as two processes (SQLite: one file opened twice) or two instances (PostgreSQL:
 * one schema, two pools) reach it; each runner made by `queue` is on one of them, and stopped after the test.
 */
interface Fixture {
  handles: [Database, Database];
  queue(on: 0 | 1, options?: Partial<JobQueueOptions>): JobRunner;
  close(): Promise<void>;
}

type Setup = { name: string; fixture(): Promise<Fixture> };

/** Short leases and polls, so a test takes seconds: nothing below asserts how long anything took. */
const FAST = {
  pollMs: 50,
  leaseSeconds: 2,
  stopTimeoutMs: 5_000,
  maintenanceSeconds: 1,
} satisfies Partial<JobQueueOptions>;

function fixtureOver(
  handles: [Database, Database],
  extra: Partial<JobQueueOptions>,
  cleanup: () => Promise<void>,
): Fixture {
  const runners: JobRunner[] = [];
  return {
    handles,
    queue(on, options = {}) {
      const runner = createJobQueue({ database: handles[on], ...FAST, ...extra, ...options });
      runners.push(runner);
      return runner;
    },
    async close() {
      await Promise.allSettled(runners.map((runner) => runner.stop()));
      await cleanup();
    },
  };
}

const setups: Setup[] = [
  {
    name: "the table on SQLite",
    async fixture() {
      const file = join(dir, `${freshSchema()}.sqlite`);
      const first = openDatabase({ file });
      await migrate(first, CORE_MIGRATIONS);
      const second = openDatabase({ file });
      return fixtureOver([first, second], {}, async () => {
        await Promise.all([first.close(), second.close()]);
      });
    },
  },
];
const url = postgresUrl();
if (url) {
  const postgres = databaseProfiles().find((profile) => profile.name === "postgres")!;
  setups.push({
    name: "pg-boss on PostgreSQL",
    async fixture() {
      const first = await postgres.open();
      const bossSchema = freshSchema();
      const second = openDatabase({ url, poolMax: 1 });
      return fixtureOver([first, second], { url, bossSchema }, async () => {
        await Promise.all([first.close(), second.close()]);
        const admin = openDatabase({ url, poolMax: 1 });
        await admin.db.schema.dropSchema(bossSchema).ifExists().cascade().execute();
        await admin.close();
      });
    },
  });
}

/** A promise and its resolver: a handler that waits until the test lets it end. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const counted = async (metrics: ReturnType<typeof createMetrics>) =>
  Object.fromEntries((await metrics.jobs.get()).values.map((v) => [`${v.labels.kind}:${v.labels.outcome}`, v.value]));

describe.each(setups)("the job queue: $name", ({ fixture }) => {
  let current: Fixture | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const open = async () => (current = await fixture());

  it("runs recurring work once per slot, whichever of two runners queues and takes it", async () => {
    const { queue, handles } = await open();
    const slots: { runner: string; slot: number }[] = [];
    const [a, b] = [queue(0), queue(1)];
    // Both register and queue the next slot, as two instances starting do; slots of 1 s.
    const chains = (["a", "b"] as const).map((name, i) =>
      recurring(
        [a, b][i]!,
        createEffectLedger(handles[i]!.db),
        "tick",
        1,
        async (slotStart) => void slots.push({ runner: name, slot: slotStart.getTime() / 1000 }),
      ),
    );
    await Promise.all([a.start(), b.start()]);
    await Promise.all(chains.map((chain) => chain.queueNext()));
    await expect.poll(() => slots.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await Promise.all([a.stop(), b.stop()]);
    const seen = slots.map((s) => s.slot);
    // Each slot ran once, and the chain went on from slot to slot (a slot is skipped only when a run came late). Not
    // necessarily in order: the two runners queue their first slots at their own start, and on a loaded machine the
    // queue may take a later runner's later slot before the first's (CI saw 44, 45, then 41).
    expect(new Set(seen).size).toBe(seen.length);
    expect(Math.max(...seen)).toBeGreaterThanOrEqual(Math.min(...seen) + 2);
  });

  it("runs a slot once when it is queued again after it ran, as an instance's late queueNext does", async () => {
    const { queue, handles } = await open();
    const runs: number[] = [];
    const runner = queue(0);
    const chain = recurring(runner, createEffectLedger(handles[0].db), "tick", 1, async (slotStart) => {
      runs.push(slotStart.getTime() / 1000);
    });
    await runner.start();
    await chain.queueNext();
    await expect.poll(() => runs.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const ran = runs[0]!;
    // The queue takes it: no job of that slot waits any more.
    expect(await runner.send("tick", { slot: ran }, { key: `slot:${ran}` })).not.toBeNull();
    await expect.poll(() => runs.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await runner.stop();
    expect(runs.filter((slot) => slot === ran)).toEqual([ran]);
  });

  it("runs each job once while two runners on one database race for them", async () => {
    const { queue } = await open();
    const runs: { runner: string; id: string }[] = [];
    const [a, b] = [queue(0, { concurrency: 2 }), queue(1, { concurrency: 2 })];
    for (const [name, runner] of [
      ["a", a],
      ["b", b],
    ] as const) {
      runner.work<{ n: number }>("race", async (job) => {
        runs.push({ runner: name, id: job.id });
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    }
    await Promise.all([a.start(), b.start()]);
    const ids = await Promise.all(Array.from({ length: 12 }, (_, n) => (n % 2 ? a : b).send("race", { n })));
    expect(new Set(ids).size).toBe(12);
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(12);
    // Stopped, neither runs anything more: a job taken twice would have run by now.
    await Promise.all([a.stop(), b.stop()]);
    expect(runs.map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  it("retries a job whose handler throws, with its attempt counted, and counts each run's end", async () => {
    const { queue } = await open();
    const metrics = createMetrics(async () => 0);
    const jobs = queue(0, { metrics });
    const attempts: number[] = [];
    jobs.work<{ to: string }>("flaky", async (job: Job<{ to: string }>) => {
      attempts.push(job.attempt);
      expect(job.data).toEqual({ to: "ana@shop.example" });
      if (job.attempt === 1) throw new Error("the mail server said 451");
    });
    await jobs.start();
    await jobs.send("flaky", { to: "ana@shop.example" }, { retryDelaySeconds: 1 });
    await expect.poll(() => counted(metrics), { timeout: 15_000 }).toEqual({ "flaky:retried": 1, "flaky:done": 1 });
    expect(attempts).toEqual([1, 2]);
  });

  it("fails a job for good once its retries are spent, and runs it no more", async () => {
    const { queue } = await open();
    const metrics = createMetrics(async () => 0);
    const jobs = queue(0, { metrics });
    const attempts: number[] = [];
    jobs.work("doomed", async (job) => {
      attempts.push(job.attempt);
      throw new Error("never works");
    });
    await jobs.start();
    await jobs.send("doomed", {}, { retryLimit: 1, retryDelaySeconds: 1 });
    await expect.poll(() => counted(metrics), { timeout: 15_000 }).toEqual({ "doomed:retried": 1, "doomed:failed": 1 });
    await jobs.stop();
    expect(attempts).toEqual([1, 2]);
  });

  it("keeps one queued job per kind and key, and takes the key again once that job has started", async () => {
    const { queue } = await open();
    const jobs = queue(0);
    const started: string[] = [];
    const release = gate();
    jobs.work<{ n: number }>("digest", async (job) => {
      started.push(job.id);
      await release.opened;
    });
    await jobs.start();
    // Queued for later: a second send of the key while it waits is dropped; another key, and sends without one, are not.
    const later = await jobs.send("digest", { n: 1 }, { key: "ws-1", delaySeconds: 3600 });
    expect(later).toEqual(expect.any(String));
    expect(await jobs.send("digest", { n: 2 }, { key: "ws-1", delaySeconds: 3600 })).toBeNull();
    expect(await jobs.send("digest", { n: 3 }, { key: "ws-2", delaySeconds: 3600 })).toEqual(expect.any(String));
    expect(await jobs.send("digest", { n: 4 }, { delaySeconds: 3600 })).toEqual(expect.any(String));
    expect(await jobs.send("digest", { n: 5 }, { delaySeconds: 3600 })).toEqual(expect.any(String));
    // Another kind's key is its own.
    expect(await jobs.send("other", { n: 6 }, { key: "ws-1", delaySeconds: 3600 })).toEqual(expect.any(String));

    const now = await jobs.send("digest", { n: 7 }, { key: "ws-3" });
    await expect.poll(() => started, { timeout: 15_000 }).toContain(now);
    // Running, no longer queued: the key takes a new job.
    expect(await jobs.send("digest", { n: 9 }, { key: "ws-3", delaySeconds: 3600 })).toEqual(expect.any(String));
    // The delayed ones wait their hour.
    expect(started).toEqual([now]);
    release.open();
  });

  it("runs again, on another runner, a job left active by a runner that died, once its lease has passed", async () => {
    const { queue } = await open();
    const dead = queue(0, { leaseSeconds: 1 });
    const taken = gate();
    dead.work("stuck", async () => {
      taken.open();
      await new Promise(() => {}); // never ends: the process dies first
    });
    await dead.start();
    const id = await dead.send("stuck", { n: 1 }, { retryDelaySeconds: 1 });
    await taken.opened;
    await dead.kill();

    const survivor = queue(1, { leaseSeconds: 1 });
    const runs: Job<unknown>[] = [];
    survivor.work("stuck", async (job) => void runs.push(job));
    await survivor.start();
    await expect.poll(() => runs, { timeout: 20_000 }).toEqual([{ id, kind: "stuck", data: { n: 1 }, attempt: 2 }]);
  });

  it("waits at stop for the jobs in flight, and gives back one still running when the wait is over", async () => {
    const { queue } = await open();
    const metrics = createMetrics(async () => 0);
    const first = queue(0, { metrics, stopTimeoutMs: 200 });
    const quick = gate();
    const quickTaken = gate();
    const hung = gate();
    first.work("quick", async () => {
      quickTaken.open();
      await quick.opened;
    });
    first.work("hung", async () => {
      hung.open();
      await new Promise(() => {});
    });
    await first.start();
    await first.send("quick", {});
    const id = await first.send("hung", {}, { retryDelaySeconds: 1 });
    await Promise.all([quickTaken.opened, hung.opened]);
    const stopping = first.stop();
    quick.open();
    await stopping;
    expect(await counted(metrics)).toEqual({ "quick:done": 1, "hung:retried": 1 });
    expect(await first.check()).toBe("unavailable");

    const second = queue(1);
    const runs: Job<unknown>[] = [];
    second.work("hung", async (job) => void runs.push(job));
    await second.start();
    await expect.poll(() => runs, { timeout: 15_000 }).toEqual([{ id, kind: "hung", data: {}, attempt: 2 }]);
  });

  it("takes jobs of a kind whose handler comes after the start, and says it is ready only while started", async () => {
    const { queue } = await open();
    const jobs = queue(0);
    expect(await jobs.check()).toBe("unavailable");
    await jobs.start();
    expect(await jobs.check()).toBe("ok");
    await jobs.send("late", { n: 1 });
    const runs: unknown[] = [];
    jobs.work("late", async (job) => void runs.push(job.data));
    await expect.poll(() => runs, { timeout: 15_000 }).toEqual([{ n: 1 }]);
    await jobs.stop();
    expect(await jobs.check()).toBe("unavailable");
  });
});

describe("a job's options", () => {
  it.each([
    ["a kind with a space", "new mail", {}],
    ["an empty kind", "", {}],
    ["a negative delay", "mail", { delaySeconds: -1 }],
    ["a fractional retry limit", "mail", { retryLimit: 1.5 }],
    ["a fractional retry delay", "mail", { retryDelaySeconds: 0.5 }],
  ])("refuses %s", (_name, kind, options) => {
    expect(() => sendRequest(kind, options)).toThrow();
  });

  it("defaults to 5 retries 5 s apart, doubling", () => {
    expect(sendRequest("mail")).toEqual({ delaySeconds: 0, retryLimit: 5, retryDelaySeconds: 5 });
    expect(sendRequest("mail", { key: "k", delaySeconds: 1.5 })).toEqual({
      key: "k",
      delaySeconds: 1.5,
      retryLimit: 5,
      retryDelaySeconds: 5,
    });
    // The table's backoff is pg-boss's: the delay doubled per run, and up to as much again at random.
    expect([1, 2, 3].map((attempt) => backoffMs(5, attempt, 0))).toEqual([5_000, 10_000, 20_000]);
    expect(backoffMs(5, 3, 1)).toBe(40_000);
    expect(backoffMs(5, 40, 0)).toBe(5_000 * 2 ** 16);
  });
});

describe.skipIf(!url)("the job queue on PostgreSQL, several instances making new queues at once", () => {
  it("sends every job when three instances make the same five queues at the same moment", async () => {
    const database = await databaseProfiles()
      .find((profile) => profile.name === "postgres")!
      .open();
    const bossSchema = freshSchema();
    const instances = Array.from({ length: 3 }, () => createJobQueue({ database, url: url!, bossSchema, ...FAST }));
    try {
      for (const instance of instances) await instance.start();
      const kinds = ["a", "b", "c", "d", "e"].map((letter) => `new-kind-${letter}`);
      const ids = await Promise.all(instances.flatMap((instance) => kinds.map((kind) => instance.send(kind, {}))));
      expect(ids.filter((id) => typeof id === "string")).toHaveLength(15);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
      await database.close();
      const admin = openDatabase({ url: url!, poolMax: 1 });
      await admin.db.schema.dropSchema(bossSchema).ifExists().cascade().execute();
      await admin.close();
    }
  });
});

describe.skipIf(!url)("the job queue on PostgreSQL, its database away at start", () => {
  it("fails to start while the database is missing, says so, and starts on a later attempt once it is there", async () => {
    const name = freshSchema();
    const missing = new URL(url!);
    missing.pathname = `/${name}`;
    const database = await databaseProfiles()
      .find((profile) => profile.name === "postgres")!
      .open();
    const admin = openDatabase({ url: url!, poolMax: 1 });
    const jobs = createJobQueue({ database, url: missing.toString(), bossSchema: "pgboss", ...FAST });
    try {
      await expect(jobs.start()).rejects.toThrow();
      expect(await jobs.check()).toBe("unavailable");
      await expect(jobs.send("mail", {})).rejects.toThrow(/not started/);
      // The database comes; the next attempt starts (pg-boss itself would answer a second start() without starting).
      await sql`create database ${sql.id(name)}`.execute(admin.db);
      await jobs.start();
      expect(await jobs.check()).toBe("ok");
      const runs: unknown[] = [];
      jobs.work("mail", async (job) => void runs.push(job.data));
      await jobs.send("mail", { to: "ana@shop.example" });
      await expect.poll(() => runs, { timeout: 15_000 }).toEqual([{ to: "ana@shop.example" }]);
    } finally {
      await jobs.stop();
      await database.close();
      await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
      await admin.close();
    }
  });
});
