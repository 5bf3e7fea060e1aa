import { afterEach, describe, expect, it, vi } from "vitest";
import type * as z from "zod";
import {
  createFaults,
  droppedConnection,
  FaultRuleInput,
  FaultRulesBody,
  type StoredFaultRule,
  withFault,
} from "./faults";

/** A rule as the operator would send it, checked and with its defaults. */
function rule(input: z.input<typeof FaultRuleInput>) {
  return FaultRuleInput.parse(input);
}

/** The one stored rule of a fresh set of faults in the test environment. */
function stored(input: z.input<typeof FaultRuleInput>): StoredFaultRule {
  return createFaults().set("test", [rule(input)])[0]!;
}

/** A `run` that answers 201 and counts its calls. */
function runner() {
  return vi.fn(async () => new Response(JSON.stringify({ Data: [] }), { status: 201 }));
}

/** Whether a promise has settled, without waiting for it. */
function tracked<T>(promise: Promise<T>) {
  const state = { settled: false };
  void promise.then(() => (state.settled = true));
  return state;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("pick", () => {
  it.each([
    ["POST", "/api/v2/purchases", true],
    ["post", "/api/v2/purchases/12/lines", true],
    ["POST", "/api/v2/purchases?page=2", true],
    ["GET", "/api/v2/purchases", false],
    ["POST", "/api/v1/purchases", false],
    ["POST", "/api/v2/purchase", false],
  ])("a POST /api/v2/purchases* rule: %s %s matches: %s", (method, path, expected) => {
    const faults = createFaults();
    faults.set("test", [rule({ method: "POST", path: "/api/v2/purchases*", kind: "error" })]);
    expect(faults.pick("test", method, path) !== undefined).toBe(expected);
  });

  it.each([
    ["GET", "/api/v1/invoices", true],
    ["HEAD", "/api/v1/invoices", true],
    ["DELETE", "/api/v1/invoices/", true],
    ["GET", "/api/v1//invoices", true],
    ["GET", "/api/v1/invoices/5", false],
    ["GET", "/api/v1/invoicesX", false],
    ["GET", "/x/api/v1/invoices", false],
  ])("an any-method /api/v1/invoices rule (whole path): %s %s matches: %s", (method, path, expected) => {
    const faults = createFaults();
    faults.set("test", [rule({ path: "/api/v1/invoices", kind: "error" })]);
    expect(faults.pick("test", method, path) !== undefined).toBe(expected);
  });

  it("gives a HEAD request the faults of GET, whose handler it runs", () => {
    const faults = createFaults();
    faults.set("test", [rule({ method: "GET", path: "/api/v1/invoices", kind: "error" })]);
    expect(faults.pick("test", "HEAD", "/api/v1/invoices")?.kind).toBe("error");
  });

  it("reads only * as a wildcard: a dot in a pattern is a dot", () => {
    const faults = createFaults();
    faults.set("test", [rule({ path: "/api/v1/documents/a.pdf", kind: "error" })]);
    expect(faults.pick("test", "GET", "/api/v1/documents/aXpdf")).toBeUndefined();
    expect(faults.pick("test", "GET", "/api/v1/documents/a.pdf")).toBeDefined();
  });

  it("gives a request the first rule that matches it", () => {
    const faults = createFaults();
    const [first, second] = faults.set("test", [
      rule({ method: "GET", path: "/api/v1/invoices*", kind: "error" }),
      rule({ path: "/api/v1/*", kind: "drop" }),
    ]);
    expect(faults.pick("test", "GET", "/api/v1/invoices")?.id).toBe(first!.id);
    expect(faults.pick("test", "POST", "/api/v1/invoices")?.id).toBe(second!.id);
    expect(faults.list("test").map((r) => [r.matched, r.applied])).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });

  it("passes a request a rule does not select on to the next rule", () => {
    const faults = createFaults();
    faults.set("test", [rule({ path: "/*", kind: "error", share: 0.5 }), rule({ path: "/*", kind: "drop" })]);
    const kinds = [1, 2, 3, 4].map(() => faults.pick("test", "GET", "/api/v1/invoices")?.kind);
    expect(kinds).toEqual(["drop", "error", "drop", "error"]);
  });

  it("with share 0.25 selects exactly requests 4, 8 and 12 of 12", () => {
    const faults = createFaults();
    faults.set("test", [rule({ path: "/api/v1/invoices", kind: "error", share: 0.25 })]);
    const selected = Array.from({ length: 12 }, (_, i) => i + 1).filter(() =>
      faults.pick("test", "GET", "/api/v1/invoices"),
    );
    expect(selected).toEqual([4, 8, 12]);
    expect(faults.list("test")[0]).toMatchObject({ matched: 12, applied: 3 });
  });

  it("with share 0.1 selects every 10th request, despite rounding", () => {
    const faults = createFaults();
    faults.set("test", [rule({ path: "/*", kind: "error", share: 0.1 })]);
    const selected = Array.from({ length: 30 }, (_, i) => i + 1).filter(() =>
      faults.pick("test", "GET", "/api/v1/items"),
    );
    expect(selected).toEqual([10, 20, 30]);
  });

  it("spends a rule with a count, then lets requests through", () => {
    const faults = createFaults();
    faults.set("test", [rule({ method: "POST", path: "/api/v2/purchases", kind: "drop", count: 2 })]);
    expect(faults.pick("test", "POST", "/api/v2/purchases")?.remaining).toBe(1);
    expect(faults.pick("test", "POST", "/api/v2/purchases")?.remaining).toBe(0);
    expect(faults.pick("test", "POST", "/api/v2/purchases")).toBeUndefined();
    expect(faults.list("test")[0]).toMatchObject({ matched: 2, applied: 2, remaining: 0 });
  });

  it("with a key, meets only that key's requests, and lists the key by its last four characters, never whole", () => {
    const faults = createFaults();
    const [listed] = faults.set("test", [rule({ path: "/api/*", kind: "rate-limit", key: "test-issued-key-7f3a" })]);
    expect(listed).toMatchObject({ keyHint: "7f3a" });
    expect(JSON.stringify(faults.list("test"))).not.toContain("test-issued-key");
    expect(faults.pick("test", "GET", "/api/v1/invoices", "test-customer-demo")).toBeUndefined();
    expect(faults.pick("test", "GET", "/api/v1/invoices")).toBeUndefined();
    expect(faults.pick("test", "GET", "/api/v1/invoices", "test-issued-key-7f3a")?.kind).toBe("rate-limit");
    expect(faults.list("test")[0]).toMatchObject({ matched: 1, applied: 1 });
  });

  it("sends requests past a spent rule to the next one", () => {
    const faults = createFaults();
    faults.set("test", [
      rule({ path: "/*", kind: "error", count: 1 }),
      rule({ path: "/*", kind: "latency", latencyMs: 5 }),
    ]);
    expect(faults.pick("test", "GET", "/api/v1/invoices")?.kind).toBe("error");
    expect(faults.pick("test", "GET", "/api/v1/invoices")?.kind).toBe("latency");
  });
});

describe("set, list and clear", () => {
  it("keep each environment's rules apart", () => {
    const faults = createFaults();
    faults.set("test", [rule({ path: "/*", kind: "error" })]);
    expect(faults.pick("production", "GET", "/api/v1/invoices")).toBeUndefined();
    expect(faults.list("production")).toEqual([]);
    expect(faults.pick("test", "GET", "/api/v1/invoices")?.kind).toBe("error");
  });

  it("clear removes the environment's rules and only them", () => {
    const faults = createFaults();
    faults.set("test", [rule({ path: "/*", kind: "error" })]);
    faults.set("production", [rule({ path: "/*", kind: "drop" })]);
    faults.clear("test");
    expect(faults.list("test")).toEqual([]);
    expect(faults.pick("test", "GET", "/api/v1/invoices")).toBeUndefined();
    expect(faults.pick("production", "GET", "/api/v1/invoices")?.kind).toBe("drop");
  });

  it("set replaces the rules, with fresh ids, counters and the defaults of each kind", () => {
    const faults = createFaults();
    const [old] = faults.set("test", [rule({ path: "/*", kind: "error" })]);
    faults.pick("test", "GET", "/api/v1/invoices");
    const rules = faults.set("test", [
      rule({ path: "/api/v1/*", kind: "rate-limit" }),
      rule({ path: "/api/v1/*", kind: "drop" }),
      rule({ path: "/api/v1/*", kind: "timeout", count: 3 }),
    ]);
    expect(rules).toEqual([
      {
        id: old!.id + 1,
        method: "*",
        path: "/api/v1/*",
        kind: "rate-limit",
        retryAfter: 30,
        share: 1,
        matched: 0,
        applied: 0,
        remaining: null,
      },
      {
        id: old!.id + 2,
        method: "*",
        path: "/api/v1/*",
        kind: "drop",
        when: "after",
        share: 1,
        matched: 0,
        applied: 0,
        remaining: null,
      },
      {
        id: old!.id + 3,
        method: "*",
        path: "/api/v1/*",
        kind: "timeout",
        latencyMs: 30000,
        share: 1,
        count: 3,
        matched: 0,
        applied: 0,
        remaining: 3,
      },
    ]);
    expect(faults.list("test")).toEqual(rules);
  });

  it("set rejects an invalid rule and keeps the rules it had", () => {
    const faults = createFaults();
    faults.set("test", [rule({ path: "/*", kind: "error" })]);
    expect(() => faults.set("test", [{ ...rule({ path: "/*", kind: "error" }), share: 0 }])).toThrow();
    expect(faults.list("test")).toHaveLength(1);
  });

  it("list hands out copies: changing one does not change the rule", () => {
    const faults = createFaults();
    faults.set("test", [rule({ path: "/*", kind: "error", count: 1 })]);
    faults.list("test")[0]!.remaining = 0;
    expect(faults.pick("test", "GET", "/api/v1/invoices")?.kind).toBe("error");
  });
});

describe("FaultRuleInput and FaultRulesBody", () => {
  it.each([
    ["latency without latencyMs", { path: "/*", kind: "latency" }],
    ["latency over a minute", { path: "/*", kind: "latency", latencyMs: 60_001 }],
    ["timeout over five minutes", { path: "/*", kind: "timeout", latencyMs: 300_001 }],
    ["share 0", { path: "/*", kind: "error", share: 0 }],
    ["share over 1", { path: "/*", kind: "error", share: 1.5 }],
    ["count 0", { path: "/*", kind: "error", count: 0 }],
    ["an unknown property", { path: "/*", kind: "error", status: 503 }],
    ["an unknown kind", { path: "/*", kind: "teapot" }],
    ["an unknown method", { method: "PUT", path: "/*", kind: "error" }],
    ["a path without a leading /", { path: "api/v1/invoices", kind: "error" }],
    ["a path with a query string", { path: "/api/v1/invoices?Page=2", kind: "error" }],
    ["retryAfter on an error fault", { path: "/*", kind: "error", retryAfter: 5 }],
    ["retryAfter over an hour", { path: "/*", kind: "rate-limit", retryAfter: 3601 }],
    ["when on a latency fault", { path: "/*", kind: "latency", latencyMs: 5, when: "before" }],
    ["latencyMs on a drop fault", { path: "/*", kind: "drop", latencyMs: 5 }],
  ])("rejects %s", (_, input) => {
    expect(FaultRuleInput.safeParse(input).success).toBe(false);
  });

  it("accepts a rule of each kind and fills in method and share", () => {
    const inputs = [
      { path: "/api/v1/invoices", kind: "latency", latencyMs: 250 },
      { method: "GET", path: "/api/v1/*", kind: "error", share: 0.5 },
      { path: "/*", kind: "rate-limit", retryAfter: 5, count: 10 },
      { method: "POST", path: "/api/v2/purchases", kind: "drop", when: "after" },
      { path: "/*", kind: "timeout" },
    ];
    const parsed = FaultRulesBody.parse({ rules: inputs });
    expect(parsed.rules.map((r) => [r.method, r.share])).toEqual([
      ["*", 1],
      ["GET", 0.5],
      ["*", 1],
      ["POST", 1],
      ["*", 1],
    ]);
  });

  it("rejects more than 50 rules", () => {
    const rules = Array.from({ length: 51 }, () => ({ path: "/*", kind: "error" }));
    expect(FaultRulesBody.safeParse({ rules }).success).toBe(false);
    expect(FaultRulesBody.safeParse({ rules: rules.slice(1) }).success).toBe(true);
  });
});

describe("withFault", () => {
  it("without a rule runs the request as it is", async () => {
    const run = runner();
    const response = await withFault(undefined, run);
    expect(run).toHaveBeenCalledOnce();
    expect(response.status).toBe(201);
  });

  it("error answers 500 without running the request", async () => {
    const run = runner();
    const response = await withFault(stored({ path: "/*", kind: "error" }), run);
    expect(run).not.toHaveBeenCalled();
    expect(response.status).toBe(500);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("X-Sandbox-Fault")).toBe("error");
    expect(await response.json()).toEqual({ Error: "Unexpected server error" });
  });

  it.each([
    [undefined, "30"],
    [120, "120"],
  ])(
    "rate-limit (retryAfter %s) answers 429 with Retry-After %s without running the request",
    async (retryAfter, seconds) => {
      const run = runner();
      const response = await withFault(stored({ path: "/*", kind: "rate-limit", retryAfter }), run);
      expect(run).not.toHaveBeenCalled();
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ Error: "Rate limit exceeded" });
      expect(
        Object.fromEntries(
          ["Retry-After", "RateLimit-Remaining", "RateLimit-Reset", "X-Sandbox-Fault", "Content-Type"].map((h) => [
            h,
            response.headers.get(h),
          ]),
        ),
      ).toEqual({
        "Retry-After": seconds,
        "RateLimit-Remaining": "0",
        "RateLimit-Reset": seconds,
        "X-Sandbox-Fault": "rate-limit",
        "Content-Type": "application/json; charset=utf-8",
      });
    },
  );

  it("rate-limit names the sandbox's limit, as a spent budget's 429 does, when given it", async () => {
    const response = await withFault(
      stored({ path: "/*", kind: "rate-limit", retryAfter: 60 }),
      runner(),
      undefined,
      1028,
    );
    expect([response.headers.get("RateLimit-Limit"), response.headers.get("RateLimit-Remaining")]).toEqual([
      "1028",
      "0",
    ]);
  });

  it("drop before loses the request without running it", async () => {
    const run = runner();
    const response = await withFault(stored({ path: "/*", kind: "drop", when: "before" }), run);
    expect(run).not.toHaveBeenCalled();
    expect(response.headers.get("X-Sandbox-Fault")).toBeNull();
    await expect(response.text()).rejects.toThrow("connection dropped");
  });

  it("drop after runs the request once, discards its answer, and loses the response", async () => {
    const cancel = vi.fn();
    const run = vi.fn(async () => new Response(new ReadableStream({ cancel }), { status: 201 }));
    const response = await withFault(stored({ path: "/*", kind: "drop" }), run);
    expect(run).toHaveBeenCalledOnce();
    expect(cancel).toHaveBeenCalledOnce();
    await expect(response.json()).rejects.toThrow("connection dropped");
  });

  it("droppedConnection's body fails when read", async () => {
    await expect(droppedConnection().arrayBuffer()).rejects.toThrow();
  });

  it("latency waits latencyMs, then runs the request", async () => {
    vi.useFakeTimers();
    const run = runner();
    const pending = withFault(stored({ path: "/*", kind: "latency", latencyMs: 2_000 }), run);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledOnce();
    expect((await pending).status).toBe(201);
  });

  it("latency drops the request without running it when the client leaves during the wait", async () => {
    vi.useFakeTimers();
    const run = runner();
    const client = new AbortController();
    const pending = withFault(stored({ path: "/*", kind: "latency", latencyMs: 2_000 }), run, client.signal);
    await vi.advanceTimersByTimeAsync(500);
    client.abort();
    await expect((await pending).text()).rejects.toThrow("connection dropped");
    expect(run).not.toHaveBeenCalled();
  });

  it("timeout holds the request for latencyMs (30 s by default), then drops it without running it", async () => {
    vi.useFakeTimers();
    const run = runner();
    const pending = withFault(stored({ path: "/*", kind: "timeout" }), run);
    const state = tracked(pending);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe(true);
    expect(run).not.toHaveBeenCalled();
    await expect((await pending).text()).rejects.toThrow("connection dropped");
  });

  it("timeout stops holding the request when its signal aborts", async () => {
    vi.useFakeTimers();
    const client = new AbortController();
    const pending = withFault(stored({ path: "/*", kind: "timeout", latencyMs: 300_000 }), runner(), client.signal);
    const state = tracked(pending);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.settled).toBe(false);
    client.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.settled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("timeout answers at once when the signal has already aborted", async () => {
    vi.useFakeTimers();
    const pending = withFault(stored({ path: "/*", kind: "timeout" }), runner(), AbortSignal.abort());
    const state = tracked(pending);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.settled).toBe(true);
  });
});
