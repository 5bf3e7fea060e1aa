import { describe, expect, it } from "vitest";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { PURCHASE_SECRETS } from "@/lib/domain/purchases/fields";
import { lineProductIds, purchaseHeader, purchaseLines } from "./purchase-view";

describe("a purchase's header as a purchasing manager reads it", () => {
  it("reads a v2 draft: the requested delivery date (beside the documented fields), no ERP id, the vendor by id", () => {
    const header = purchaseHeader({
      po_num: "PO-MS-D2",
      status: "InProgress",
      purchase_id: null,
      vendor_id: 9001,
      vendor_name: null,
      to_location_id: 1,
      to_location_name: null,
      delivery_date: "2026-12-14",
      total_cases: "16",
      total: null,
      time_created: "2026-11-24T18:01:00Z",
    });
    expect(header).toMatchObject({
      poNum: "PO-MS-D2",
      status: "InProgress",
      vendorId: 9001,
      warehouseId: 1,
      deliveryDate: "2026-12-14",
      cases: "16",
      created: "2026-11-24T18:01:00Z",
    });
    expect(header.erpId).toBeUndefined();
    expect(header.vendorName).toBeUndefined();
    expect(header.total).toBeUndefined();
  });

  it("reads a v1 posted purchase by its PascalCase names, and a delivery date sent as a timestamp as its day", () => {
    const header = purchaseHeader({
      PONum: "4501001",
      Status: "Verified",
      PurchaseID: 700017,
      VendorName: "Mojave Sun",
      ToLocationID: 1,
      Total: "48542.440000",
      PostDate: "2025-05-24T00:00:00Z",
      PublicPDFLink: "https://erp.example/p.pdf?token=t",
    });
    expect(header).toMatchObject({
      poNum: "4501001",
      erpId: 700017,
      vendorName: "Mojave Sun",
      warehouseId: 1,
      total: "48542.440000",
      posted: "2025-05-24T00:00:00Z",
      pdf: "https://erp.example/p.pdf?token=t",
    });
    expect(purchaseHeader({ delivery_date: "2026-12-14T00:00:00Z" }).deliveryDate).toBe("2026-12-14");
    expect(purchaseHeader({})).toEqual(Object.fromEntries(Object.keys(purchaseHeader({})).map((k) => [k, undefined])));
  });
});

describe("a purchase's lines, cases beside units", () => {
  const products = new Map([
    [7, { name: "Zkittlez Pre-Roll 5pk", unitsPerCase: 12 }],
    [8, { name: "Wedding Cake Smalls 14g" }],
  ]);

  it("counts a draft's cases from its units by the product's units per case, as the editor does", () => {
    const { posted, lines } = purchaseLines(
      [
        { id: 1, product_id: 7, num_units: 36, batch_code: "B-1", expiration_date: null, needs_activation: false },
        { id: 2, product_id: 7, num_units: 18 },
        { id: 3, product_id: 8, num_units: 5 },
      ],
      products,
    );
    expect(posted).toBe(false);
    expect(lines.map((l) => [l.productId, l.cases, l.units, l.batchCode])).toEqual([
      [7, "3", "36", "B-1"],
      [7, "1.5", "18", undefined],
      // No case size known: no cases made up.
      [8, undefined, "5", undefined],
    ]);
    expect(lines[0]!.needsActivation).toBe(false);
  });

  it("takes a posted line's cases, units, ordered units and amounts as the ERP sent them (v2 and v1)", () => {
    const v2 = purchaseLines(
      [
        {
          purchase_trans_id: 31,
          product_id: 7,
          ordered: "96",
          num_units: "84",
          cases: "7.00",
          fob: "2.36",
          ext_price: "198.24",
          batch_code: "MS-1",
        },
      ],
      products,
    );
    expect(v2.posted).toBe(true);
    expect(v2.lines[0]).toMatchObject({
      key: "31:0",
      cases: "7.00",
      units: "84",
      ordered: "96",
      unitCost: "2.36",
      extended: "198.24",
      batchCode: "MS-1",
    });
    const v1 = purchaseLines(
      [{ PurchaseTransID: 31, ProductID: 7, Cases: "7.00", NumUnits: "84.00", ExtPrice: "198.24" }],
      new Map(),
    );
    expect(v1.posted).toBe(true);
    expect(v1.lines[0]).toMatchObject({ productId: 7, cases: "7.00", units: "84.00", extended: "198.24" });
  });

  it("asks for each line's product once, by id", () => {
    expect(lineProductIds([{ product_id: 9 }, { ProductID: 3 }, { product_id: 9 }, {}])).toEqual([3, 9]);
  });
});

describe("the secrets of a purchase", () => {
  it("are no column of the Purchases lists (nor their CSV)", () => {
    for (const view of [LIST_VIEWS.purchases, LIST_VIEWS.purchasesV1]) {
      for (const secret of PURCHASE_SECRETS) expect(view.columns.map((c) => c.id)).not.toContain(secret);
    }
  });

  it("a v2 list offers the requested delivery date as a day", () => {
    const column = LIST_VIEWS.purchases.columns.find((c) => c.id === "delivery_date");
    expect(column).toMatchObject({ header: "Requested delivery", kind: "day" });
  });
});
