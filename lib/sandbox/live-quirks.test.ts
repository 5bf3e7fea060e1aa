import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KeyType } from "@/lib/data-api/operation";
import { addDays, localDay } from "@/lib/format/days";
import { fixedClock } from "./clock";
import { ENVIRONMENTS, type Environment } from "./environments";
import { demoKeys } from "./keys";
import { type SandboxRuntime, startSandbox } from "./runtime";

/**
 * The live service's quirks (field notes, "More from integrators"; docs/sandbox.md, "Shapes"), as the demo keys meet them
 * in both environments of a seeded sandbox at the tests' scale: each is there, and where a demo key should see it, it does.
 */
const NOW = "2026-11-21T18:00:00.000Z";
let sandbox: SandboxRuntime;
beforeAll(async () => {
  sandbox = await startSandbox({
    dataDir: ":memory:",
    clock: fixedClock(NOW),
    rateLimit: 1_000_000,
    scale: 0.05,
    basePath: "",
  });
}, 60_000);
afterAll(() => sandbox.close());

type Row = Record<string, unknown>;

/** A request as a demo key of the environment, or (`as: "operator"`) with the sandbox's operator key. */
async function call(
  env: Environment,
  method: string,
  path: string,
  as: KeyType | "operator" = "Employee",
  body?: unknown,
) {
  const headers: Record<string, string> = { "x-api-key": as === "operator" ? sandbox.operatorKey : demoKeys(env)[as] };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return sandbox.app.request(`/${env}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function rows(env: Environment, path: string, as: KeyType = "Employee"): Promise<Row[]> {
  const res = await call(env, "GET", `/api${path}`, as);
  expect(res.status, `${env} ${as} ${path}`).toBe(200);
  const body = (await res.json()) as { Data: Row[]; HasNextPage: boolean };
  expect(body.HasNextPage, `${env} ${path} fits one page`).toBe(false);
  return body.Data;
}

const ALL_CUSTOMERS = "/v1/customers?AccountStatuses=Active,Inactive,OutOfBus&PageSize=500";

describe.each(ENVIRONMENTS)("the live service's quirks (%s, scale 0.05)", (env) => {
  it("/retailerInventory: shelves never counted, LastInventoryDate 2000-01-01 (or 1999-12-31), seen by the demo Customer and Supplier keys", async () => {
    const never = (r: Row) => r.LastInventoryDate === "2000-01-01T00:00:00.000Z";
    const all = await rows(env, "/v1/retailerInventory?PageSize=1000");
    const shifted = all.filter((r) => String(r.LastInventoryDate).startsWith("1999-12-31"));
    expect(shifted.length).toBeGreaterThan(0);
    const sentinel = [...all.filter(never), ...shifted];
    // A small share: never counted means no count, so no stock and no sales to speak of.
    expect(sentinel.length / all.length).toBeLessThan(0.1);
    for (const r of sentinel) expect(r).toMatchObject({ Inventory: "0.00", DailySales: "0.00" });
    expect(all.filter((r) => !sentinel.includes(r)).every((r) => String(r.LastInventoryDate) >= "2026-11-15")).toBe(
      true,
    );
    for (const as of ["Customer", "Supplier"] as const) {
      const seen = await rows(env, "/v1/retailerInventory?PageSize=1000", as);
      expect(seen.filter(never).length, as).toBeGreaterThan(0);
      // Not the first row of its list: a page of one still shows a counted shelf.
      expect(never(seen[0]!), as).toBe(false);
    }
  });

  it("/customerPricing: a price of an open-ended promotion ends 3000-12-31, one of them for a demo store; product promotions carry it, menu promotions do not", async () => {
    const prices = await rows(env, "/v1/customerPricing?PageSize=1000", "Customer");
    const open = prices.filter((p) => p.EndDate === "3000-12-31");
    expect(open.length).toBeGreaterThan(0);
    for (const p of open) expect(p.PromotionID).toEqual(expect.any(Number));
    const promotions = await rows(env, "/v1/promotionsProducts?PageSize=500");
    const openPromotions = promotions.filter((p) => p.EndDate === "3000-12-31");
    expect(openPromotions.map((p) => p.PromotionID)).toEqual(
      expect.arrayContaining([...new Set(open.map((p) => p.PromotionID))]),
    );
    // Only promotions running today have no end: none starts later.
    expect(openPromotions.every((p) => String(p.StartDate) <= NOW.slice(0, 10))).toBe(true);
    expect(openPromotions.length).toBeLessThan(promotions.length);
    expect((await rows(env, "/v1/menuPromotions?PageSize=500")).every((m) => String(m.EndDate) < "2100-01-01")).toBe(
      true,
    );
  });

  it("/customers: LicenseNum LIC-99999-FAKE and #N/A on a few customers, never the demo stores", async () => {
    const customers = await rows(env, ALL_CUSTOMERS);
    const garbage = customers.filter((c) => c.LicenseNum === "LIC-99999-FAKE" || c.LicenseNum === "#N/A");
    expect(new Set(garbage.map((c) => c.LicenseNum))).toEqual(new Set(["LIC-99999-FAKE", "#N/A"]));
    expect(garbage.length / customers.length).toBeLessThan(0.05);
    // Active ones: a default list shows them.
    expect(garbage.every((c) => c.AccountStatus === "Active")).toBe(true);
    const stores = await rows(env, "/v1/customers", "Customer");
    expect(stores.map((c) => c.CustomerID)).toEqual([20001, 20002]);
    for (const s of stores) expect(s.LicenseNum).toMatch(/^C10-\d{7}-LIC$/);
  });

  it("/payments: the generic type -1 is SupplierCredit, the type of most brand credits; the demo brand has both it and its own types", async () => {
    const types = await rows(env, "/v1/payments/types?PageSize=500", "Supplier");
    expect(types.find((t) => t.PaymentTypeID === -1)).toMatchObject({ Name: "SupplierCredit", SupplierID: null });
    const credits = await rows(env, "/v1/payments?PageSize=500", "Supplier");
    const generic = credits.filter((p) => p.PaymentTypeID === -1);
    const own = credits.filter((p) => typeof p.PaymentTypeID === "number" && p.PaymentTypeID > 0);
    expect(generic.length).toBeGreaterThan(own.length);
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect(generic.length + own.length).toBe(credits.length);
    for (const p of generic) expect(p).toMatchObject({ PaymentTypeName: "SupplierCredit", SupplierID: 101 });
    const ownTypes = new Set(types.filter((t) => t.SupplierID === 101).map((t) => t.PaymentTypeID));
    expect(own.every((p) => ownTypes.has(p.PaymentTypeID))).toBe(true);
  });

  it("/inventory: a Supplier key gets the live 11-field record in production only; other keys and the test environment every field", async () => {
    const ELEVEN = [
      "LocationID",
      "ProductID",
      "OnFloorInventory",
      "PreSales",
      "Allocated",
      "NotAuthorized",
      "AvailableUnits",
      "PurchaseTransID",
      "DOI",
      "AvgDailySales90d",
      "TimeUpdated",
    ];
    const LEFT_OUT = ["Inventory", "Received", "Loaded", "Picked", "Delivered", "Unsellable"];
    const supplier = await rows(env, "/v1/inventory?PageSize=500", "Supplier");
    const employee = await rows(env, "/v1/inventory?SupplierIDs=101&PageSize=500");
    expect(supplier.length).toBeGreaterThan(0);
    expect(supplier.map((r) => [r.LocationID, r.ProductID])).toEqual(employee.map((r) => [r.LocationID, r.ProductID]));
    for (const r of employee) expect(Object.keys(r)).toEqual(expect.arrayContaining([...ELEVEN, ...LEFT_OUT]));
    for (const [k, r] of supplier.entries()) {
      if (env === "production") expect(Object.keys(r)).toEqual(ELEVEN);
      else expect(Object.keys(r).sort()).toEqual(Object.keys(employee[k]!).sort());
      expect(typeof r.AvailableUnits).toBe("number");
      for (const field of ["OnFloorInventory", "PreSales", "Allocated", "DOI", "AvgDailySales90d"])
        expect(r[field]).toMatch(/^-?\d+\.\d{2}$/);
      // The same figures as every other key gets.
      const {
        Inventory: _i,
        Received: _r,
        Loaded: _l,
        Picked: _p,
        Delivered: _d,
        Unsellable: _u,
        ...shared
      } = employee[k]!;
      expect(r).toMatchObject(shared);
    }
  });

  it("DeliveryDays: digits joined by ';' in no order, by ',', or null (about 5 %), read alike by /customers and /deliveryDays", async () => {
    const customers = await rows(env, ALL_CUSTOMERS);
    const semicolons = customers.filter((c) => String(c.DeliveryDays).includes(";"));
    expect(semicolons.length).toBeGreaterThan(0);
    expect(semicolons.some((c) => String(c.DeliveryDays) !== String(c.DeliveryDays).split(";").sort().join(";"))).toBe(
      true,
    );
    expect(customers.filter((c) => String(c.DeliveryDays).includes(",")).length).toBeGreaterThan(semicolons.length);
    const none = customers.filter((c) => c.DeliveryDays === null);
    expect(none.length / customers.length).toBeGreaterThanOrEqual(0.03);
    expect(none.length / customers.length).toBeLessThanOrEqual(0.07);
    // No schedule: no dates either.
    for (const c of none) expect(c).toMatchObject({ NextDeliveryDates: null, DeliveryDates: [] });
    const schedules = new Map((await rows(env, "/v1/deliveryDays?PageSize=500")).map((s) => [s.CustomerID, s]));
    expect([...schedules.values()].filter((s) => s.DeliveryDays === null).length).toBeGreaterThan(0);
    for (const c of customers.filter((c) => c.AccountStatus === "Active")) {
      expect(schedules.get(c.CustomerID), String(c.CustomerID)).toEqual({
        CustomerID: c.CustomerID,
        DeliveryDays: c.DeliveryDays,
        DeliveryDates: c.DeliveryDates,
      });
      // Every form is read: each date falls on one of the customer's weekdays.
      const weekdays = String(c.DeliveryDays ?? "")
        .replace(/[^1-7]/g, "")
        .split("")
        .map(Number);
      for (const d of c.DeliveryDates as string[])
        expect(weekdays).toContain(((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1);
      expect(c.NextDeliveryDates).toBe(c.DeliveryDays === null ? null : (c.DeliveryDates as string[]).join(";"));
    }
    // The demo stores keep digits run together, sent comma-joined.
    for (const s of await rows(env, "/v1/customers", "Customer"))
      expect(s.DeliveryDays).toMatch(/^[1-7](,[1-7]){0,2}$/);
  });

  it("NextDeliveryDates: some customers' dates were computed as of the start of yesterday, so yesterday is listed first; the demo stores' are all to come", async () => {
    const customers = await rows(env, ALL_CUSTOMERS);
    const today = (c: Row) => localDay(new Date(NOW), c.State === "AZ" ? "America/Phoenix" : "America/Los_Angeles");
    const first = (c: Row) => (c.DeliveryDates as string[])[0];
    const stale = customers.filter((c) => first(c) !== undefined && first(c)! <= today(c));
    expect(stale.filter((c) => first(c) === addDays(today(c), -1)).length).toBeGreaterThan(0);
    // Never older than yesterday, and a small share.
    expect(stale.every((c) => first(c)! >= addDays(today(c), -1))).toBe(true);
    expect(stale.length / customers.length).toBeLessThan(0.15);
    for (const s of await rows(env, "/v1/customers", "Customer")) {
      expect((s.DeliveryDates as string[]).length).toBeGreaterThan(0);
      expect((s.DeliveryDates as string[]).every((d) => d > today(s))).toBe(true);
    }
  });

  it("/promotionsProducts answers normally by default; the documented fault rule makes every call a 500, as the live test environment did", async () => {
    expect((await call(env, "GET", "/api/v1/promotionsProducts")).status).toBe(200);
    const set = await call(env, "PUT", "/operator/faults", "operator", {
      rules: [{ path: "/api/v1/promotionsProducts", kind: "error" }],
    });
    expect(set.status).toBe(200);
    try {
      for (const as of ["Employee", "Supplier", "Customer"] as const) {
        const res = await call(env, "GET", "/api/v1/promotionsProducts?PageSize=5", as);
        expect(res.status, as).toBe(500);
        expect(await res.json()).toEqual({ Error: "Unexpected server error" });
      }
      expect((await call(env, "GET", "/api/v1/menuPromotions")).status).toBe(200);
    } finally {
      await call(env, "DELETE", "/operator/faults", "operator");
    }
  });
});
