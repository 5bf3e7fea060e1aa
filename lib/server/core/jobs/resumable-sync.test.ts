import { describe, expect, it } from "vitest";
import type { Background, BackgroundPurpose, BackgroundReads } from "../background/background-reads";
import type { ActiveKey } from "../session";
import { REFRESH_MS, resumableSync, STALLED_MS, type SyncJob, type SyncReader } from "./resumable-sync";
import { sentJobs } from "./testing";

/** The budget's "read later", as the syncs' reader throws it. */
class Later {
  constructor(readonly seconds: number) {}
}

/** A walk's state: the window (a run of `WINDOW` pages) and page it stands at, what it kept, and when it moved. */
interface WalkState {
  requests: number;
  page: number;
  kept: number[];
  walking: boolean;
  movedAt: number;
  endedAt?: number;
  resumesAt?: number;
}

const PAGES = 7;
/** Pages a step reads: a window, read whole (a step is not cut). */
const WINDOW = 2;
const JOB: SyncJob = { workspaceId: "w1", keyId: "k1" };
const KEY = { id: "k1", keyType: "Supplier" } as ActiveKey;

/**
 * A sync of a list of `PAGES` pages (page n holds n), read a window of `WINDOW` pages a step, with its state kept as a
 * database would (copied in and out); `fail` answers a request (by its number, from 1) with an error or a throw, and
 * `wait` says what the key's budget says before each request.
 */
function setUp(
  options: {
    fail?: (n: number) => "crash" | "status" | undefined;
    wait?: (n: number) => number | undefined;
    requestsPerRun?: number;
  } = {},
) {
  const clock = { at: Date.parse("2026-11-23T10:00:00Z") };
  const stored = new Map<string, string>();
  const read: number[] = [];
  const opened: BackgroundPurpose[] = [];
  const forgotten: string[] = [];
  const putOff: number[] = [];
  let requests = 0;
  const reads: BackgroundReads = { wait: () => options.wait?.(requests + 1), read: async () => undefined };
  const background: Background = {
    syncPace: async () => ({ perHour: 70, requestMs: 1000 }),
    open: async (_workspaceId, _key, purpose) => {
      opened.push(purpose);
      return reads;
    },
  };
  const reader: SyncReader = {
    async page(r, path) {
      const wait = r.wait();
      if (wait !== undefined) throw new Later(wait);
      const n = ++requests;
      const failure = options.fail?.(n);
      if (failure === "crash") throw new Error("the instance died");
      if (failure === "status") return { status: 500 };
      const page = Number(new URL(path, "http://x").searchParams.get("Page"));
      read.push(page);
      return { records: [page] };
    },
    later: (error) => (error instanceof Later ? error.seconds : undefined),
  };
  const save = (keyId: string, state: WalkState) =>
    void stored.set(keyId, JSON.stringify({ ...state, movedAt: clock.at }));
  const load = async (keyId: string) => {
    const json = stored.get(keyId);
    return json === undefined ? undefined : (JSON.parse(json) as WalkState);
  };
  const { jobs, sent } = sentJobs<SyncJob>();
  const keys = new Map([["k1", "w1"]]);
  const started: string[] = [];
  const open = async (_workspaceId: string, keyId: string) => (keys.has(keyId) ? { ...KEY, id: keyId } : undefined);
  const sync = resumableSync<WalkState>(
    { jobs, keys: { open }, background },
    {
      kind: "test-sync",
      name: "the test's",
      reader,
      now: () => clock.at,
      stepsPerRun: 3,
      requestsPerRun: options.requestsPerRun,
      load,
      walking: (state) => state.walking,
      async step(job, _key, state, readPage) {
        const records: number[] = [];
        for (let p = state.page; p < state.page + WINDOW && p <= PAGES; p++)
          records.push(...(await readPage<number>(`/items?Page=${p}`)));
        state.kept.push(...records);
        state.page += WINDOW;
        if (state.page > PAGES) Object.assign(state, { walking: false, endedAt: clock.at });
        save(job.keyId, state);
      },
      resumed: (state) => void (state.resumesAt = undefined),
      async putOff(job, state, seconds) {
        putOff.push(seconds);
        state.resumesAt = clock.at + seconds * 1000;
        save(job.keyId, state);
      },
      forget: async (keyId) => void (stored.delete(keyId), forgotten.push(keyId)),
      kept: async () => [...keys].map(([id, workspace_id]) => ({ id, workspace_id })),
      standings: async () =>
        new Map([...stored.keys()].map((id) => [id, JSON.parse(stored.get(id)!) as WalkState] as const)),
      async start(workspaceId, keyId) {
        started.push(keyId);
        save(keyId, { requests: 0, page: 1, kept: [], walking: true, movedAt: clock.at });
        await sync.queue({ workspaceId, keyId });
      },
    },
  );
  /** Runs the queued jobs until none is left (`limit` runs at most). */
  const drain = async (limit = 20) => {
    for (let i = 0; i < limit && sent.length > 0; i++) await sync.run(sent.shift()!.data);
  };
  return { clock, sync, sent, read, opened, forgotten, putOff, load, keys, started, drain };
}

describe("the resumable sync", () => {
  it("reads its windows a run at a time: at most its steps or its requests a run (a window not cut), then queued again at once", async () => {
    const { sync, sent, read, opened, load, started } = setUp({ requestsPerRun: 3 });
    await sync.sweep();
    expect(started).toEqual(["k1"]);
    expect(sent).toEqual([{ kind: "test-sync", data: JOB, options: { key: "k1", delaySeconds: 0 } }]);
    await sync.run(sent.shift()!.data);
    // 3 requests a run: the second window is read whole (4 requests), then the run gives the queue back.
    expect(read).toEqual([1, 2, 3, 4]);
    expect(sent).toEqual([{ kind: "test-sync", data: JOB, options: { key: "k1", delaySeconds: 0 } }]);
    await sync.run(sent.shift()!.data);
    expect(read).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await load("k1")).toMatchObject({ walking: false, requests: 7, kept: [1, 2, 3, 4, 5, 6, 7] });
    // The walk is over: nothing queued.
    expect(sent).toEqual([]);
    // Every read is the syncs': their share of the key's hour, people first.
    expect(new Set(opened)).toEqual(new Set(["sync"]));
    // Without a limit of requests, 3 steps a run: 3 windows, then queued again at once.
    const unlimited = setUp();
    await unlimited.sync.sweep();
    await unlimited.sync.run(unlimited.sent.shift()!.data);
    expect(unlimited.read).toEqual([1, 2, 3, 4, 5, 6]);
    expect(unlimited.sent).toEqual([{ kind: "test-sync", data: JOB, options: { key: "k1", delaySeconds: 0 } }]);
  });

  it("goes on after a run that died from the state saved after its last step, reading again only the step it died in", async () => {
    const { sync, sent, read, load, drain } = setUp({ fail: (n) => (n === 4 ? "crash" : undefined) });
    await sync.sweep();
    await expect(sync.run(sent[0]!.data)).rejects.toThrow("the instance died");
    // Saved after the first window (2 requests); the second's first page was read, then the run died.
    expect(await load("k1")).toMatchObject({ walking: true, page: 3, requests: 2, kept: [1, 2] });
    // The job's retry (the queue still holds it: a run that throws is retried): the second window again, whole.
    await drain();
    expect(read).toEqual([1, 2, 3, 3, 4, 5, 6, 7]);
    expect(await load("k1")).toMatchObject({ walking: false, requests: 7, kept: [1, 2, 3, 4, 5, 6, 7] });
  });

  it("waits when the budget says so: at the start, or mid-walk keeping what it read, and goes on from there", async () => {
    // The budget's answers before the requests, each said once: 120 s before the first, 30 s before the fourth.
    const waits = new Map([
      [1, 120],
      [4, 30],
    ]);
    const { sync, sent, read, putOff, load, drain } = setUp({
      wait: (n) => {
        const wait = waits.get(n);
        waits.delete(n);
        return wait;
      },
    });
    await sync.sweep();
    await sync.run(sent.shift()!.data);
    // Spent at the start: nothing read, the run queued for when the budget says, the state saying when.
    expect(read).toEqual([]);
    expect(putOff).toEqual([120]);
    expect(sent).toEqual([{ kind: "test-sync", data: JOB, options: { key: "k1", delaySeconds: 120 } }]);
    expect((await load("k1"))?.resumesAt).toBeDefined();
    await sync.run(sent.shift()!.data);
    // Mid-walk: the first window kept, the run put off at the fourth request.
    expect(read).toEqual([1, 2, 3]);
    expect(putOff).toEqual([120, 30]);
    expect(await load("k1")).toMatchObject({ page: 3, kept: [1, 2] });
    expect(sent[0]!.options).toEqual({ key: "k1", delaySeconds: 30 });
    await drain();
    // Resumed: the wait is forgotten once the run reads again.
    expect(await load("k1")).toMatchObject({ walking: false, kept: [1, 2, 3, 4, 5, 6, 7] });
    expect((await load("k1"))?.resumesAt).toBeUndefined();
  });

  it("fails a run on an answer that is an error, naming the sync and the list", async () => {
    const { sync, sent } = setUp({ fail: (n) => (n === 1 ? "status" : undefined) });
    await sync.sweep();
    await expect(sync.run(sent[0]!.data)).rejects.toThrow("the test's read of /items answered 500");
  });

  it("sweeps: a lost walk is queued again after an hour, a day after its end the refresh, and a removed key's state goes", async () => {
    const { clock, sync, sent, started, keys, forgotten, load, drain } = setUp();
    await sync.sweep();
    sent.length = 0;
    // The job was lost: within the hour nothing, after it queued again.
    clock.at += STALLED_MS;
    expect(await sync.sweep()).toEqual({ started: 0, forgotten: 0 });
    expect(sent).toEqual([]);
    clock.at += 1;
    await sync.sweep();
    expect(sent).toHaveLength(1);
    await drain();
    expect((await load("k1"))?.walking).toBe(false);
    clock.at += REFRESH_MS - 1;
    expect(await sync.sweep()).toEqual({ started: 0, forgotten: 0 });
    clock.at += 1;
    expect(await sync.sweep()).toEqual({ started: 1, forgotten: 0 });
    expect(started).toEqual(["k1", "k1"]);
    // The key removed: the sweep forgets its state, and so does a run of its job.
    keys.delete("k1");
    expect(await sync.sweep()).toEqual({ started: 0, forgotten: 1 });
    await sync.run(JOB);
    expect(forgotten).toEqual(["k1", "k1"]);
  });
});
