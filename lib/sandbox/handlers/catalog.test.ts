import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPDATED, column, customer, expectDocumented, openFixture, product } from "./test-fixtures";

const PROMO_UPDATED = "2026-11-10T09:30:00.000Z";
const promotion = (
  promotion_id: number,
  supplier_id: number,
  price: number,
  start_date: string,
  end_date: string,
  all_products: 0 | 1 = 0,
) => ({
  promotion_id,
  supplier_id,
  promotion_type_id: 1,
  promotion_name: `Promo ${promotion_id}`,
  product_override_type: "none",
  unit_price_micros: price * 1_000_000,
  start_date,
  end_date,
  all_products,
  time_updated: PROMO_UPDATED,
});

let fx: Awaited<ReturnType<typeof setup>>;
async function setup() {
  const fx = await openFixture({
    employee: { type: "Employee", company: "Distro" },
    customer: { type: "Customer", company: "Store 1000", customerIds: [1000] },
    customerNV: { type: "Customer", company: "Store 1002", customerIds: [1002] },
    supplier: { type: "Supplier", company: "Supplier 10", supplierIds: [10] },
  });
  await fx.db
    .insertInto("products")
    .values([
      product(100, 10, { potency_thc: "22%", strain_name: "OG", strain_id: 7, supplier_product_number: "SKU-100" }),
      product(101, 10, { status_id: 0 }),
      product(102, 20, { unit_price_micros: 8_000_000 }),
      product(103, 30, { state: "NV", unit_price_micros: 5_000_000 }),
      product(104, 10, { status_id: 2 }),
      product(105, 10, { state: "NV", unit_price_micros: 12_000_000 }),
    ])
    .execute();
  await fx.db
    .insertInto("customers")
    .values([
      customer(1000),
      customer(1001, { location_id: 2 }),
      customer(1002, { state: "NV", location_id: 3 }),
      customer(1003, { account_status: "Inactive" }),
    ])
    .execute();
  await fx.db
    .insertInto("promotions")
    .values([
      promotion(1, 10, 8.25, "2026-11-01", "2026-11-30"),
      promotion(2, 10, 7, "2026-11-15", "2026-11-25", 1), // all of supplier 10's products, CA only
      promotion(3, 20, 9, "2026-11-01", "2026-12-31"), // above product 102's full price of 8.00
      promotion(4, 10, 6, "2026-12-01", "2026-12-31"),
      promotion(5, 20, 1, "2026-11-01", "2026-12-31", 1), // NV only: no NV product of supplier 20
      promotion(6, 10, 11, "2026-11-01", "2026-12-31"),
      promotion(7, 10, 11, "2026-11-01", "2026-12-31"), // ties with 6: the lower id wins
    ])
    .execute();
  await fx.db
    .insertInto("promotion_states")
    .values([
      { promotion_id: 1, state: "CA" },
      { promotion_id: 2, state: "CA" },
      { promotion_id: 3, state: "CA" },
      { promotion_id: 4, state: "CA" },
      { promotion_id: 5, state: "NV" },
      { promotion_id: 6, state: "CA" },
      { promotion_id: 6, state: "NV" },
      { promotion_id: 7, state: "NV" },
    ])
    .execute();
  await fx.db
    .insertInto("promotion_products")
    .values([
      { promotion_id: 1, product_id: 100 },
      { promotion_id: 3, product_id: 102 },
      { promotion_id: 4, product_id: 100 },
      { promotion_id: 6, product_id: 105 },
      { promotion_id: 7, product_id: 105 },
    ])
    .execute();
  await fx.db
    .insertInto("menu_promotions")
    .values([
      {
        menu_promotion_id: 1,
        supplier_id: 10,
        state: "CA",
        description: "Fall menu",
        start_date: "2026-11-01",
        end_date: "2026-11-30",
        time_updated: UPDATED,
      },
      {
        menu_promotion_id: 2,
        supplier_id: 20,
        state: "CA",
        description: "October",
        start_date: "2026-10-01",
        end_date: "2026-10-31",
        time_updated: UPDATED,
      },
      {
        menu_promotion_id: 3,
        supplier_id: 30,
        state: "NV",
        description: "Winter",
        start_date: "2026-12-01",
        end_date: "2026-12-31",
        time_updated: UPDATED,
      },
    ])
    .execute();
  return fx;
}
beforeAll(async () => {
  fx = await setup();
});
afterAll(() => fx.close());

type Key = "employee" | "customer" | "customerNV" | "supplier";

describe("GET /products", () => {
  it.each<[string, Key, string, number[]]>([
    ["defaults to Active products", "employee", "", [100, 102, 103, 105]],
    ["takes Statuses", "employee", "?Statuses=0,2", [101, 104]],
    ["ignores Statuses when ProductIDs is given", "employee", "?ProductIDs=101,104,102&Statuses=1", [101, 102, 104]],
    ["matches SupplierProductNumbers exactly", "employee", "?SupplierProductNumbers=SKU-100,SKU", [100]],
    ["filters by States", "employee", "?States=NV", [103, 105]],
    ["shows a Supplier key only its suppliers' products", "supplier", "", [100, 105]],
    ["shows a Supplier key its other statuses when asked", "supplier", "?Statuses=0,1,2", [100, 101, 104, 105]],
    ["answers nothing for a supplier outside a Supplier key's scope", "supplier", "?SupplierIDs=20", []],
    ["shows a Customer key the products of its customers' states", "customer", "", [100, 102]],
    ["answers nothing for a state outside a Customer key's scope", "customer", "?States=NV", []],
  ])("%s", async (_, key, query, ids) => {
    const { status, body } = await fx.get(`/products${query}`, key);
    expect(status).toBe(200);
    expect(column(body, "ProductID")).toEqual(ids);
    expectDocumented("listProducts", body);
  });

  it("answers every documented field in order, with the supplier's name, absolute image URLs and sparse nulls", async () => {
    const { body } = await fx.get("/products?ProductIDs=100,102", "employee");
    expect(Object.keys(body.Data[0]!)).toHaveLength(32);
    expect(body.Data[0]).toMatchObject({
      ProductID: 100,
      SupplierID: 10,
      WholesaleUnitsPerCase: 10,
      StatusID: 1,
      Supplier: "Supplier 10",
      ThumbnailImageURL: "http://localhost/test/assets/products/100/thumb.svg",
      FullSizeImageURL: "http://localhost/test/assets/products/100/full.svg",
      PotencyTHC: "22%",
      StrainName: "OG",
      StrainID: 7,
      IsSample: false,
      TimeUpdated: UPDATED,
    });
    expect(body.Data[1]).toMatchObject({ ProductID: 102, PotencyTHC: null, StrainName: null, StrainID: null });
  });

  it("pages with HasNextPage", async () => {
    const first = await fx.get("/products?PageSize=3", "employee");
    expect([column(first.body, "ProductID"), first.body.HasNextPage, first.body.PageSize]).toEqual([
      [100, 102, 103],
      true,
      3,
    ]);
    const second = await fx.get("/products?PageSize=3&Page=2", "employee");
    expect([column(second.body, "ProductID"), second.body.HasNextPage]).toEqual([[105], false]);
  });
});

describe("GET /products/{productID}", () => {
  it.each<[string, Key, number, number]>([
    ["answers a product of any status", "employee", 101, 200],
    ["answers a Supplier key its own product", "supplier", 104, 200],
    ["hides another supplier's product from a Supplier key", "supplier", 102, 404],
    ["hides a product of another state from a Customer key", "customer", 103, 404],
    ["answers 404 for an unknown product", "employee", 999, 404],
  ])("%s", async (_, key, id, expected) => {
    const { status, body } = await fx.get(`/products/${id}`, key);
    expect(status).toBe(expected);
    if (expected === 200) {
      expect(column(body, "ProductID")).toEqual([id]);
      expectDocumented("getProduct", body);
    } else {
      expect(body).toEqual({ Error: `Product ${id} not found` });
    }
  });
});

describe("GET /customerPricing", () => {
  const pairs = (body: { Data: Record<string, unknown>[] }) =>
    body.Data.map((r) => `${String(r.CustomerID)}/${String(r.ProductID)}`);

  it.each<[string, Key, string, string[]]>([
    [
      "gives an Employee key every Active customer's Active products of its state",
      "employee",
      "",
      ["1000/100", "1000/102", "1001/100", "1001/102", "1002/103", "1002/105"],
    ],
    [
      "prices a customer named in CustomerIDs whatever its status",
      "employee",
      "?CustomerIDs=1003",
      ["1003/100", "1003/102"],
    ],
    ["gives a Customer key its own customers when CustomerIDs is omitted", "customer", "", ["1000/100", "1000/102"]],
    [
      "drops the inaccessible CustomerIDs of a Customer key",
      "customer",
      "?CustomerIDs=1000,1001",
      ["1000/100", "1000/102"],
    ],
    [
      "gives a Supplier key every Active customer, for its own products",
      "supplier",
      "",
      ["1000/100", "1001/100", "1002/105"],
    ],
  ])("%s", async (_, key, query, expected) => {
    const { status, body } = await fx.get(`/customerPricing${query}`, key);
    expect(status).toBe(200);
    expect(pairs(body)).toEqual(expected);
    expectDocumented("listCustomerPricing", body);
  });

  it("answers 403 when none of a Customer key's CustomerIDs is accessible", async () => {
    const { status, body } = await fx.get("/customerPricing?CustomerIDs=1001,1002", "customer");
    expect(status).toBe(403);
    expect(body).toEqual({ Error: "None of the CustomerIDs is accessible to this key" });
  });

  it.each<[string, string, number | null, string, string]>([
    ["today: the lowest applicable price wins (all-products promotion 2 under 8.25)", "", 2, "7.000000", "3.000000"],
    ["on a promotion's last day it still applies", "&EffectiveDate=2026-11-25", 2, "7.000000", "3.000000"],
    ["the day after, the next best applies", "&EffectiveDate=2026-11-26", 1, "8.250000", "1.750000"],
    ["a promotion that starts later applies from its start", "&EffectiveDate=2026-12-05", 4, "6.000000", "4.000000"],
    ["with no promotion the price is the full price", "&EffectiveDate=2027-02-01", null, "10.000000", "0.000000"],
  ])("prices product 100 for customer 1000 at EffectiveDate: %s", async (_, query, promotionId, unit, discount) => {
    const { body } = await fx.get(`/customerPricing?CustomerIDs=1000${query}`, "employee");
    const price = body.Data.find((r) => r.ProductID === 100)!;
    expect(price).toMatchObject({
      FullPrice: "10.000000",
      UnitPrice: unit,
      Discount: discount,
      PromotionID: promotionId,
    });
    if (promotionId === null) expect(price).toMatchObject({ StartDate: null, EndDate: null, TimeUpdated: UPDATED });
    else expect(price.TimeUpdated).toBe(PROMO_UPDATED);
  });

  it("applies no promotion that would not lower the price, ignores other suppliers' all-products promotions, and breaks ties by promotion id", async () => {
    const { body } = await fx.get("/customerPricing", "employee");
    const at = (c: number, p: number) => body.Data.find((r) => r.CustomerID === c && r.ProductID === p);
    expect(at(1000, 102)).toMatchObject({
      FullPrice: "8.000000",
      UnitPrice: "8.000000",
      Discount: "0.000000",
      PromotionID: null,
      StartDate: null,
      EndDate: null,
    });
    expect(at(1002, 103)).toMatchObject({ UnitPrice: "5.000000", PromotionID: null, StartDate: null, EndDate: null });
    expect(at(1002, 105)).toMatchObject({ UnitPrice: "11.000000", Discount: "1.000000", PromotionID: 6 });
  });

  it("pages by CustomerID then ProductID", async () => {
    const first = await fx.get("/customerPricing?PageSize=4", "employee");
    expect([pairs(first.body), first.body.HasNextPage]).toEqual([
      ["1000/100", "1000/102", "1001/100", "1001/102"],
      true,
    ]);
    const second = await fx.get("/customerPricing?PageSize=4&Page=2", "employee");
    expect([pairs(second.body), second.body.HasNextPage]).toEqual([["1002/103", "1002/105"], false]);
  });
});

describe("GET /menuPromotions", () => {
  it.each<[string, Key, string, number[]]>([
    ["lists every menu promotion", "employee", "", [1, 2, 3]],
    ["StartDate keeps promotions ending on or after it", "employee", "?StartDate=2026-11-01", [1, 3]],
    ["EndDate keeps promotions starting on or before it", "employee", "?EndDate=2026-11-01", [1, 2]],
    [
      "StartDate and EndDate together keep overlapping promotions",
      "employee",
      "?StartDate=2026-11-30&EndDate=2026-11-30",
      [1],
    ],
    ["shows a Supplier key its suppliers' promotions", "supplier", "", [1]],
    ["shows a Customer key the promotions of its states", "customerNV", "", [3]],
    ["answers nothing for a state outside a Customer key's scope", "customer", "?States=NV", []],
  ])("%s", async (_, key, query, ids) => {
    const { body } = await fx.get(`/menuPromotions${query}`, key);
    expect(column(body, "MenuPromotionID")).toEqual(ids);
    expectDocumented("listMenuPromotions", body);
  });

  it("names the supplier", async () => {
    const { body } = await fx.get("/menuPromotions?SupplierIDs=20", "employee");
    expect(body.Data).toEqual([
      {
        MenuPromotionID: 2,
        SupplierID: 20,
        SupplierName: "Supplier 20",
        State: "CA",
        Description: "October",
        StartDate: "2026-10-01",
        EndDate: "2026-10-31",
        TimeUpdated: UPDATED,
      },
    ]);
  });
});

describe("GET /promotionsProducts", () => {
  it.each<[string, Key, string, number[]]>([
    ["lists every promotion", "employee", "", [1, 2, 3, 4, 5, 6, 7]],
    ["filters by the promotion's states", "employee", "?States=NV", [5, 6, 7]],
    ["shows a Supplier key its suppliers' promotions", "supplier", "", [1, 2, 4, 6, 7]],
    ["shows a Customer key the promotions of its states", "customerNV", "", [5, 6, 7]],
    ["answers nothing for a supplier outside a Supplier key's scope", "supplier", "?SupplierIDs=20", []],
  ])("%s", async (_, key, query, ids) => {
    const { body } = await fx.get(`/promotionsProducts${query}`, key);
    expect(column(body, "PromotionID")).toEqual(ids);
    expectDocumented("listPromotionProducts", body);
  });

  it("answers States and ProductIDs from the junctions, none for all-products promotions, and UnitPrice as a number", async () => {
    const { body } = await fx.get("/promotionsProducts?PageSize=2", "employee");
    expect(body.HasNextPage).toBe(true);
    expect(body.Data).toEqual([
      {
        PromotionID: 1,
        PromotionTypeID: 1,
        States: ["CA"],
        PromotionName: "Promo 1",
        ProductOverrideType: "none",
        UnitPrice: 8.25,
        StartDate: "2026-11-01",
        EndDate: "2026-11-30",
        AllProducts: false,
        ProductIDs: [100],
        TimeUpdated: PROMO_UPDATED,
      },
      {
        PromotionID: 2,
        PromotionTypeID: 1,
        States: ["CA"],
        PromotionName: "Promo 2",
        ProductOverrideType: "none",
        UnitPrice: 7,
        StartDate: "2026-11-15",
        EndDate: "2026-11-25",
        AllProducts: true,
        ProductIDs: [],
        TimeUpdated: PROMO_UPDATED,
      },
    ]);
    const six = await fx.get("/promotionsProducts?States=CA&SupplierIDs=10&Page=4&PageSize=1", "employee");
    expect(six.body.Data[0]).toMatchObject({ PromotionID: 6, States: ["CA", "NV"], ProductIDs: [105] });
  });
});
