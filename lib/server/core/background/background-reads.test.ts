import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStore } from "../shared/memory-store";
import { connectKey, createTestBackend, DEMO_KEYS, type TestBackend } from "../testing";
import {
  backgroundClient,
  type BackgroundPurpose,
  createBackground,
  Deferred,
  deferredIn,
  whenBudgetAllows,
} from "./background-reads";

const backends: TestBackend[] = [];
afterEach(async () => {
  await Promise.all(backends.splice(0).map((b) => b.close()));
});

/** A backend whose API answers every list with nothing, a key of limit 100 an hour with all of it left, and a clock. */
async function setUp(remaining = 100) {
  const backend = await createTestBackend(async () =>
    Response.json({ Data: [], Page: 1, PageSize: 50, HasNextPage: false }),
  );
  backends.push(backend);
  const key = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
  await backend.rateLimits.note(
    key.fingerprint,
    new Headers({ "RateLimit-Limit": "100", "RateLimit-Remaining": String(remaining), "RateLimit-Reset": "1800" }),
  );
  const clock = { at: Date.parse("2026-11-21T18:10:00.000Z") };
  // Unpaced: these count the shares, not the pace (lib/server/insights/history-sync.test.ts looks at it).
  const background = createBackground({ proxy: backend, shared: createMemoryStore(), now: () => clock.at, paceMs: 0 });
  const active = (await backend.keys.open(key.workspaceId, key.keyId))!;
  /** Reads until the background refuses, answering how many it made (each a distinct page, so none is a cache hit). */
  const readAll = async (purpose: BackgroundPurpose) => {
    const reads = await background.open(key.workspaceId, active, purpose);
    let made = 0;
    // As every caller does: nothing while the key's people should go first.
    if (reads.wait() !== undefined) return { made, wait: reads.wait() };
    while ((await reads.read("v1", `/invoices?PageSize=1&Page=${purpose.length}${made + 1}`)) !== undefined) made++;
    return { made, wait: reads.wait() };
  };
  return { backend, clock, readAll, background, key, active };
}

describe("background reads", () => {
  it("spend at most a tenth of the key's hour, the history sync at most 7 %, so a follow-up always finds the rest", async () => {
    const { readAll, clock } = await setUp();
    // The sync runs first and takes what it may: 7 of the 100.
    const sync = await readAll("sync");
    expect(sync.made).toBe(7);
    // Until the next hour (18:10 now: 50 minutes).
    expect(sync.wait).toBe(50 * 60);
    // The follow-up, the watch or the report then have the other 3.
    expect((await readAll("follow-up")).made).toBe(3);
    expect((await readAll("watch")).made).toBe(0);
    // A new hour: the sync again first, then the others; without the sync, a watch may take the whole tenth.
    clock.at += 3_600_000;
    expect((await readAll("watch")).made).toBe(10);
    expect((await readAll("sync")).made).toBe(0);
  });

  it("wait while people have under a fifth of the hour left, and read nothing", async () => {
    const { readAll, backend } = await setUp(19);
    const calls = backend.calls.length;
    const { made, wait } = await readAll("sync");
    expect(made).toBe(0);
    expect(wait).toBeGreaterThan(0);
    expect(backend.calls.length).toBe(calls);
  });
});

describe("whenBudgetAllows", () => {
  const reads = (wait?: number) => ({ wait: () => wait, read: async () => undefined });

  it("gives the work's result, or puts the run off while the key's budget must wait, and drops it after two days", async () => {
    const deferred: [number, number][] = [];
    const recorded: string[] = [];
    const run = (deferrals?: number) => ({
      deferrals,
      defer: async (n: number, seconds: number) => void deferred.push([n, seconds]),
      record: async (error: string) => void recorded.push(error),
    });
    expect(await whenBudgetAllows(reads(), async () => "made", run())).toBe("made");
    expect(await whenBudgetAllows(reads(600), async () => "never", run())).toBeUndefined();
    // A read refused mid-work (the typed client wraps it as a network error's cause) puts it off too.
    expect(
      await whenBudgetAllows(
        reads(),
        async () => Promise.reject(new Error("network", { cause: new Deferred(90) })),
        run(3),
      ),
    ).toBeUndefined();
    expect(deferred).toEqual([
      [1, 600],
      [4, 90],
    ]);
    expect(await whenBudgetAllows(reads(600), async () => "never", run(48))).toBeUndefined();
    expect(recorded).toEqual(["The key's background budget stayed spent for two days: this run was skipped."]);
  });

  it("records any other failure and throws it again, for the job's backoff", async () => {
    const recorded: string[] = [];
    await expect(
      whenBudgetAllows(reads(), async () => Promise.reject(new Error("the API answered 500")), {
        defer: async () => {},
        record: async (error) => void recorded.push(error),
      }),
    ).rejects.toThrow("500");
    expect(recorded).toEqual(["the API answered 500"]);
  });
});

describe("backgroundClient", () => {
  it("reads through the background with the typed client's own headers: a document refuses last-known copies", async () => {
    const asked: { path: string; headers?: Record<string, string> }[] = [];
    const reads = {
      wait: () => undefined,
      read: async (_version: string, path: string, headers?: Record<string, string>) => {
        asked.push({ path, headers });
        return Response.json({ Data: [], Page: 1, PageSize: 500, HasNextPage: false });
      },
    };
    await backgroundClient(reads).listStates({ query: { PageSize: 500 }, acceptStale: false });
    expect(asked).toEqual([
      { path: "/states?PageSize=500", headers: expect.objectContaining({ "cache-control": "stale-if-error=0" }) },
    ]);
    // A read the background may not make is put off (Deferred, for whenBudgetAllows).
    const spent = { wait: () => 1200, read: async () => undefined };
    await expect(backgroundClient(spent).listStates()).rejects.toSatisfy(
      (error) => deferredIn(error)?.seconds === 1200,
    );
  });
});
