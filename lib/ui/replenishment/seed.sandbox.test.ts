import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/lib/sandbox/clock";
import type { Environment } from "@/lib/sandbox/environments";
import { demoKeys } from "@/lib/sandbox/keys";
import { type SandboxRuntime, startSandbox } from "@/lib/sandbox/runtime";
import type {
  InventoryInput,
  LocationInput,
  ProductInput,
  PurchaseV2Input,
  StateInput,
  VendorInput,
} from "@/lib/domain/replenishment/inputs";
import { type PlanRow, planRows } from "@/lib/domain/replenishment/plan";

// The planner over the sandbox's seeded demo brand, read as the Supplier demo key reads it: the seed must give the
// planner something to do (docs/sandbox.md, "What the seed gives the replenishment planner"), in both
// environments, on a Saturday and on a Wednesday (the pickup days put the arrival at different distances).

/** A Saturday afternoon in Los Angeles, and the Wednesday after. */
const CLOCKS = ["2026-11-21T18:00:00.000Z", "2026-11-25T18:00:00.000Z"] as const;

interface Seeded {
  rows: PlanRow[];
  vendors: VendorInput[];
  purchases: PurchaseV2Input[];
}

async function everyPage<T>(runtime: SandboxRuntime, env: Environment, path: string): Promise<T[]> {
  const v2 = path.startsWith("/v2");
  const records: T[] = [];
  for (let page = 1; ; page++) {
    const paging = v2 ? `page=${page}&page_size=500` : `Page=${page}&PageSize=500`;
    const res = await runtime.app.request(`/${env}/api${path}${path.includes("?") ? "&" : "?"}${paging}`, {
      headers: { "x-api-key": demoKeys(env).Supplier },
    });
    expect(res.status, path).toBe(200);
    const body = (await res.json()) as { Data?: T[]; HasNextPage?: boolean; data?: T[]; has_next_page?: boolean };
    records.push(...((v2 ? body.data : body.Data) ?? []));
    if (!(v2 ? body.has_next_page : body.HasNextPage)) return records;
  }
}

async function seeded(runtime: SandboxRuntime, env: Environment, now: string): Promise<Seeded> {
  const [inventory, products, vendors, locations, states, purchases] = await Promise.all([
    everyPage<InventoryInput>(runtime, env, "/v1/inventory"),
    everyPage<ProductInput>(runtime, env, "/v1/products?Statuses=0,1,2,3,4,5"),
    everyPage<VendorInput>(runtime, env, "/v1/vendors"),
    everyPage<LocationInput>(runtime, env, "/v1/locations"),
    everyPage<StateInput>(runtime, env, "/v1/states"),
    everyPage<PurchaseV2Input>(runtime, env, "/v2/purchases"),
  ]);
  return {
    rows: planRows({ inventory, products, vendors, locations, states, purchases }, { now: new Date(now) }),
    vendors,
    purchases,
  };
}

describe.each(CLOCKS)("the replenishment planner over the seeded demo brand, at %s", (now) => {
  let runtime: SandboxRuntime;
  const worlds = new Map<Environment, Seeded>();
  beforeAll(async () => {
    runtime = await startSandbox({
      dataDir: ":memory:",
      clock: fixedClock(now),
      rateLimit: 1_000_000,
      scale: 0.05,
      basePath: "",
    });
    for (const env of ["test", "production"] as const) worlds.set(env, await seeded(runtime, env, now));
  }, 60_000);
  afterAll(() => runtime.close());

  describe.each(["test", "production"] as const)("%s", (env) => {
    const world = () => worlds.get(env)!;

    it("has products below target with suggestions, one of them with units on order, one under a vendor that requires batch codes", () => {
      const below = world().rows.filter((r) => r.belowTarget && r.suggestedCases !== undefined);
      expect(below.length).toBeGreaterThanOrEqual(3);
      expect(below.every((r) => r.suggestedCases! > 0 && r.suggestedUnits === r.suggestedCases! * r.unitsPerCase)).toBe(
        true,
      );
      expect(world().rows.some((r) => r.belowTarget && r.onOrder > 0)).toBe(true);
      expect(below.some((r) => r.vendor?.requiresBatchCodes)).toBe(true);
    });

    it("has a product the vendor's maximum days of cover caps, and products above target", () => {
      const capped = world().rows.filter((r) => r.uncappedCases !== undefined);
      expect(capped.length).toBeGreaterThanOrEqual(1);
      for (const r of capped) expect(r.reason === "capped-to-zero" || r.suggestedCases! < r.uncappedCases!).toBe(true);
      expect(world().rows.some((r) => r.reason === "above-target")).toBe(true);
    });

    it("has at least two Active products that sell nothing, and a vendor for every row", () => {
      expect(world().rows.filter((r) => r.reason === "no-sales" && r.statusId === 1).length).toBeGreaterThanOrEqual(2);
      expect(world().rows.every((r) => r.vendor !== undefined)).toBe(true);
    });

    it("has vendors with different lead times, pickup days, targets and maximums: one without pickup days, one without a maximum", () => {
      // One record per vendor (a vendor has a row per warehouse of its state, on the same terms).
      const vendors = [...new Map(world().vendors.map((v) => [v.VendorID, v])).values()];
      expect(vendors.length).toBeGreaterThanOrEqual(3);
      for (const field of ["LeadTimeDays", "TargetDOI", "MaxDOI", "PickupDates"] as const) {
        expect(new Set(vendors.map((v) => JSON.stringify(v[field]))).size, field).toBe(vendors.length);
      }
      expect(vendors.filter((v) => v.PickupDates?.length === 0)).toHaveLength(1);
      expect(vendors.filter((v) => v.MaxDOI === undefined)).toHaveLength(1);
      // Rows show both: a row whose vendor has no maximum, and one whose order arrives exactly its lead time later.
      expect(world().rows.some((r) => r.vendor?.maxDays === undefined && r.suggestedCases !== undefined)).toBe(true);
      expect(
        world().rows.some((r) => r.arrival?.pickup.source === "none" && r.arrivesIn === r.vendor?.leadTimeDays),
      ).toBe(true);
    });

    it("has posted purchases New and Accepted with lines, on order at the warehouses", () => {
      for (const status of ["New", "Accepted"]) {
        const posted = world().purchases.filter((p) => p.status === status);
        expect(posted.length, status).toBeGreaterThan(0);
        expect(
          posted.every((p) => Array.isArray(p.purchase_transactions) && p.purchase_transactions.length > 0),
          status,
        ).toBe(true);
      }
      expect(world().rows.filter((r) => r.onOrder > 0).length).toBeGreaterThanOrEqual(3);
    });
  });
});
