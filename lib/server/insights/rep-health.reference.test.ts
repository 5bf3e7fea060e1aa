import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/lib/sandbox/clock";
import { type SandboxRuntime, startSandbox } from "@/lib/sandbox/runtime";
import type { TodayData } from "@/lib/domain/today/today-data";
import { todayModel } from "@/lib/domain/today/today";
import { todayGlance } from "@/lib/domain/today/today-strip";
import { browserRequest, connectKey, DEMO_KEYS, joinAs, type TestBackend } from "../core/testing";
import { databaseProfiles } from "../testing";
import { getToday } from "../today/today-api";
import { historyRig } from "./testing";

// The second reading of Today's strip's "Due to reorder" (the figure `today-due-to-reorder` of
// lib/domain/figures/catalog.ts): the project's, through `GET /api/today` over a key's synced history
// (`accountsHealth`) and the model the page draws (`todayModel`, `todayGlance`); the reference's, from the sandbox's
// raw records walked with the Employee key, by the doors-due rule restated here and nothing of the project's. Two
// clocks and scales of the sandbox, each database the tests run on.

type Row = Record<string, unknown>;

const CLOCKS = [
  { at: "2026-11-21T18:00:00.000Z", scale: 0.05 },
  { at: "2026-03-04T17:00:00.000Z", scale: 0.08 },
] as const;

const runtimes: SandboxRuntime[] = [];
beforeAll(async () => {
  for (const clock of CLOCKS)
    runtimes.push(
      await startSandbox({
        dataDir: ":memory:",
        clock: fixedClock(clock.at),
        rateLimit: 1_000_000,
        scale: clock.scale,
        basePath: "",
      }),
    );
}, 180_000);
afterAll(async () => {
  await Promise.all(runtimes.map((r) => r.close()));
});

// ---- The reference's own tools: a walk and days. Nothing of the project's.

async function walk(runtime: SandboxRuntime, path: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const url = `http://sandbox.test/test/api/v1${path}${path.includes("?") ? "&" : "?"}PageSize=500&Page=${page}`;
    const res = await runtime.app.fetch(new Request(url, { headers: { "x-api-key": DEMO_KEYS.Employee } }));
    const body = (await res.json()) as { Data: Row[]; HasNextPage: boolean };
    rows.push(...body.Data);
    if (!body.HasNextPage) return rows;
  }
}

const shiftDay = (d: string, days: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const between = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/**
 * The reference: the rep's active accounts; each one's distinct days with an invoice other than a return or a
 * cancellation in the history's year to today; three days at least, the median of the days between them; its next
 * order expected the last plus the median (a half day up); due when that is by this week's Sunday and the last order
 * is 90 days old at most. The ids, sorted.
 */
async function referenceDue(runtime: SandboxRuntime, repId: number, today: string): Promise<number[]> {
  const reps = await walk(runtime, "/salesReps");
  const rep = reps.find((r) => r.UserID === repId)!;
  const ids = [...new Set((rep.Customers as { CustomerID: number }[]).map((c) => c.CustomerID))];
  const customers = await walk(runtime, "/customers");
  const active = new Set(
    customers
      .filter((c) => c.AccountStatus === "Active" && ids.includes(c.CustomerID as number))
      .map((c) => c.CustomerID),
  );
  const invoices = await walk(
    runtime,
    `/invoices?Statuses=1,2,3,4,5,6,7&StartDate=${shiftDay(today, -365)}&EndDate=${today}`,
  );
  const isoWeekday = ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const sunday = shiftDay(today, 7 - isoWeekday);
  const due: number[] = [];
  for (const id of active) {
    const days = [
      ...new Set(
        invoices
          .filter((i) => i.CustomerID === id && i.Status !== 4 && i.Status !== 6)
          .map((i) => String(i.Date).slice(0, 10))
          .filter((d) => d <= today),
      ),
    ].sort();
    if (days.length < 3) continue;
    const gaps = days
      .slice(1)
      .map((d, i) => between(days[i]!, d))
      .sort((a, b) => a - b);
    const mid = Math.floor(gaps.length / 2);
    const median = gaps.length % 2 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2;
    const last = days.at(-1)!;
    const next = shiftDay(last, Math.ceil(median));
    if (next <= sunday && between(last, today) <= 90) due.push(id as number);
  }
  return due.sort((a, b) => a - b);
}

describe.each(databaseProfiles())("Today's Due to reorder, read twice, on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  it.each(CLOCKS.map((clock, i) => ({ ...clock, i })))(
    "equals the reference at $at (scale $scale)",
    async ({ at, i }) => {
      const runtime = runtimes[i]!;
      const today = at.slice(0, 10);
      const { backend, sync, drain, queued } = await historyRig((request) => runtime.app.fetch(request), await open(), {
        at: Date.parse(at),
      });
      backends.push(backend);
      // Every active rep, each linked to a member of the staff's workspace: the key's history is their accounts'
      // (the sync's scope).
      const reps = (await walk(runtime, "/salesReps")).map((r) => r.UserID as number);
      const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
      const members = new Map<number, string>();
      for (const repId of reps) {
        const member = await joinAs(backend, staff.workspaceId, "viewer");
        await backend.db
          .withTables<{ auth_member: { id: string; salesRepUserId: number | null } }>()
          .updateTable("auth_member")
          .set({ salesRepUserId: repId })
          .where("id", "=", member.memberId)
          .execute();
        members.set(repId, member.cookie);
      }
      await sync.sweep();
      queued.splice(0, queued.length, ...queued.filter((job) => JSON.stringify(job).includes(staff.keyId)));
      await drain();
      expect((await sync.state(staff.keyId))?.backfilledAt).toBeDefined();

      const counts: string[] = [];
      for (const [repId, cookie] of members) {
        // The project's: the answer the page asks for, and the model and strip it draws.
        const response = await getToday(
          browserRequest("GET", `/api/today?rep=${repId}&day=${today}`, { cookie, site: null }),
          backend,
        );
        expect(response.status).toBe(200);
        const data = (await response.json()) as TodayData;
        const model = todayModel({ ...data.input, health: data.health, day: today, now: new Date(at) });
        const strip = todayGlance(model).dueToReorder ?? 0;
        const list = (model.dueToReorder ?? []).map((c) => c.customerId).sort((a, b) => a - b);

        const reference = await referenceDue(runtime, repId, today);
        counts.push(`${repId}: ${reference.length}`);
        expect(list, `rep ${repId}'s Due to reorder`).toEqual(reference);
        expect(strip, `rep ${repId}'s strip`).toBe(reference.length);
      }
      console.info(`Due to reorder at ${today}, by rep: ${counts.join(", ")}`);
      expect(counts.some((c) => !c.endsWith(": 0"))).toBe(true);
    },
    300_000,
  );
});
