import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fixedClock } from "@/lib/sandbox/clock";
import { type SandboxRuntime, startSandbox } from "@/lib/sandbox/runtime";
import { proxyRequest } from "./proxy";
import { createPurchasesV2Availability, type DataApiV2Mode, V2_MISSING_TTL_MS } from "./purchases-v2";
import { createMemoryStore } from "./shared/memory-store";
import type { SharedStore } from "./shared/shared-store";
import { sharedStoreProfiles } from "./shared/testing";
import { BACKROOM, browserRequest, connectKey, createTestBackend, DEMO_KEYS, type TestBackend } from "./testing";

const availability = (
  mode: DataApiV2Mode,
  store: SharedStore = createMemoryStore(),
  base = "https://api.example/api/v1",
) => createPurchasesV2Availability({ mode, store, baseOf: () => base });

describe("the v2 purchase endpoints' availability", () => {
  beforeEach(() => void vi.useFakeTimers({ now: Date.parse("2026-11-21T18:00:00.000Z") }));
  afterEach(() => void vi.useRealTimers());

  it("auto: available until a v2 list read answers 404, then missing", async () => {
    const v2 = availability("auto");
    expect(await v2.state("test")).toBe("available");
    expect(await v2.noteAnswer("test", "listPurchasesV2", 404)).toBe(true);
    expect(await v2.state("test")).toBe("missing");
  });

  it.each([405, 501])("auto: a v2 list read answered %i marks it missing", async (status) => {
    const v2 = availability("auto");
    await v2.noteAnswer("test", "listPurchasesV2", status);
    expect(await v2.state("test")).toBe("missing");
  });

  it.each([200, 400, 401, 403, 429, 500, 502, 504])(
    "auto: a v2 list read answered %i marks nothing",
    async (status) => {
      const v2 = availability("auto");
      expect(await v2.noteAnswer("test", "listPurchasesV2", status)).toBe(false);
      expect(await v2.state("test")).toBe("available");
    },
  );

  it("auto: a single purchase's 404 alone marks nothing (it may be only that purchase)", async () => {
    const v2 = availability("auto");
    expect(await v2.noteAnswer("test", "getPurchaseV2", 404)).toBe(false);
    expect(await v2.state("test")).toBe("available");
  });

  it("auto: the mark expires after 10 minutes, and the next read tries v2 again", async () => {
    const v2 = availability("auto");
    await v2.noteAnswer("test", "listPurchasesV2", 404);
    vi.advanceTimersByTime(V2_MISSING_TTL_MS - 1_000);
    expect(await v2.state("test")).toBe("missing");
    vi.advanceTimersByTime(1_000);
    expect(await v2.state("test")).toBe("available");
    // Still missing when tried again: marked for another 10 minutes from now.
    await v2.noteAnswer("test", "listPurchasesV2", 404);
    vi.advanceTimersByTime(V2_MISSING_TTL_MS - 1);
    expect(await v2.state("test")).toBe("missing");
  });

  it("auto: marks per environment", async () => {
    const v2 = availability("auto");
    await v2.noteAnswer("production", "listPurchasesV2", 404);
    expect(await v2.state("production")).toBe("missing");
    expect(await v2.state("test")).toBe("available");
  });

  it("auto: marks per API base, so a deployment pointed at another service starts unmarked", async () => {
    const store = createMemoryStore();
    await availability("auto", store, "https://old.example/api/v1").noteAnswer("test", "listPurchasesV2", 404);
    expect(await availability("auto", store, "https://old.example/api/v1").state("test")).toBe("missing");
    expect(await availability("auto", store, "https://new.example/api/v1").state("test")).toBe("available");
  });

  it("on: always available, whatever v2 answers", async () => {
    const v2 = availability("on");
    expect(await v2.noteAnswer("test", "listPurchasesV2", 404)).toBe(false);
    expect(await v2.state("test")).toBe("available");
  });

  it("off: never available, and nothing is marked or read", async () => {
    const store = createMemoryStore();
    const get = vi.spyOn(store, "get");
    const set = vi.spyOn(store, "set");
    const v2 = availability("off", store);
    expect(await v2.state("test")).toBe("off");
    expect(await v2.noteAnswer("test", "listPurchasesV2", 200)).toBe(false);
    expect(await v2.noteAnswer("test", "listPurchasesV2", 404)).toBe(false);
    expect(get).not.toHaveBeenCalled();
    expect(set).not.toHaveBeenCalled();
  });

  it("auto: a store that does not answer says available (v2 is tried) and is reported", async () => {
    const store = createMemoryStore();
    const failure = new Error("Redis is away");
    vi.spyOn(store, "get").mockRejectedValue(failure);
    vi.spyOn(store, "set").mockRejectedValue(failure);
    const errors: unknown[] = [];
    const v2 = createPurchasesV2Availability({
      mode: "auto",
      store,
      baseOf: () => "sandbox",
      onError: (e) => errors.push(e),
    });
    expect(await v2.noteAnswer("test", "listPurchasesV2", 404)).toBe(false);
    expect(await v2.state("test")).toBe("available");
    expect(errors).toEqual([failure, failure]);
  });
});

// Every instance reads the same mark: memory (one process), and Redis where REDIS_URL is set.
describe.each(sharedStoreProfiles())("the v2 mark in the $name store", (profile) => {
  it("is seen by another instance on the same store, with the store's own 10-minute expiry", async () => {
    const store = await profile.open();
    try {
      const set = vi.spyOn(store, "set");
      await availability("auto", store).noteAnswer("test", "listPurchasesV2", 404);
      expect(set).toHaveBeenCalledWith(expect.stringContaining("test"), expect.any(Buffer), V2_MISSING_TTL_MS);
      expect(await availability("auto", store.peer()).state("test")).toBe("missing");
    } finally {
      await store.close();
    }
  });
});

// Through the proxy: the one place every upstream answer passes, the browser's and the server render's alike.
describe("the proxy marks v2 missing from a read's upstream answer", () => {
  let sandbox: SandboxRuntime;
  let backend: TestBackend;
  let cookie: string;
  const store = createMemoryStore();
  const v2 = createPurchasesV2Availability({ mode: "auto", store, baseOf: () => "sandbox" });

  beforeAll(async () => {
    // A service without the v2 purchase endpoints (SANDBOX_V2=off): every v2 path answers 404.
    sandbox = await startSandbox({
      dataDir: ":memory:",
      clock: fixedClock("2026-11-21T18:00:00.000Z"),
      rateLimit: 1_000_000,
      scale: 0.05,
      basePath: "",
      v2: false,
    });
    backend = await createTestBackend((request) => sandbox.app.fetch(request));
    backend.purchasesV2 = v2;
    ({ cookie } = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier"));
  }, 60_000);
  afterAll(async () => {
    await backend.close();
    await sandbox.close();
  });
  beforeEach(() => store.delete(["purchases-v2-missing:test:sandbox"]));

  const send = (path: string, method = "GET") => {
    const url = new URL(path, BACKROOM);
    const segments = url.pathname.split("/").slice(3).map(decodeURIComponent);
    return proxyRequest(
      browserRequest(method, path, { cookie }),
      url.pathname.startsWith("/api/v2/") ? "v2" : "v1",
      segments,
      backend,
    );
  };

  it("GET /api/v2/purchases answered 404 upstream: marked before the answer reaches the page", async () => {
    const response = await send("/api/v2/purchases?page_size=1");
    expect(response.status).toBe(404);
    expect(await v2.state("test")).toBe("missing");
  });

  it("GET /api/v2/purchases/{id} answered 404: not marked (the page checks with a list read)", async () => {
    expect((await send("/api/v2/purchases/1")).status).toBe(404);
    expect(await v2.state("test")).toBe("available");
  });

  it("v1's purchases answer 200 and mark nothing", async () => {
    const response = await send("/api/v1/purchases?PageSize=1");
    expect(response.status).toBe(200);
    expect(await v2.state("test")).toBe("available");
  });

  it("a write's 404 marks nothing (only reads are the signal)", async () => {
    const calls = backend.calls.length;
    const response = await proxyRequest(
      browserRequest("DELETE", "/api/v2/purchases/PO-1", { cookie }),
      "v2",
      ["purchases", "PO-1"],
      backend,
    );
    expect(response.status).toBe(404);
    expect(backend.calls.length).toBe(calls + 1);
    expect(await v2.state("test")).toBe("available");
  });

  it("a 404 the proxy gives itself (no such operation) marks nothing: only the API's answers count", async () => {
    const calls = backend.calls.length;
    expect((await send("/api/v2/purchases/1/lines")).status).toBe(404);
    expect(backend.calls.length).toBe(calls);
    expect(await v2.state("test")).toBe("available");
  });
});
