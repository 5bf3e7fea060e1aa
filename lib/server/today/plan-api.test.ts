import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { addDays } from "@/lib/format/days";
import { formatMoney } from "@/lib/format/display";
import { addDecimals } from "@/lib/format/decimal";
import { haversineKm, type Point, tenthsOfKm } from "@/lib/domain/today/plan/geo";
import { improveByTwoOpt, nearestNeighbourOrder, pathKm } from "@/lib/domain/today/plan/route";
import type { PlanStop, TodayPlan } from "@/lib/domain/today/plan/plan-json";
import { browserRequest, connectKey, DEMO_KEYS, type TestBackend } from "../core/testing";
import { createNote } from "../notes/notes-api";
import { createTestBackend } from "../testing";
import { getDaySettings, putDaySettings } from "./day-settings";
import { getPlan, getPlanWeek } from "./plan-api";
import type { TodayPlanWeek } from "@/lib/domain/today/plan/plan-json";

// GET /api/today/plan in-process against the sandbox: the demo rep's day, checked against the API's own records.

let sandbox: TestSandbox;
let backend: TestBackend;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());
beforeEach(async () => {
  backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
});
afterEach(() => backend.close());

const ask = (cookie: string, query: string) =>
  getPlan(browserRequest("GET", `/api/today/plan${query}`, { cookie, site: null }), backend);
const day = new Date().toISOString().slice(0, 10);

/** The rep with the most active accounts (the demo staff person's). */
async function busiestRep() {
  const reps = (await sandbox.walk("/salesReps?", DEMO_KEYS.Employee)) as {
    UserID: number;
    Customers?: { CustomerID: number }[];
  }[];
  return [...reps].sort((a, b) => (b.Customers?.length ?? 0) - (a.Customers?.length ?? 0) || a.UserID - b.UserID)[0]!;
}

describe("GET /api/today/plan", () => {
  it("plans the demo rep's day: the rep's accounts only, at most eight stops, each reason true of the API's records, the total the sum of its legs", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const rep = await busiestRep();
    const response = await ask(cookie, `?rep=${rep.UserID}&date=${day}`);
    expect(response.status).toBe(200);
    const plan = (await response.json()) as TodayPlan;
    const mine = new Set(rep.Customers!.map((c) => c.CustomerID));
    expect(plan.stops.length).toBeLessThanOrEqual(8);
    expect(plan.stops.length).toBeGreaterThan(0);
    for (const stop of [...plan.stops, ...plan.unplaced]) expect(mine.has(stop.customerId)).toBe(true);

    // Each stop's reasons hold in the API's data.
    const ids = plan.stops.map((s) => s.customerId).join(",");
    const customers = new Map(
      (await sandbox.walk(`/customers?CustomerIDs=${ids}`, DEMO_KEYS.Employee)).map((c) => [c.CustomerID as number, c]),
    );
    for (const stop of plan.stops) {
      expect(stop.reasons.length, `${stop.name} has a reason`).toBeGreaterThan(0);
      const record = customers.get(stop.customerId)!;
      for (const reason of stop.reasons) {
        if (reason === "On hold") expect(record.OnHold).toBe(true);
        if (reason === "Delivery today") {
          // On the state's clock, which is a day behind UTC's late in its evening.
          const dates = [
            ...String(record.NextDeliveryDates ?? "").split(";"),
            ...((record.DeliveryDates as string[] | undefined) ?? []),
          ].map((d) => d.slice(0, 10));
          expect(dates.some((d) => d === day || d === addDays(day, -1))).toBe(true);
        }
        const over90 = /^(\$[\d,.]+) over 90 days$/.exec(reason);
        if (over90) {
          // The store's AR account's aging rows (one per supplier): the money over 90 days is theirs.
          const rows = await sandbox.walk(`/arAging?CustomerIDs=${stop.customerId}`, DEMO_KEYS.Employee);
          const accounts = [...new Set(rows.map((r) => r.ARAccountID))];
          expect(
            accounts.map((id) =>
              formatMoney(addDecimals(...rows.filter((r) => r.ARAccountID === id).map((r) => String(r.Due_91)))),
            ),
          ).toContain(over90[1]);
        }
      }
    }
    // The legs by the haversine formula, each to a tenth of a km, and the total their sum.
    let at: { lat: number; lon: number } = plan.start!;
    for (const stop of plan.stops) {
      expect(stop.legKm).toBeCloseTo(tenthsOfKm(haversineKm(at, stop)) / 10, 5);
      at = stop;
    }
    // Back to the start: the way back is a leg too.
    expect(plan.end).toMatchObject({ kind: "start", lat: plan.start!.lat, lon: plan.start!.lon });
    expect(plan.end!.legKm).toBeCloseTo(tenthsOfKm(haversineKm(at, plan.start!)) / 10, 5);
    expect(plan.totalKm).toBeCloseTo(plan.stops.reduce((sum, s) => sum + s.legKm, 0) + plan.end!.legKm, 5);
    // With no start of the member's, the warehouse most of the rep's accounts are served from.
    const records = (await sandbox.walk(`/customers?CustomerIDs=${[...mine].join(",")}`, DEMO_KEYS.Employee)) as {
      LocationID: number;
      AccountStatus: string;
    }[];
    const served = new Map<number, number>();
    for (const c of records.filter((c) => c.AccountStatus === "Active"))
      served.set(c.LocationID, (served.get(c.LocationID) ?? 0) + 1);
    const warehouse = [...served].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
    const [location] = await sandbox.walk(`/locations?LocationIDs=${warehouse}`, DEMO_KEYS.Employee);
    expect(plan.start).toMatchObject({ source: "warehouse", label: location!.Location });
    // One link holds every stop in order.
    const url = new URL(plan.directionsUrl!);
    const route = [...(url.searchParams.get("waypoints")?.split("|") ?? []), url.searchParams.get("destination")];
    expect(route).toEqual(plan.stops.map((s) => s.address));
  });

  it("takes the rep's choices: three stops, one removed and another added; from the phone's position", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const rep = await busiestRep();
    const first = (await (await ask(cookie, `?rep=${rep.UserID}&date=${day}&stops=3`)).json()) as TodayPlan;
    expect(first.stops.length).toBeLessThanOrEqual(3);
    const out = first.stops[0]!.customerId;
    const extra = first.candidates[0]!.customerId;
    const changed = (await (
      await ask(cookie, `?rep=${rep.UserID}&date=${day}&stops=3&remove=${out}&add=${extra}&from=37.8044,-122.2712`)
    ).json()) as TodayPlan;
    const chosen = [...changed.stops, ...changed.unplaced].map((s) => s.customerId);
    expect(changed.notToday.map((n) => n.customerId)).toContain(out);
    expect(chosen).not.toContain(out);
    expect(chosen).toContain(extra);
    expect(changed.start).toEqual({ lat: 37.8044, lon: -122.2712, source: "device" });
    // The first leg is from the phone's position.
    expect(changed.stops[0]!.legKm).toBeCloseTo(tenthsOfKm(haversineKm(changed.start!, changed.stops[0]!)) / 10, 5);
  });

  it("says a visit: an account visited today is no longer 'not visited'", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const rep = await busiestRep();
    const plan = (await (await ask(cookie, `?rep=${rep.UserID}&date=${day}&stops=15`)).json()) as TodayPlan;
    const never = plan.stops.find((s) => s.reasons.includes("No visit on record"))!;
    const visited = await createNote(
      browserRequest("POST", "/api/notes", {
        cookie,
        json: { customerId: never.customerId, visited: true },
        headers: { "Idempotency-Key": "visit-1" },
      }),
      backend,
    );
    expect(visited.status).toBe(201);
    const again = (await (
      await ask(cookie, `?rep=${rep.UserID}&date=${day}&stops=15&add=${never.customerId}`)
    ).json()) as TodayPlan;
    const stop = [...again.stops].find((s) => s.customerId === never.customerId)!;
    expect(stop.reasons).not.toContain("No visit on record");
    expect(stop.reasons.some((r) => r.startsWith("Not visited"))).toBe(false);
  });

  it("places a stop where its visits were tapped, unless that is far from its postal code's place", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const rep = await busiestRep();
    const plan = (await (await ask(cookie, `?rep=${rep.UserID}&date=${day}`)).json()) as TodayPlan;
    expect(plan.stops.length).toBeGreaterThan(1);
    expect(plan.stops.every((s) => s.placedBy !== "visit")).toBe(true);
    const [near, far] = plan.stops as [PlanStop, PlanStop];
    const visit = async (stop: PlanStop, lat: number, key: string) =>
      (
        await createNote(
          browserRequest("POST", "/api/notes", {
            cookie,
            json: { customerId: stop.customerId, visited: true, position: { lat, lon: stop.lon, accuracy: 15 } },
            headers: { "Idempotency-Key": key },
          }),
          backend,
        )
      ).status;
    // About 220 m north of its postal code's place; the other's visit 55 km north of its own (tapped elsewhere).
    expect(await visit(near, near.lat + 0.002, "visit-near")).toBe(201);
    expect(await visit(far, far.lat + 0.5, "visit-far")).toBe(201);
    const again = (await (
      await ask(cookie, `?rep=${rep.UserID}&date=${day}&add=${near.customerId},${far.customerId}`)
    ).json()) as TodayPlan;
    const placed = new Map(again.stops.map((s) => [s.customerId, s]));
    expect(placed.get(near.customerId)).toMatchObject({ placedBy: "visit", lat: near.lat + 0.002, lon: near.lon });
    expect(placed.get(far.customerId)).toMatchObject({ placedBy: far.placedBy, lat: far.lat, lon: far.lon });
  });

  it("fits each weekday of the demo rep's in 8 hours by the formula, in a loop within 10 % of nearest neighbour + 2-opt; what does not fit is Not today", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const rep = await busiestRep();
    const monday = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
    for (const date of [0, 1, 2, 3, 4].map((n) => addDays(monday, n))) {
      const plan = (await (await ask(cookie, `?rep=${rep.UserID}&date=${date}`)).json()) as TodayPlan;
      expect(plan.stops.length, date).toBeGreaterThan(0);
      const start: Point = plan.start!;
      const points: Point[] = plan.stops;
      const loopKm = pathKm(
        points,
        start,
        points.map((_, i) => i),
        start,
      );
      // Straight-line km × 1.3 at 60 km/h, and 25 minutes a visit.
      expect(((loopKm * 1.3) / 60) * 60 + 25 * plan.stops.length, date).toBeLessThanOrEqual(480);
      expect(plan.day).toMatchObject({ limitMinutes: 480, detourFactor: 1.3, speedKmh: 60, driveKm: plan.totalKm });
      expect(plan.day.visitMinutes).toBe(25 * plan.stops.length);
      expect(plan.day.totalMinutes).toBe(plan.day.driveMinutes + plan.day.visitMinutes);
      expect(Math.abs(plan.day.driveMinutes - plan.totalKm * 1.3)).toBeLessThanOrEqual(0.5);
      const reference = pathKm(
        points,
        start,
        improveByTwoOpt(points, start, nearestNeighbourOrder(points, start), start),
        start,
      );
      expect(loopKm, date).toBeLessThanOrEqual(reference * 1.1 + 1e-9);
      // Not today: each km from the start; a delivery today or a hold left out only when out of reach (alone,
      // there and back, more than half the day) or for another such reason.
      const isMust = (reasons: string[]) => reasons.some((r) => r === "Delivery today" || r === "On hold");
      for (const other of plan.notToday) {
        // The next day its area comes: within the week after this day.
        if (other.km !== null) expect(other.plannedOn! > date && other.plannedOn! <= addDays(date, 7)).toBe(true);
        if (other.km === null || !isMust(other.reasons)) continue;
        // Another area's must comes on its own day.
        if (other.plannedOn !== addDays(date, 7)) continue;
        const alone = 2 * other.km * 1.3 + 25;
        const allMust = plan.stops.every((s) => isMust(s.reasons));
        expect(alone > 240 - 0.5 || allMust || plan.stops.length === 8, `${other.name} on ${date}`).toBe(true);
      }
      const planned = new Set(plan.stops.map((s) => s.customerId));
      expect(plan.notToday.some((n) => planned.has(n.customerId))).toBe(false);
    }
  });

  it("starts where the member says and ends at the last stop when asked; the settings kept, a repeat changing nothing", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const rep = await busiestRep();
    const put = (json: unknown, site: "same-origin" | "cross-site" = "same-origin") =>
      putDaySettings(browserRequest("PUT", "/api/today/plan/settings", { cookie, json, site }), backend);
    const settings = { start: "94607", endAtLastStop: true, dayMinutes: 360, visitMinutes: 30 };
    const first = await put(settings);
    expect(first.status).toBe(200);
    const kept = await first.json();
    expect(await (await put(settings)).json()).toEqual(kept);
    expect(kept).toMatchObject({ start: { text: "94607" }, endAtLastStop: true, dayMinutes: 360, visitMinutes: 30 });
    const read = await getDaySettings(browserRequest("GET", "/api/today/plan/settings", { cookie }), backend);
    expect(await read.json()).toEqual(kept);

    const plan = (await (await ask(cookie, `?rep=${rep.UserID}&date=${day}`)).json()) as TodayPlan;
    // 94607 is Oakland's.
    expect(plan.start).toMatchObject({ source: "member", label: "94607" });
    expect(haversineKm(plan.start!, { lat: 37.8044, lon: -122.2712 })).toBeLessThan(5);
    const last = plan.stops.at(-1)!;
    expect(plan.end).toEqual({ lat: last.lat, lon: last.lon, kind: "last-stop", legKm: 0 });
    expect(plan.day.limitMinutes).toBe(360);
    expect(plan.day.visitMinutes).toBe(30 * plan.stops.length);
    expect(plan.day.totalMinutes).toBeLessThanOrEqual(360);
    expect(plan.stops[0]!.legKm).toBeCloseTo(tenthsOfKm(haversineKm(plan.start!, plan.stops[0]!)) / 10, 5);

    expect((await put(settings, "cross-site")).status).toBe(403);
  });

  it.each([
    {
      name: "a start no postal code or city names",
      body: { start: "nowhere at all", endAtLastStop: false, dayMinutes: 480, visitMinutes: 25 },
      field: "start",
    },
    {
      name: "a day of 20 hours",
      body: { start: null, endAtLastStop: false, dayMinutes: 1200, visitMinutes: 25 },
      field: "dayMinutes",
    },
    {
      name: "a visit of 2 minutes",
      body: { start: null, endAtLastStop: false, dayMinutes: 480, visitMinutes: 2 },
      field: "visitMinutes",
    },
  ])("PUT /api/today/plan/settings answers 400 VALIDATION_FAILED to $name", async ({ body, field }) => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const response = await putDaySettings(
      browserRequest("PUT", "/api/today/plan/settings", { cookie, json: body }),
      backend,
    );
    expect(response.status).toBe(400);
    const error = ((await response.json()) as { Error: { code: string; fieldErrors: { field: string }[] } }).Error;
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fieldErrors.map((f) => f.field)).toContain(field);
  });

  it.each([
    { name: "sixteen stops", query: "&stops=16" },
    { name: "no stops", query: "&stops=0" },
    { name: "an add that is not a list of ids", query: "&add=a,b" },
    { name: "a start past the pole", query: "&from=91,0" },
    { name: "an unknown parameter", query: "&x=1" },
  ])("answers 400 VALIDATION_FAILED to $name, and asks nothing upstream", async ({ query }) => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const response = await ask(cookie, `?rep=1006&date=${day}${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { Error: { code: string } }).Error.code).toBe("VALIDATION_FAILED");
    expect(backend.calls).toHaveLength(0);
  });

  it("names the rep in words when it is missing or not a number, for a day and for a week", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const week = (query: string) =>
      getPlanWeek(browserRequest("GET", `/api/today/plan/week${query}`, { cookie, site: null }), backend);
    for (const [path, response] of [
      [`?rep=abc&date=${day}`, await ask(cookie, `?rep=abc&date=${day}`)],
      [`?date=${day}`, await ask(cookie, `?date=${day}`)],
      [`/week?rep=&weekOf=${day}`, await week(`?rep=&weekOf=${day}`)],
    ] as const) {
      expect(response.status, path).toBe(400);
      const error = ((await response.json()) as { Error: { fieldErrors: { field: string; detail: string }[] } }).Error;
      expect(error.fieldErrors.find((f) => f.field === "rep")?.detail, path).toBe(
        "rep: a sales rep's UserID (a positive whole number)",
      );
    }
  });

  it("refuses a brand's key, and asks nothing upstream", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const response = await ask(cookie, `?rep=1006&date=${day}`);
    expect(response.status).toBe(403);
    expect(backend.calls).toHaveLength(0);
  });
});

/** Whether a point is inside a polygon (ray casting), or within ~100 m of its edge. */
function inside(p: Point, polygon: readonly Point[]): boolean {
  if (polygon.some((q) => haversineKm(p, q) < 0.1)) return true;
  let within = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [a, b] = [polygon[i]!, polygon[j]!];
    if (a.lat > p.lat !== b.lat > p.lat && p.lon < ((b.lon - a.lon) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lon)
      within = !within;
  }
  return within;
}

describe("GET /api/today/plan/week and a day's plan from its area", () => {
  const askWeek = (cookie: string, query: string) =>
    getPlanWeek(browserRequest("GET", `/api/today/plan/week${query}`, { cookie, site: null }), backend);
  // Next week: the API's delivery dates (two weeks ahead) name its days.
  const nextWeek = addDays(day, 7);

  it("plans the demo rep's five days, each in its area, fitting 8 hours, Friday seven or eight stores; the lists read once", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const rep = await busiestRep();
    backend.calls.length = 0;
    const started = performance.now();
    const response = await askWeek(cookie, `?rep=${rep.UserID}&weekOf=${nextWeek}`);
    const ms = performance.now() - started;
    expect(response.status).toBe(200);
    const week = (await response.json()) as TodayPlanWeek;
    const monday = addDays(nextWeek, -((new Date(`${nextWeek}T00:00:00Z`).getUTCDay() + 6) % 7));
    expect(week.monday).toBe(monday);
    expect(week.days.map((d) => d.date)).toEqual([0, 1, 2, 3, 4].map((n) => addDays(monday, n)));
    // The areas hold the rep's placed accounts, each about a fifth (85 % to 115 %).
    const sizes = week.days.map((d) => d.area!.accounts);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0.95 * week.days[0]!.accounts);
    for (const size of sizes) {
      expect(size).toBeLessThanOrEqual(Math.ceil((1.15 * total) / 5));
      expect(size).toBeGreaterThanOrEqual(Math.floor((0.85 * total) / 5));
    }
    console.info(
      `week of ${monday}: areas ${sizes.join("/")} (${week.days.map((d) => d.area!.name).join(" | ")}), stops ${week.days
        .map((d) => `${d.stops.length} ${d.totalKm} km ${d.day.totalMinutes} min`)
        .join("; ")}; ${ms.toFixed(0)} ms in process`,
    );
    for (const [i, plan] of week.days.entries()) {
      expect(plan.area!.weekday).toBe(i + 1);
      const loopKm = plan.totalKm;
      expect(((loopKm * 1.3) / 60) * 60 + 25 * plan.stops.length, plan.date).toBeLessThanOrEqual(480 + 1);
      expect(plan.day.totalMinutes, plan.date).toBeLessThanOrEqual(480);
      // Every stop in the day's area.
      for (const stop of plan.stops) expect(inside(stop, plan.area!.hull), `${stop.name} on ${plan.date}`).toBe(true);
    }
    // The test sandbox is a twentieth of the seed (the rep's 14 accounts): the full seed's Friday is in docs/benchmarks.md.
    const friday = week.days[4]!;
    // The same day asked alone is the same plan.
    const alone = (await (await ask(cookie, `?rep=${rep.UserID}&date=${friday.date}`)).json()) as TodayPlan;
    expect(alone.stops.map((s) => s.customerId)).toEqual(friday.stops.map((s) => s.customerId));
    expect(alone.area).toEqual(friday.area);
  });

  it("says the date's deliveries on another day, not the real clock's: Friday next week's", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const rep = await busiestRep();
    const friday = addDays(nextWeek, 5 - ((new Date(`${nextWeek}T00:00:00Z`).getUTCDay() + 6) % 7) - 1);
    const plan = (await (await ask(cookie, `?rep=${rep.UserID}&date=${friday}&stops=15`)).json()) as TodayPlan;
    const delivered = [...plan.stops, ...plan.notToday].filter((s) => s.reasons.includes("Delivery today"));
    expect(delivered.length).toBeGreaterThan(0);
    const ids = delivered.map((s) => s.customerId).join(",");
    for (const record of await sandbox.walk(`/customers?CustomerIDs=${ids}`, DEMO_KEYS.Employee)) {
      const dates = ((record.DeliveryDates as string[] | undefined) ?? []).map((d) => d.slice(0, 10));
      expect(dates, String(record.CustomerName)).toContain(friday);
    }
    // A weekend has no area: said plainly, and Not today says each account's coming weekday.
    const saturday = addDays(friday, 1);
    const weekend = (await (await ask(cookie, `?rep=${rep.UserID}&date=${saturday}`)).json()) as TodayPlan;
    expect(weekend.area).toBeNull();
    for (const n of weekend.notToday.filter((n) => n.km !== null)) {
      expect(n.plannedOn! > saturday && n.plannedOn! <= addDays(saturday, 7)).toBe(true);
    }
  });

  it.each([
    { name: "no weekOf", query: "?rep=1006" },
    { name: "a weekOf that is no date", query: "?rep=1006&weekOf=2026-13-45" },
    { name: "a rep that is no id", query: "?rep=x&weekOf=2026-11-30" },
    { name: "an unknown parameter", query: "?rep=1006&weekOf=2026-11-30&x=1" },
  ])("answers 400 VALIDATION_FAILED to $name, and asks nothing upstream", async ({ query }) => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const response = await askWeek(cookie, query);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { Error: { code: string } }).Error.code).toBe("VALIDATION_FAILED");
    expect(backend.calls).toHaveLength(0);
  });

  it("refuses a brand's key", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    expect((await askWeek(cookie, "?rep=1006&weekOf=2026-11-30")).status).toBe(403);
  });
});
