import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "@/lib/sandbox/testing";
import { browserRequest, connectKey, DEMO_KEYS, type TestBackend } from "../core/testing";
import { databaseProfiles } from "../testing";
import { historyRig } from "./testing";
import { getCadence, getDistribution, getPromotionLift } from "./brand-api";

// The endpoints against the sandbox: every figure recomputed here from the API's own invoices and lines (walked
// with the brand's key), with plain arithmetic of this file's own, to the unit.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

type Row = Record<string, unknown>;
type Failure = { Error: { code: string } };

const DAY = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const gap = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
/** n ÷ d (d > 0) with `digits` decimals, half away from zero, in BigInt. */
function ratio(n: bigint, d: bigint, digits: number): string {
  const scaled = n * 10n ** BigInt(digits);
  const abs = scaled < 0n ? -scaled : scaled;
  const r = (abs * 2n + d) / (2n * d);
  const text = r.toString().padStart(digits + 1, "0");
  return `${scaled < 0n && r !== 0n ? "-" : ""}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

describe.each(databaseProfiles())("the insights endpoints on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp() {
    const { backend, sync, brand, drain } = await historyRig(
      (request) => sandbox.runtime.app.fetch(request),
      await open(),
      { at: Date.parse(TEST_CLOCK) },
    );
    backends.push(backend);
    const deps = { ...backend, insights: sync };
    const ask = (path: string, cookie = brand.cookie) => {
      const request = browserRequest("GET", path, { cookie, site: null });
      if (path.startsWith("/api/insights/promotions")) return getPromotionLift(request, deps);
      return path.startsWith("/api/insights/cadence") ? getCadence(request, deps) : getDistribution(request, deps);
    };
    return { backend, sync, brand, drain, ask };
  }

  /** The brand's invoices from `from` to `to` (UTC days, as the sandbox's calendar dates are) and their lines. */
  async function walk(from: string, to: string) {
    const invoices = (
      await sandbox.walk(`/invoices?Statuses=1,2,3,4,5,7&StartDate=${from}&EndDate=${to}`, DEMO_KEYS.Supplier)
    ).filter((i) => String(i.Date).slice(0, 10) >= from && String(i.Date).slice(0, 10) <= to);
    // Calendar dates at midnight UTC: their day is their text's, in every zone (the definitions' rule).
    expect(invoices.every((i) => /T00:00:00(\.0+)?Z?$/.test(String(i.Date)))).toBe(true);
    const ids = invoices.map((i) => i.InvoiceID);
    const lines: Row[] = [];
    for (let i = 0; i < ids.length; i += 200)
      lines.push(
        ...(await sandbox.walk(
          `/invoiceTransactions?InvoiceIDs=${ids.slice(i, i + 200).join(",")}`,
          DEMO_KEYS.Supplier,
        )),
      );
    return { invoices, lines };
  }

  it("answers GET /api/insights/distribution from the history alone, to the unit of the API's lines", async () => {
    const { backend, sync, brand, drain, ask } = await setUp();
    const query = "/api/insights/distribution?from=2026-08-01&to=2026-10-31";
    expect((await ask(`${query}&by=product`)).status).toBe(409);
    await sync.start(brand.workspaceId, brand.keyId);
    await drain();
    const calls = backend.calls.length;
    const answers = { product: await ask(`${query}&by=product`), line: await ask(`${query}&by=line`) };
    // Nothing asked of the API.
    expect(backend.calls.length).toBe(calls);

    // 92 days, and the 92 before.
    const from = "2026-08-01";
    const to = "2026-10-31";
    const previous = { from: "2026-05-01", to: "2026-07-31" };
    const { invoices, lines } = await walk(previous.from, to);
    const invoiceOf = new Map(invoices.map((i) => [i.InvoiceID, i]));
    const rawProducts = await sandbox.walk("/products?", DEMO_KEYS.Supplier);
    const groupOf = new Map(rawProducts.map((p) => [p.ProductID, String(p.ProductTypeName || "Other")]));
    // A product's share is of the brand's doors in the State it ships to (a store buys its own state's products).
    const productState = new Map(rawProducts.map((p) => [p.ProductID, p.State]));
    const storeState = new Map(
      (await sandbox.walk("/customers?AccountStatuses=Active,Inactive,OutOfBus", DEMO_KEYS.Supplier)).map((c) => [
        c.CustomerID,
        c.State,
      ]),
    );
    for (const by of ["product", "line"] as const) {
      const keyOf = (l: Row) => (by === "product" ? Number(l.ProductID) : (groupOf.get(l.ProductID) ?? "Other"));
      const now = new Map<number | string, { doors: Set<unknown>; units: number }>();
      const then = new Map<number | string, Set<unknown>>();
      const brandDoors = new Set<unknown>();
      for (const l of lines) {
        const invoice = invoiceOf.get(l.InvoiceID)!;
        const day = String(invoice.Date).slice(0, 10);
        const returned = invoice.Status === 4;
        // A door: a store a non-returned line delivered units to (a line wholly back-ordered makes none).
        const door = !returned && Number(l.NumUnits) > 0;
        const key = keyOf(l);
        if (day >= from) {
          const t = now.get(key) ?? { doors: new Set(), units: 0 };
          now.set(key, t);
          // The lines as the API gives them: a return's units are written negative.
          t.units += Number(l.NumUnits);
          if (door) t.doors.add(invoice.CustomerID);
          if (door) brandDoors.add(invoice.CustomerID);
        } else if (door) then.set(key, (then.get(key) ?? new Set()).add(invoice.CustomerID));
      }
      const expected = [...new Set([...now.keys(), ...then.keys()])].map((key) => {
        const doors = now.get(key)?.doors ?? new Set();
        const before = then.get(key) ?? new Set();
        return {
          key,
          doors: doors.size,
          newDoors: [...doors].filter((d) => !before.has(d)).length,
          lostDoors: [...before].filter((d) => !doors.has(d)).length,
          unitsPerDoorPerWeek:
            doors.size === 0 ? null : ratio(BigInt(now.get(key)?.units ?? 0) * 7n, BigInt(doors.size * 92), 2),
          shareOfDoors: ratio(
            BigInt(doors.size) * 100n,
            BigInt(
              by === "line" || !productState.get(key)
                ? brandDoors.size
                : [...brandDoors].filter((d) => !storeState.get(d) || storeState.get(d) === productState.get(key))
                    .length,
            ),
            1,
          ),
        };
      });
      const answer = answers[by];
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as {
        asOf: string;
        from: string;
        to: string;
        previous: { from: string; to: string };
        rows: (Row & { key: number | string; doors: number })[];
      };
      expect([body.from, body.to, body.previous]).toEqual([from, to, previous]);
      expect(body.asOf).toBe(
        (await sync.state(brand.keyId))!.refreshedAt ?? (await sync.state(brand.keyId))!.backfilledAt,
      );
      expect(body.rows.map(({ name: _name, ...row }) => row)).toEqual(
        expected.sort(
          (a, b) =>
            b.doors - a.doors ||
            (by === "product" ? Number(a.key) - Number(b.key) : String(a.key).localeCompare(String(b.key))),
        ),
      );
      // Something to compare: doors gained and lost, a velocity, a share below the whole.
      expect(body.rows.some((r) => Number(r.newDoors) > 0 && Number(r.lostDoors) > 0)).toBe(true);
      expect(body.rows.some((r) => r.shareOfDoors !== "100.0")).toBe(by === "product" ? true : body.rows.length > 1);
    }
  });

  it("answers GET /api/insights/cadence as of the history's last walk, recomputed from the API's invoices", async () => {
    const { sync, brand, drain, ask } = await setUp();
    expect((await ask("/api/insights/cadence")).status).toBe(409);
    await sync.start(brand.workspaceId, brand.keyId);
    await drain();
    const state = (await sync.state(brand.keyId))!;
    const asOf = (state.refreshedAt ?? state.backfilledAt)!.slice(0, 10);
    const { invoices } = await walk(shift(TEST_CLOCK.slice(0, 10), -365), TEST_CLOCK.slice(0, 10));
    for (const day of [undefined, "2026-09-30"]) {
      const answer = await ask(`/api/insights/cadence${day ? `?asOf=${day}` : ""}`);
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { asOf: string; rows: Row[] };
      const at = day ?? asOf;
      expect(body.asOf).toBe(at);
      const days = new Map<unknown, Set<string>>();
      for (const i of invoices) {
        const d = String(i.Date).slice(0, 10);
        if (i.Status !== 4 && d <= at) days.set(i.CustomerID, (days.get(i.CustomerID) ?? new Set()).add(d));
      }
      const expected = [...days].map(([customerId, set]) => {
        const sorted = [...set].sort();
        const gaps = sorted
          .slice(1)
          .map((d, n) => gap(sorted[n]!, d))
          .sort((a, b) => a - b);
        const m = Math.floor(gaps.length / 2);
        const medianDays = sorted.length < 3 ? null : gaps.length % 2 ? gaps[m]! : (gaps[m - 1]! + gaps[m]!) / 2;
        const daysSince = gap(sorted.at(-1)!, at);
        const status =
          medianDays === null
            ? "unknown"
            : daysSince > medianDays * 1.5
              ? "late"
              : daysSince > medianDays
                ? "due"
                : "ok";
        return { customerId, orders: sorted.length, medianDays, daysSince, status };
      });
      const rank: Record<string, number> = { late: 0, due: 1, ok: 2, unknown: 3 };
      expected.sort(
        (a, b) =>
          (rank[a.status] ?? 4) - (rank[b.status] ?? 4) ||
          b.daysSince - a.daysSince ||
          Number(a.customerId) - Number(b.customerId),
      );
      expect(
        body.rows.map((r) => ({
          customerId: r.customerId,
          orders: r.orders,
          medianDays: r.medianDays,
          daysSince: r.daysSince,
          status: r.status,
        })),
      ).toEqual(expected);
      // The seeded stores give each status something to show.
      expect(new Set(expected.map((r) => r.status)).size).toBeGreaterThanOrEqual(3);
    }
  });

  it("answers GET /api/insights/promotions from the history alone, to the unit and the cent of the API's lines", async () => {
    const { backend, sync, brand, drain, ask } = await setUp();
    const query = "/api/insights/promotions?from=2026-09-01&to=2026-11-21";
    expect((await ask(query)).status).toBe(409);
    await sync.start(brand.workspaceId, brand.keyId);
    await drain();
    const calls = backend.calls.length;
    const answer = await ask(query);
    expect(backend.calls.length).toBe(calls);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { asOf: string; rows: Row[] };
    const asOf = body.asOf;
    const horizon = shift(TEST_CLOCK.slice(0, 10), -365);
    const { invoices, lines } = await walk(horizon, asOf);
    const invoiceOf = new Map(invoices.map((i) => [i.InvoiceID, i]));
    const cents = (text: unknown) => {
      const [whole, fraction = ""] = String(text).replace("-", "").split(".");
      const micros = BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, "0").slice(0, 6));
      return String(text).startsWith("-") ? -micros : micros;
    };
    const expected = (await sandbox.walk("/promotionsProducts?", DEMO_KEYS.Supplier)).flatMap((p) => {
      const start = String(p.StartDate).slice(0, 10);
      const end = String(p.EndDate).slice(0, 10);
      const from = start < horizon ? horizon : start;
      const to = end > asOf ? asOf : end;
      if (from > to || to < "2026-09-01") return [];
      const products = new Set(p.ProductIDs as number[]);
      const sale = (l: Row) => {
        const invoice = invoiceOf.get(l.InvoiceID)!;
        return {
          day: String(invoice.Date).slice(0, 10),
          returned: invoice.Status === 4,
          customer: invoice.CustomerID,
        };
      };
      const priced = lines.filter((l) => l.PromotionID === p.PromotionID && sale(l).day >= from && sale(l).day <= to);
      const doors = new Set(priced.filter((l) => !sale(l).returned).map((l) => sale(l).customer));
      const sum = (a: string, b: string) => {
        let units = 0n;
        let micros = 0n;
        const bought = new Set<unknown>();
        for (const l of lines) {
          const { day, returned, customer } = sale(l);
          if (day < a || day > b || !doors.has(customer) || !products.has(Number(l.ProductID))) continue;
          // The lines as the API gives them: a return's are written negative.
          units += BigInt(Number(l.NumUnits));
          micros += cents(l.ExtPrice);
          if (!returned) bought.add(customer);
        }
        return { units, micros, bought };
      };
      const during = sum(from, to);
      const before = sum(shift(from, -56), shift(from, -1));
      const days = BigInt(gap(from, to) + 1);
      const d = BigInt(doors.size);
      const thin = doors.size < 5 || days < 14n || shift(from, -56) < horizon;
      const lift = (x: bigint, y: bigint) =>
        thin || d === 0n || y === 0n ? null : ratio((x * 56n - y * days) * 100n, (y < 0n ? -y : y) * days, 1);
      let discount = 0n;
      let promotedUnits = 0;
      for (const l of priced) {
        promotedUnits += Number(l.NumUnits);
        discount += cents(l.Discount) * BigInt(Number(l.NumUnits));
      }
      return [
        {
          promotionId: p.PromotionID,
          from,
          to,
          doors: doors.size,
          newDoors: [...doors].filter((c) => !before.bought.has(c)).length,
          unitsPerDoorPerWeek: d === 0n ? null : ratio(during.units * 7n, d * days, 2),
          baselineUnitsPerDoorPerWeek: d === 0n ? null : ratio(before.units * 7n, d * 56n, 2),
          unitsLift: lift(during.units, before.units),
          revenuePerDoorPerWeek: d === 0n ? null : ratio(during.micros * 7n, d * days * 1_000_000n, 2),
          revenueLift: lift(during.micros, before.micros),
          promotedUnits,
          discount: ratio(discount, 1_000_000n, 2),
        },
      ];
    });
    expected.sort((a, b) => b.from.localeCompare(a.from) || Number(a.promotionId) - Number(b.promotionId));
    expect(
      body.rows.map((r) => ({
        promotionId: r.promotionId,
        from: r.from,
        to: r.to,
        doors: r.doors,
        newDoors: r.newDoors,
        unitsPerDoorPerWeek: r.unitsPerDoorPerWeek,
        baselineUnitsPerDoorPerWeek: r.baselineUnitsPerDoorPerWeek,
        unitsLift: r.unitsLift,
        revenuePerDoorPerWeek: r.revenuePerDoorPerWeek,
        revenueLift: r.revenueLift,
        promotedUnits: r.promotedUnits,
        discount: r.discount,
      })),
    ).toEqual(expected);
    // The sandbox's feature of last month reached enough doors for a lift; the one running now is cut at the history's end.
    expect(body.rows.some((r) => r.unitsLift !== null && r.running === false)).toBe(true);
    expect(body.rows.some((r) => r.running === true && r.to === asOf)).toBe(true);
  });

  it("refuses what getSales refuses: bad days, from after to, an unknown by or parameter, a Customer key", async () => {
    const { backend, sync, brand, drain, ask } = await setUp();
    await sync.start(brand.workspaceId, brand.keyId);
    await drain();
    const refused = async (path: string, cookie?: string) => {
      const answer = await ask(path, cookie);
      const body = (await answer.json()) as Failure;
      return [answer.status, body.Error?.code ?? JSON.stringify(body)];
    };
    const invalid = [400, "VALIDATION_FAILED"];
    for (const query of [
      "from=2026-02-30&to=2026-03-31&by=product",
      "from=2026-3-01&to=2026-03-31&by=product",
      "from=2026-03-31&to=2026-03-01&by=product",
      "from=2026-03-01&to=2026-03-31&by=customer",
      "from=2026-03-01&to=2026-03-31",
      "from=2026-03-01&to=2026-03-31&by=line&extra=1",
    ])
      expect([query, await refused(`/api/insights/distribution?${query}`)]).toEqual([query, invalid]);
    for (const query of ["asOf=2026-13-01", "asOf=yesterday", "as_of=2026-11-01"])
      expect([query, await refused(`/api/insights/cadence?${query}`)]).toEqual([query, invalid]);
    for (const query of [
      "from=2026-09-01",
      "from=2026-10-01&to=2026-09-01",
      "from=2026-09-01&to=2026-10-01&by=product",
    ])
      expect([query, await refused(`/api/insights/promotions?${query}`)]).toEqual([query, invalid]);
    const customer = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const notForThisKey = [403, "NOT_FOR_THIS_KEY"];
    expect(
      await refused("/api/insights/distribution?from=2026-03-01&to=2026-03-31&by=product", customer.cookie),
    ).toEqual(notForThisKey);
    expect(await refused("/api/insights/cadence", customer.cookie)).toEqual(notForThisKey);
    expect(await refused("/api/insights/promotions?from=2026-09-01&to=2026-10-01", customer.cookie)).toEqual(
      notForThisKey,
    );
    // The one sentence of every route's key-type refusal, naming the keys that have insights.
    const answer = await ask("/api/insights/cadence", customer.cookie);
    expect(((await answer.json()) as { Error: { detail: string } }).Error.detail).toBe(
      "Insights: for Supplier or Employee keys only; this workspace's key is a Customer key.",
    );
  });
});
