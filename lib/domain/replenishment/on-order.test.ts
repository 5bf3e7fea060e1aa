import { describe, expect, it } from "vitest";
import type { PurchasesV1Input, PurchaseV2Input } from "./inputs";
import { openOrders } from "./on-order";

/** Product 7 comes in cases of 12; product 8's case size is unknown. */
const unitsPerCase = (productId: number) => (productId === 7 ? 12 : undefined);

const posted = (
  status: string,
  line: Record<string, unknown>,
  more: Partial<PurchaseV2Input> = {},
): PurchaseV2Input => ({
  status,
  to_location_id: 1,
  vendor_id: 40,
  purchase_id: 900,
  purchase_transactions: [{ purchase_trans_id: 5000, purchase_id: 900, product_id: 7, ...line }],
  ...more,
});
const api = (status: string, units: number, more: Partial<PurchaseV2Input> = {}): PurchaseV2Input => ({
  status,
  to_location_id: 1,
  vendor_id: 40,
  purchase_id: null,
  purchase_global_id: "7b0c-draft",
  purchase_transactions: [{ id: 1, product_id: 7, num_units: units, batch_code: null, needs_activation: false }],
  ...more,
});

/** Units on order and in drafts of product 7 at warehouse 1. */
function at1(purchases: { v2?: PurchaseV2Input[]; v1?: PurchasesV1Input }) {
  const open = openOrders(purchases, unitsPerCase);
  const units = (m: Map<string, bigint>) => Number(m.get("1:7") ?? 0n) / 1e6;
  return { onOrder: units(open.onOrder), inDrafts: units(open.inDrafts) };
}

describe("openOrders (v2)", () => {
  const table: [string, PurchaseV2Input[], { onOrder: number; inDrafts: number }][] = [
    ["an API order in Submitted is on order", [api("Submitted", 24)], { onOrder: 24, inDrafts: 0 }],
    [
      "a posted purchase in New is on order, by its ordered units",
      [posted("New", { ordered: "36.00", num_units: "36.00", cases: "3.00" })],
      { onOrder: 36, inDrafts: 0 },
    ],
    [
      "a posted purchase in Accepted is on order",
      [posted("Accepted", { ordered: "24.00" })],
      { onOrder: 24, inDrafts: 0 },
    ],
    [
      "ordered, not num_units, is what is coming",
      [posted("New", { ordered: "48.00", num_units: "40.00" })],
      { onOrder: 48, inDrafts: 0 },
    ],
    ["num_units when ordered is missing", [posted("New", { num_units: "40.00" })], { onOrder: 40, inDrafts: 0 }],
    [
      "a posted line in cases only: cases × WholesaleUnitsPerCase",
      [posted("Accepted", { cases: "2.50" })],
      { onOrder: 30, inDrafts: 0 },
    ],
    [
      "Received purchases are in the inventory, not on order",
      [posted("Received", { ordered: "36.00" })],
      { onOrder: 0, inDrafts: 0 },
    ],
    ["Confirmed purchases are not on order", [posted("Confirmed", { ordered: "36.00" })], { onOrder: 0, inDrafts: 0 }],
    ["Verified purchases are not on order", [posted("Verified", { ordered: "36.00" })], { onOrder: 0, inDrafts: 0 }],
    [
      "a status the documentation does not list counts nowhere",
      [posted("Cancelled", { ordered: "36.00" })],
      { onOrder: 0, inDrafts: 0 },
    ],
    ["a draft (InProgress) is counted apart", [api("InProgress", 60)], { onOrder: 0, inDrafts: 60 }],
    [
      "several purchases and lines add up",
      [
        api("Submitted", 24, { purchase_global_id: "a" }),
        api("Submitted", 12, { purchase_global_id: "b" }),
        posted("New", { ordered: "36" }),
        api("InProgress", 5, { purchase_global_id: "c" }),
      ],
      { onOrder: 72, inDrafts: 5 },
    ],
    [
      "another warehouse's purchase is not this one's",
      [api("Submitted", 24, { to_location_id: 2 })],
      { onOrder: 0, inDrafts: 0 },
    ],
    [
      "a purchase without its lines counts nothing",
      [{ ...api("Submitted", 24), purchase_transactions: undefined }],
      { onOrder: 0, inDrafts: 0 },
    ],
    [
      "odd lines are skipped, good ones kept",
      [
        {
          ...api("Submitted", 0),
          purchase_transactions: [null, "x", { product_id: "7", num_units: 3 }, { product_id: 7, num_units: 4 }],
        },
      ],
      { onOrder: 4, inDrafts: 0 },
    ],
    ["a line without any quantity counts nothing", [posted("New", { fob: "1.00" })], { onOrder: 0, inDrafts: 0 }],
    [
      "an API order and the ERP's posted purchase it became count once, as posted",
      [
        api("Submitted", 24, { purchase_global_id: "g1", purchase_id: 900 }),
        posted("New", { ordered: "36.00" }, { purchase_global_id: "g1" }),
      ],
      { onOrder: 36, inDrafts: 0 },
    ],
  ];
  it.each(table)("%s", (_name, v2, expected) => {
    expect(at1({ v2 })).toEqual(expected);
  });

  it("counts cases of a product with no case size as units (1 per case)", () => {
    const open = openOrders({ v2: [posted("New", { product_id: 8, cases: "3.00" })] }, unitsPerCase);
    expect(open.onOrder.get("1:8")).toBe(3_000_000n);
  });
});

describe("openOrders (v1, a service without v2)", () => {
  const v1 = (status: string, line: Record<string, unknown>, id = 900): PurchasesV1Input => ({
    purchases: [{ PurchaseID: id, Status: status, ToLocationID: 1, VendorID: 40 }],
    lines: [{ PurchaseID: id, ProductID: 7, ...line }],
  });
  it.each([
    ["New, by Ordered", v1("New", { Ordered: "24.00", NumUnits: "20.00" }), 24],
    ["Accepted, by Cases × 12", v1("Accepted", { Cases: "2.00" }), 24],
    ["Received: not on order", v1("Received", { Ordered: "24.00" }), 0],
    [
      "lines of another purchase are not this one's",
      {
        purchases: [{ PurchaseID: 900, Status: "New", ToLocationID: 1 }],
        lines: [{ PurchaseID: 901, ProductID: 7, Ordered: "24" }],
      },
      0,
    ],
  ] as const)("%s", (_name, purchases, onOrder) => {
    expect(at1({ v1: purchases })).toEqual({ onOrder, inDrafts: 0 });
  });

  it("counts a purchase read both in v1 and in v2 once", () => {
    const both = at1({ v1: v1("New", { Ordered: "24.00" }), v2: [posted("New", { ordered: "24.00" })] });
    expect(both).toEqual({ onOrder: 24, inDrafts: 0 });
  });
});
