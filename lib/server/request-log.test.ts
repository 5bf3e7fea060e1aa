import { describe, expect, it } from "vitest";
import { createRequestLog, MAX_ENTRIES_PER_KEY, MAX_KEYS, MAX_PATH_CHARS, type RequestLogEntry } from "./request-log";

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

describe("createRequestLog", () => {
  it("answers a key's entries newest first, each with its keyId, as they were recorded", () => {
    const log = createRequestLog();
    log.record("k1", entry(1));
    log.record("k1", entry(2, { status: 404, operation: null, source: "refused" }));
    expect(log.recent(["k1"])).toEqual([
      { ...entry(2, { status: 404, operation: null, source: "refused" }), keyId: "k1" },
      { ...entry(1), keyId: "k1" },
    ]);
    expect(log.recent(["unknown"])).toEqual([]);
    expect(log.recent([])).toEqual([]);
  });

  it("merges several keys' entries newest first by time, then by when they were recorded", () => {
    const log = createRequestLog();
    log.record("a", entry(1));
    log.record("b", entry(2));
    log.record("a", entry(3));
    log.record("b", entry(5));
    log.record("a", entry(4));
    log.record("a", entry(5, { requestId: "same-second-later" }));
    expect(log.recent(["a", "b"]).map((e) => `${e.keyId}:${e.requestId}`)).toEqual(["a:same-second-later", "b:r5", "a:r4", "a:r3", "b:r2", "a:r1"]);
    // Only the keys asked for, each once however often it is named.
    expect(log.recent(["b", "b"]).map((e) => e.requestId)).toEqual(["r5", "r2"]);
  });

  it("answers at most `limit` entries, the newest", () => {
    const log = createRequestLog();
    for (let i = 0; i < 10; i++) log.record(i % 2 ? "a" : "b", entry(i));
    expect(log.recent(["a", "b"], 3).map((e) => e.requestId)).toEqual(["r9", "r8", "r7"]);
    expect(log.recent(["a", "b"], 0)).toEqual([]);
    expect(log.recent(["a", "b"])).toHaveLength(10);
  });

  it(`keeps the last ${MAX_ENTRIES_PER_KEY} entries of a key`, () => {
    const log = createRequestLog();
    for (let i = 0; i < MAX_ENTRIES_PER_KEY + 50; i++) log.record("k", entry(i));
    log.record("other", entry(1000));
    const kept = log.recent(["k"], 10_000);
    expect(kept).toHaveLength(MAX_ENTRIES_PER_KEY);
    expect(kept[0]!.requestId).toBe(`r${MAX_ENTRIES_PER_KEY + 49}`);
    expect(kept.at(-1)!.requestId).toBe("r50");
    expect(log.recent(["k", "other"], 10_000)).toHaveLength(MAX_ENTRIES_PER_KEY + 1);
  });

  it(`keeps ${MAX_KEYS} keys, dropping the one written to least recently`, () => {
    const log = createRequestLog();
    for (let i = 0; i < MAX_KEYS; i++) log.record(`k${i}`, entry(i));
    // k0 is written to again: k1 is now the least recently written.
    log.record("k0", entry(MAX_KEYS));
    log.record("new", entry(MAX_KEYS + 1));
    expect(log.recent(["k1"])).toEqual([]);
    expect(log.recent(["k0"]).map((e) => e.requestId)).toEqual([`r${MAX_KEYS}`, "r0"]);
    expect(log.recent(["k2", "new"])).toHaveLength(2);
    // Reading is not writing: it does not keep a key.
    log.recent(["k2"]);
    log.record("newer", entry(MAX_KEYS + 2));
    expect(log.recent(["k2"])).toEqual([]);
  });

  it(`cuts a path to ${MAX_PATH_CHARS} characters`, () => {
    const log = createRequestLog();
    const long = `/api/v1/invoices?InvoiceIDs=${"1,".repeat(400)}1`;
    log.record("k", entry(1, { path: long }));
    expect(log.recent(["k"])[0]!.path).toBe(long.slice(0, MAX_PATH_CHARS));
  });

  it("keeps its own copy: changing an entry given or answered does not change the log", () => {
    const log = createRequestLog();
    const given = entry(1);
    log.record("k", given);
    given.status = 500;
    log.recent(["k"])[0]!.status = 502;
    expect(log.recent(["k"])[0]!.status).toBe(200);
  });

  it("forgets a key's entries, and only that key's", () => {
    const log = createRequestLog();
    log.record("a", entry(1));
    log.record("b", entry(2));
    log.forget("a");
    log.forget("never-seen");
    expect(log.recent(["a", "b"]).map((e) => e.keyId)).toEqual(["b"]);
    log.record("a", entry(3));
    expect(log.recent(["a"]).map((e) => e.requestId)).toEqual(["r3"]);
  });
});
