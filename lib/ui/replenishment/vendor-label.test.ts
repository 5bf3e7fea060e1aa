import { describe, expect, it } from "vitest";
import { vendorLabel, vendorOptions } from "./vendor-label";

describe("vendorLabel", () => {
  it.each<[string, Parameters<typeof vendorLabel>, string]>([
    [
      "the whole name and the VendorID",
      [{ vendorId: 40, name: "Mojave Sun Distribution" }],
      "Mojave Sun Distribution · vendor 40",
    ],
    ["a vendor without a name by its id", [{ vendorId: 41 }], "Vendor 41"],
    ["a blank name as none", [{ vendorId: 42, name: "  " }], "Vendor 42"],
    [
      "the warehouses it delivers to, where the choice spans several",
      [{ vendorId: 40, name: "Mojave Sun Distribution" }, ["Fresno DC", "Oakland DC"]],
      "Mojave Sun Distribution · vendor 40 · to Fresno DC, Oakland DC",
    ],
  ])("names %s", (_, args, expected) => {
    expect(vendorLabel(...args)).toBe(expected);
  });
});

describe("vendorOptions", () => {
  it("tells two vendors of one name apart by VendorID and warehouse, each once, never cut", () => {
    const mojave = (vendorId: number) => ({ vendorId, name: "Mojave Sun Distribution" });
    const options = vendorOptions([
      { locationId: 1, warehouseName: "Oakland DC", vendorChoices: [mojave(40), mojave(41)] },
      { locationId: 2, warehouseName: "Fresno DC", vendorChoices: [mojave(41)] },
      { locationId: 1, warehouseName: "Oakland DC", vendorChoices: [mojave(40), { vendorId: 7, name: "Berry Co" }] },
      { locationId: 3, vendorChoices: [{ vendorId: 8 }] },
    ]);
    expect(options).toEqual([
      { id: 7, name: "Berry Co · vendor 7 · to Oakland DC" },
      { id: 40, name: "Mojave Sun Distribution · vendor 40 · to Oakland DC" },
      { id: 41, name: "Mojave Sun Distribution · vendor 41 · to Fresno DC, Oakland DC" },
      { id: 8, name: "Vendor 8 · to Warehouse 3" },
    ]);
  });
});
