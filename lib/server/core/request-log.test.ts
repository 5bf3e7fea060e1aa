import { afterEach, describe, expect, it, vi } from "vitest";
import type { RequestLogEntry } from "@/lib/session/request-log-view";
import { createRequestLog, MAX_ENTRIES_PER_KEY, MAX_PATH_CHARS } from "./request-log";
import type { SharedStore } from "./shared/shared-store";
import { sharedStoreProfiles } from "./shared/testing";

const T0 = Date.parse("2026-11-21T18:00:00.000Z");

/** An entry made `second` seconds after T0, its request id naming it. */
function entry(second: number, overrides: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return {
    at: new Date(T0 + second * 1000).toISOString(),
    method: "GET",
    path: "/api/v1/invoices?Statuses=1,7",
    operation: "listInvoices",
    status: 200,
    durationMs: 12.5,
    requestId: `r${second}`,
    source: "upstream",
    ...overrides,
  };
}

const opened: SharedStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

describe.each(sharedStoreProfiles())("request log on $name", (profile) => {
  async function newLog() {
    const store = await profile.open();
    opened.push(store);
    // The same log as another instance sees it: its own waiting entries, the same store.
    const peer = createRequestLog(store.peer());
    return Object.assign(createRequestLog(store), { peer: () => peer });
  }

  it("answers a key's entries newest first, each with its keyId, as they were recorded", async () => {
    const log = await newLog();
    log.record("k1", entry(1));
    log.record("k1", entry(2, { status: 404, operation: null, source: "refused" }));
    expect(await log.recent(["k1"])).toEqual([
      { ...entry(2, { status: 404, operation: null, source: "refused" }), keyId: "k1" },
      { ...entry(1), keyId: "k1" },
    ]);
    expect(await log.recent(["unknown"])).toEqual([]);
    expect(await log.recent([])).toEqual([]);
  });

  it("merges several keys' entries newest first by time, then by when they were recorded", async () => {
    const log = await newLog();
    log.record("a", entry(1));
    log.record("b", entry(2));
    log.record("a", entry(3));
    log.record("b", entry(5));
    log.record("a", entry(4));
    // Within one key, entries of the same moment are told apart by the order they were recorded in.
    log.record("a", entry(5, { requestId: "same-second-later" }));
    expect((await log.recent(["a", "b"])).map((e) => `${e.keyId}:${e.requestId}`)).toEqual([
      "a:same-second-later",
      "b:r5",
      "a:r4",
      "a:r3",
      "b:r2",
      "a:r1",
    ]);
    // Only the keys asked for, each once however often it is named.
    expect((await log.recent(["b", "b"])).map((e) => e.requestId)).toEqual(["r5", "r2"]);
  });

  it("shares one log between instances: a request noted by one is answered by the other", async () => {
    const log = await newLog();
    log.record("k", entry(1));
    await log.flush();
    log.peer().record("k", entry(2));
    expect((await log.peer().recent(["k"])).map((e) => e.requestId)).toEqual(["r2", "r1"]);
    expect((await log.recent(["k"])).map((e) => e.requestId)).toEqual(["r2", "r1"]);
  });

  it("writes what it notes within moments, without being asked to", async () => {
    const log = await newLog();
    log.record("k", entry(1));
    await vi.waitFor(async () => expect((await log.peer().recent(["k"])).map((e) => e.requestId)).toEqual(["r1"]), {
      timeout: 2_000,
      interval: 20,
    });
  });

  it("answers at most `limit` entries, the newest", async () => {
    const log = await newLog();
    for (let i = 0; i < 10; i++) log.record(i % 2 ? "a" : "b", entry(i));
    expect((await log.recent(["a", "b"], 3)).map((e) => e.requestId)).toEqual(["r9", "r8", "r7"]);
    expect(await log.recent(["a", "b"], 0)).toEqual([]);
    expect(await log.recent(["a", "b"])).toHaveLength(10);
  });

  it(`keeps the last ${MAX_ENTRIES_PER_KEY} entries of a key`, async () => {
    const log = await newLog();
    for (let i = 0; i < MAX_ENTRIES_PER_KEY + 50; i++) log.record("k", entry(i));
    log.record("other", entry(1000));
    const kept = await log.recent(["k"], 10_000);
    expect(kept).toHaveLength(MAX_ENTRIES_PER_KEY);
    expect(kept[0]!.requestId).toBe(`r${MAX_ENTRIES_PER_KEY + 49}`);
    expect(kept.at(-1)!.requestId).toBe("r50");
    expect(await log.recent(["k", "other"], 10_000)).toHaveLength(MAX_ENTRIES_PER_KEY + 1);
  });

  it(`cuts a path to ${MAX_PATH_CHARS} characters`, async () => {
    const log = await newLog();
    const long = `/api/v1/invoices?InvoiceIDs=${"1,".repeat(400)}1`;
    log.record("k", entry(1, { path: long }));
    expect((await log.recent(["k"]))[0]!.path).toBe(long.slice(0, MAX_PATH_CHARS));
  });

  it("keeps its own copy: changing an entry given or answered does not change the log", async () => {
    const log = await newLog();
    const given = entry(1);
    log.record("k", given);
    given.status = 500;
    (await log.recent(["k"]))[0]!.status = 502;
    expect((await log.recent(["k"]))[0]!.status).toBe(200);
  });

  it("forgets a key's entries, and only that key's", async () => {
    const log = await newLog();
    log.record("a", entry(1));
    log.record("b", entry(2));
    await log.forget("a");
    await log.forget("never-seen");
    expect((await log.recent(["a", "b"])).map((e) => e.keyId)).toEqual(["b"]);
    // What one instance forgets, the others no longer answer.
    expect((await log.peer().recent(["a", "b"])).map((e) => e.keyId)).toEqual(["b"]);
    log.record("a", entry(3));
    expect((await log.recent(["a"])).map((e) => e.requestId)).toEqual(["r3"]);
  });
});
