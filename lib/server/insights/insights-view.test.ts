import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "@/lib/sandbox/testing";
import { browserRequest, type TestBackend } from "../core/testing";
import { databaseProfiles } from "../testing";
import { coverageWords } from "@/lib/domain/insights/history-coverage";
import { type InsightsView, insightsQuery } from "@/lib/domain/insights/insights-tables";
import { getExport } from "./insights-api";
import { insightsView } from "./insights-view";
import { historyRig } from "./testing";

// A new key's Insights from its first window: the backfill held by a 429 after the newest 60 days, the page's
// view and its export answer the figures of the days read, saying which; once the year is in, the same figures.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

const TODAY = TEST_CLOCK.slice(0, 10);

describe.each(databaseProfiles())("a new key's Insights while its backfill reads back, on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  /** The brand's key over the sandbox; while `hold.on`, the API answers any window's invoices but the newest with a 429. */
  async function setUp() {
    const hold = { on: true, held: 0 };
    const {
      backend,
      sync,
      brand,
      drain: drainAll,
      clock,
    } = await historyRig(
      async (request) => {
        const url = new URL(request.url);
        if (hold.on && url.pathname.endsWith("/invoices") && url.searchParams.get("EndDate") !== TODAY) {
          hold.held++;
          return Response.json({ Error: "Too many requests" }, { status: 429, headers: { "Retry-After": "3600" } });
        }
        return sandbox.runtime.app.fetch(request);
      },
      await open(),
      { at: Date.parse(TEST_CLOCK) },
    );
    backends.push(backend);
    /** Runs the queued jobs until the queue is empty, or the walk is held. */
    const drain = () => {
      const held = hold.held;
      return drainAll(() => hold.on && hold.held > held);
    };
    const exportOf = (query: string) =>
      getExport(browserRequest("GET", `/api/insights/export?${query}`, { cookie: brand.cookie, site: null }), {
        ...backend,
        insights: sync,
      });
    return { backend, sync, brand, drain, hold, clock, exportOf };
  }

  const ready = (view: InsightsView) => {
    if (!view.ready) throw new Error("the view is not ready");
    return view;
  };

  it("shows the figures of the days read after the first window, says which, and the same once the year is in", async () => {
    const { backend, sync, brand, drain, hold, clock, exportOf } = await setUp();
    await sync.start(brand.workspaceId, brand.keyId);
    // Nothing read yet: no figures, and the export says the page opens with the first window.
    expect((await insightsView(backend.db, brand.keyId, insightsQuery({}))).ready).toBe(false);
    const early = await exportOf("table=weeks");
    expect(early.status).toBe(409);
    expect(((await early.json()) as { Error: { detail: string } }).Error.detail).toMatch(
      /^This key's history is being synced in the background; the Insights page and its exports show the days read so far once its first 60 are in\./,
    );

    await drain();
    expect(hold.held).toBe(1);
    const state = (await sync.state(brand.keyId))!;
    // Held at the second window's first page, its newest 60 days read whole, the names and groups before them.
    expect([state.phase, state.backfilledAt, state.window?.to, state.window?.page]).toEqual([
      "backfill",
      undefined,
      "2026-09-22",
      1,
    ]);
    expect(state.referencedAt).toBeDefined();

    const thirteen = ready(await insightsView(backend.db, brand.keyId, insightsQuery({})));
    expect(thirteen.coverage).toEqual({ from: "2025-11-21", to: TODAY, readFrom: "2026-09-23", whole: false });
    const estimate = await sync.estimate(brand.keyId);
    expect(estimate).toMatchObject({ windows: 7, windowsRead: 1, resumesAt: expect.any(String) });
    expect(coverageWords(thirteen.coverage)).toBe(
      "Figures cover Sep 23 to Nov 21, 2026; Nov 21, 2025 to Sep 22, 2026 is still being read.",
    );
    // 13 weeks to Saturday, Nov 21: from Sunday, Aug 23; read from Wednesday, Sep 23.
    const weeks = thirteen.tables.weeks.rows;
    expect(weeks.map((w) => [w.week, w.days.days, w.days.unread])).toEqual([
      ["2026-08-17", 0, 1],
      ["2026-08-24", 0, 7],
      ["2026-08-31", 0, 7],
      ["2026-09-07", 0, 7],
      ["2026-09-14", 0, 7],
      ["2026-09-21", 5, 2],
      ["2026-09-28", 7, 0],
      ["2026-10-05", 7, 0],
      ["2026-10-12", 7, 0],
      ["2026-10-19", 7, 0],
      ["2026-10-26", 7, 0],
      ["2026-11-02", 7, 0],
      ["2026-11-09", 7, 0],
      ["2026-11-16", 6, 0],
    ]);
    expect(weeks.slice(6, 13).every((w) => w.units > 0)).toBe(true);
    expect(thirteen.tables.products.unread).toBe(
      "Partly read: these figures count Sep 23 to Nov 21, 2026 only; Aug 23 to Sep 22, 2026 is still being read.",
    );
    expect(thirteen.tables.shelf.unread).toBe("The retailers' stock is read once the backfill ends.");
    // Four weeks are all read: nothing said of them.
    const four = ready(await insightsView(backend.db, brand.keyId, insightsQuery({ weeks: "4" })));
    expect(four.tables.products.unread).toBeUndefined();
    expect(four.tables.products.rows.length).toBeGreaterThan(0);

    // The page's export answers the same, its name saying from which day it counts.
    const csv = await exportOf("table=weeks");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="insights-weeks-${TODAY}-read-from-2026-09-23.csv"`,
    );
    const text = await csv.text();
    expect(text).toContain("Week of,Days,Units,Revenue,Invoices,Compared with,Units then,Revenue then");
    expect(text).toContain("2026-09-21,partial: 5 of 7 days; 2 more still being read,");
    expect(text).toContain("2026-11-16,partial: 6 of 7 days,");

    // The budget is back: the rest is read, and the days read showed what the whole history shows of them.
    hold.on = false;
    clock.at += 3_601_000;
    await drain();
    expect((await sync.state(brand.keyId))!.phase).toBe("idle");
    const whole = ready(await insightsView(backend.db, brand.keyId, insightsQuery({ weeks: "4" })));
    expect(whole.coverage.whole).toBe(true);
    expect(whole.asOf).toBe(TODAY);
    expect(four.tables.products.rows).toEqual(whole.tables.products.rows);
    expect(four.comparison.current).toEqual(whole.comparison.current);
    const year = ready(await insightsView(backend.db, brand.keyId, insightsQuery({})));
    expect(weeks.slice(6)).toEqual(
      year.tables.weeks.rows.slice(6).map((w) => ({
        ...w,
        previous: expect.anything(),
        previousUnits: expect.any(Number),
        previousRevenue: expect.any(String),
      })),
    );
    expect(year.tables.weeks.rows.map((w) => w.days.days)).toEqual([1, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 6]);
    expect(year.tables.products.unread).toBeUndefined();
  });
});
