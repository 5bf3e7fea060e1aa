import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDataApiClient } from "@/lib/data-api/client";
import { planExport } from "@/lib/export/plan";
import { type ExportProgress, runExport } from "@/lib/export/run-export";
import { fixedClock } from "@/lib/sandbox/clock";
import { demoKeys } from "@/lib/sandbox/keys";
import { type SandboxRuntime, startSandbox } from "@/lib/sandbox/runtime";
import { TEST_CLOCK } from "@/lib/sandbox/testing";
import { listPages } from "@/lib/domain/views/export-pages";

// An export that meets the key's budget running low: against a sandbox whose rate limit is 30 requests in a window
// of 2 seconds (SANDBOX_RATE_LIMIT_WINDOW), it pauses at a page's boundary, waits for the window to reset, and goes
// on by itself, never running into a 429, with every row in the file once.

const LIMIT = 30;
let runtime: SandboxRuntime;
beforeAll(async () => {
  runtime = await startSandbox({
    dataDir: ":memory:",
    clock: fixedClock(TEST_CLOCK),
    rateLimit: LIMIT,
    rateLimitWindowSeconds: 2,
    scale: 0.05,
    basePath: "",
  });
}, 60_000);
afterAll(() => runtime.close());

describe("an export when the budget runs low", () => {
  it("pauses at a page's boundary and resumes after the reset by itself, with every row once and no 429", async () => {
    const statuses: number[] = [];
    const api = createDataApiClient({
      baseUrl: "http://sandbox.test/test/api/v1",
      apiKey: demoKeys("test").Employee,
      fetch: async (input, init) => {
        const response = await runtime.app.fetch(new Request(input, init));
        statuses.push(response.status);
        return response;
      },
    });
    const fetchPage = listPages(api, {
      operation: "listCustomers",
      query: { AccountStatuses: "Active,Inactive,OutOfBus" },
    });
    const signal = new AbortController().signal;
    // Pages of 5 rows: about a dozen, more than the window holds once planning and the reserve are counted.
    const plan = await planExport(fetchPage, { pageSize: 5, signal });
    expect(plan.pages).toBeGreaterThan(8);
    const progress: ExportProgress[] = [];
    const chunks: string[] = [];
    const result = await runExport({
      fetchPage,
      plan,
      columns: [{ id: "CustomerID", header: "CustomerID", value: (row) => String(row.CustomerID) }],
      bom: false,
      write: async (chunk) => void chunks.push(chunk),
      onProgress: (p) => progress.push(p),
      signal,
    });

    // It waited for the window once at least, between pages, and then went on to the last page.
    const waits = progress.filter((p) => p.waitingSeconds !== undefined);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((w) => w.page > 0 && w.page < plan.pages)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ page: plan.pages, rows: plan.rows });
    expect(result.rows).toBe(plan.rows);
    // Never past the budget, never a page twice.
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const ids = chunks.join("").split(/\r?\n/).slice(1).filter(Boolean);
    expect(ids).toHaveLength(plan.rows);
    expect(new Set(ids).size).toBe(plan.rows);
  });
});
