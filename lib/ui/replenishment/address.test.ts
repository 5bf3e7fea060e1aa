import { describe, expect, it } from "vitest";
import {
  formatVia,
  nextCoverSort,
  type PlanAddressChange,
  parseVia,
  readPlanAddress,
  writePlanAddress,
} from "./address";

describe("readPlanAddress", () => {
  it("reads nothing as the defaults: Only below target on, drafts not counted, no sort, no picks", () => {
    expect(readPlanAddress(new URLSearchParams(""))).toEqual({
      supplier: undefined,
      filters: { locationId: undefined, vendorId: undefined, onlyBelowTarget: true, search: undefined },
      countDrafts: false,
      sort: undefined,
      vendors: new Map(),
    });
  });

  it("reads every field", () => {
    const address = readPlanAddress(
      new URLSearchParams(
        "supplier=101&warehouse=1&vendor=9002&below=0&q=%20mint%20&drafts=1&sort=-cover&via=1.10001.9002",
      ),
    );
    expect(address).toEqual({
      supplier: 101,
      filters: { locationId: 1, vendorId: 9002, onlyBelowTarget: false, search: "mint" },
      countDrafts: true,
      sort: "desc",
      vendors: new Map([["1:10001", 9002]]),
    });
  });

  it("reads a server page's search params (arrays take their first value)", () => {
    expect(readPlanAddress({ supplier: ["7", "8"], sort: "cover", below: "1" })).toMatchObject({
      supplier: 7,
      sort: "asc",
      filters: { onlyBelowTarget: true },
    });
  });

  it.each([
    ["a supplier that is not an id", "supplier=abc", { supplier: undefined }],
    ["a negative warehouse", "warehouse=-1", { filters: { locationId: undefined } }],
    ["a vendor with a fraction", "vendor=9.5", { filters: { vendorId: undefined } }],
    ["an id too long to be one", "supplier=1234567890123", { supplier: undefined }],
    ["below other than 0 keeps the filter on", "below=no", { filters: { onlyBelowTarget: true } }],
    ["drafts other than 1", "drafts=true", { countDrafts: false }],
    ["an unknown sort", "sort=name", { sort: undefined }],
    ["a blank search", "q=%20%20", { filters: { search: undefined } }],
  ])("leaves out %s", (_name, search, expected) => {
    expect(readPlanAddress(new URLSearchParams(search))).toMatchObject(expected);
  });

  it("cuts a search to 100 characters", () => {
    expect(readPlanAddress(new URLSearchParams(`q=${"x".repeat(300)}`)).filters.search).toHaveLength(100);
  });
});

describe("parseVia and formatVia", () => {
  it("reads warehouse.product.vendor triples, skipping what is not one and a row named twice", () => {
    expect(parseVia("1.10001.9002, 2.10003.9001,junk,1.2,1.10001.9001,")).toEqual(
      new Map([
        ["1:10001", 9002],
        ["2:10003", 9001],
      ]),
    );
  });

  it("writes them ordered by warehouse then product, and reads back what it wrote", () => {
    const picked = new Map([
      ["2:5", 40],
      ["1:9", 41],
      ["1:7", 42],
    ]);
    const text = formatVia(picked);
    expect(text).toBe("1.7.42,1.9.41,2.5.40");
    expect(parseVia(text)).toEqual(picked);
  });
});

describe("writePlanAddress", () => {
  const write = (from: string, change: PlanAddressChange) => {
    const params = new URLSearchParams(from);
    writePlanAddress(params, change);
    return params.toString();
  };

  it.each([
    ["a warehouse", "", { warehouse: 2 }, "warehouse=2"],
    ["no warehouse", "warehouse=2&q=bar", { warehouse: undefined }, "q=bar"],
    [
      "Only below target turned off, then on again (the default: no parameter)",
      "below=0",
      { onlyBelowTarget: true },
      "",
    ],
    ["Only below target off", "", { onlyBelowTarget: false }, "below=0"],
    ["a search, trimmed", "", { search: "  choc " }, "q=choc"],
    ["a blank search clears it", "q=choc", { search: "  " }, ""],
    ["drafts counted", "", { countDrafts: true }, "drafts=1"],
    ["drafts not counted", "drafts=1", { countDrafts: false }, ""],
    ["a sort, fewest first", "", { sort: "asc" }, "sort=cover"],
    ["a sort, most first", "sort=cover", { sort: "desc" }, "sort=-cover"],
    ["no sort", "sort=-cover", { sort: undefined }, ""],
    ["picked vendors", "", { vendors: new Map([["1:7", 42]]) }, "via=1.7.42"],
    ["no picked vendors left", "via=1.7.42", { vendors: new Map() }, ""],
  ] as [string, string, PlanAddressChange, string][])("writes %s", (_name, from, change, expected) => {
    expect(write(from, change)).toBe(expected);
  });

  it("keeps the parameters the change does not name", () => {
    expect(write("supplier=101&warehouse=1&drafts=1", { vendor: 9002 })).toBe(
      "supplier=101&warehouse=1&drafts=1&vendor=9002",
    );
  });

  it("drops the warehouse, vendor, search and picks when the supplier changes, and keeps the view's settings", () => {
    expect(write("supplier=101&warehouse=1&vendor=9002&q=bar&via=1.7.42&below=0&sort=cover", { supplier: 102 })).toBe(
      "supplier=102&below=0&sort=cover",
    );
  });

  it("reads back what it writes", () => {
    const params = new URLSearchParams();
    writePlanAddress(params, {
      supplier: 101,
      warehouse: 1,
      vendor: 9001,
      onlyBelowTarget: false,
      search: "mint",
      countDrafts: true,
      sort: "desc",
      vendors: new Map([["1:7", 42]]),
    });
    expect(readPlanAddress(params)).toEqual({
      supplier: 101,
      filters: { locationId: 1, vendorId: 9001, onlyBelowTarget: false, search: "mint" },
      countDrafts: true,
      sort: "desc",
      vendors: new Map([["1:7", 42]]),
    });
  });
});

describe("nextCoverSort", () => {
  it("goes none, fewest first, most first, none", () => {
    expect([nextCoverSort(undefined), nextCoverSort("asc"), nextCoverSort("desc")]).toEqual(["asc", "desc", undefined]);
  });
});
