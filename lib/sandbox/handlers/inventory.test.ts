import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPDATED, column, customer, expectDocumented, openFixture, product } from "./test-fixtures";

type Quantities = Partial<
  Record<
    | "inventory"
    | "received"
    | "loaded"
    | "picked"
    | "pending_sales"
    | "delivered"
    | "unsellable"
    | "pre_sales"
    | "allocated",
    number
  >
>;
const stock = (location_id: number, product_id: number, q: Quantities = {}, not_authorized: 0 | 1 = 0) => ({
  location_id,
  product_id,
  purchase_trans_id: 7000 + product_id,
  inventory: 0,
  received: 0,
  loaded: 0,
  picked: 0,
  pending_sales: 0,
  delivered: 0,
  unsellable: 0,
  pre_sales: 0,
  allocated: 0,
  not_authorized,
  doi_centi: 560,
  avg_daily_sales_90d_centi: 20149,
  time_updated: UPDATED,
  ...q,
});

/** Available units of the bucket cases (10 units per case), with the bucket each must land in. */
const BUCKETS: [number, string][] = [
  [500, "50+ Cases"],
  [499, "< 50 Cases"],
  [250, "< 50 Cases"],
  [249, "< 25 Cases"],
  [100, "< 25 Cases"],
  [99, "< 10 Cases"],
  [50, "< 10 Cases"],
  [49, "< 5 Cases"],
  [10, "< 5 Cases"],
  [9, "< 1 Case"],
  [1, "< 1 Case"],
  [0, "Out of Stock"],
  [-5, "Out of Stock"],
];

let fx: Awaited<ReturnType<typeof setup>>;
async function setup() {
  const fx = await openFixture({
    employee: { type: "Employee", company: "Distro" },
    customer: { type: "Customer", company: "Store 1000", customerIds: [1000] },
    supplier: { type: "Supplier", company: "Supplier 10", supplierIds: [10] },
  });
  await fx.db
    .insertInto("products")
    .values([
      product(200, 10, { case_only: 1, wholesale_units_per_case: 10 }),
      product(201, 10, { min_order_units: 3 }),
      product(202, 20, { wholesale_units_per_case: 4, min_order_units: 0 }),
      product(203, 30, { state: "NV", wholesale_units_per_case: 8 }),
      product(204, 10, { state: "NV" }),
      ...BUCKETS.map((_, i) => product(300 + i, 20)),
    ])
    .execute();
  await fx.db
    .insertInto("customers")
    .values([customer(1000), customer(1001, { location_id: 2 }), customer(1002, { state: "NV", location_id: 3 })])
    .execute();
  await fx.db
    .insertInto("inventory")
    .values([
      // On floor 120 − 15 = 105; available 105 − 15 = 90 units: 9 cases.
      stock(1, 200, {
        inventory: 100,
        received: 20,
        loaded: 5,
        picked: 3,
        pending_sales: 2,
        delivered: 1,
        unsellable: 4,
        pre_sales: 10,
        allocated: 5,
      }),
      stock(2, 200, { inventory: 9 }),
      stock(1, 201, { inventory: 3 }, 1),
      stock(2, 201, { inventory: 2 }),
      stock(1, 202, { inventory: -4 }),
      stock(3, 203, { inventory: 16 }),
      stock(1, 204, { inventory: 50 }),
      ...BUCKETS.map(([units], i) => stock(2, 300 + i, { inventory: units })),
    ])
    .execute();
  await fx.db
    .insertInto("inventory_batches")
    .values([
      batch(1, 200, 10, "B-200", "CA", { expiration_date: "2027-06-30", vintage: "2025" }),
      batch(1, 202, 20, "B-202", "CA"),
      batch(3, 203, 30, "B-203", "NV"),
    ])
    .execute();
  await fx.db
    .insertInto("retailer_inventory")
    .values([
      {
        id: 1,
        product_id: 200,
        customer_id: 1000,
        inventory_centi: 1250,
        daily_sales_centi: 75,
        last_inventory_date: "2026-11-20",
        time_updated: UPDATED,
      },
      {
        id: 2,
        product_id: 202,
        customer_id: 1000,
        inventory_centi: 0,
        daily_sales_centi: 0,
        last_inventory_date: "2026-11-19T10:00:00.000Z",
        time_updated: UPDATED,
      },
      {
        id: 3,
        product_id: 203,
        customer_id: 1002,
        inventory_centi: 300,
        daily_sales_centi: 10,
        last_inventory_date: "2026-11-18",
        time_updated: UPDATED,
      },
    ])
    .execute();
  const allocation = (allocation_id: number, product_id: number, customer_id: number) => ({
    allocation_id,
    product_id,
    customer_id,
    units: 12,
    allocation_type_id: 1,
    start_date: "2026-11-01",
    end_date: "2026-11-30",
    time_updated: UPDATED,
  });
  await fx.db
    .insertInto("allocations")
    .values([allocation(1, 200, 1000), allocation(1, 200, 1001), allocation(2, 203, 1002), allocation(3, 202, 1000)])
    .execute();
  return fx;
}
function batch(
  location_id: number,
  product_id: number,
  supplier_id: number,
  batch_code: string,
  state: string,
  o: { expiration_date?: string; vintage?: string } = {},
) {
  return {
    location_id,
    product_id,
    supplier_id,
    purchase_trans_id: 7000 + product_id,
    batch_code,
    uid: `UID-${batch_code}`,
    state,
    laboratory: "Lab",
    potency_type: "PerServing",
    coa_url: `assets/coa/${batch_code}.pdf`,
    expiration_date: o.expiration_date ?? null,
    best_by_date: null,
    harvest_date: null,
    manufacture_date: null,
    pack_date: null,
    coa_expiration_date: null,
    vintage: o.vintage ?? null,
    thc_potency_centi: 2250,
    cbd_potency_centi: 5,
    total_cannabinoids_centi: 2400,
    label_thc_potency_centi: 2200,
    label_cbd_potency_centi: 0,
    label_total_cannabinoids_centi: 2300,
    inventory_units: 90,
    time_created: UPDATED,
    time_updated: UPDATED,
  };
}
beforeAll(async () => {
  fx = await setup();
});
afterAll(() => fx.close());

type Key = "employee" | "customer" | "supplier";
const rows = (body: { Data: Record<string, unknown>[] }) =>
  body.Data.map((r) => `${String(r.LocationID)}/${String(r.ProductID)}`);

describe("GET /inventory", () => {
  it("computes OnFloorInventory and AvailableUnits, and sends quantities as dec-strings without PendingSales", async () => {
    const { status, body } = await fx.get("/inventory?ProductIDs=200&LocationIDs=1", "employee");
    expect(status).toBe(200);
    expect(body.Data).toEqual([
      {
        LocationID: 1,
        ProductID: 200,
        PurchaseTransID: 7200,
        AvailableUnits: 90,
        OnFloorInventory: "105.00",
        PreSales: "10.00",
        Allocated: "5.00",
        Inventory: "100.00",
        Received: "20.00",
        Loaded: "5.00",
        Picked: "3.00",
        Delivered: "1.00",
        Unsellable: "4.00",
        DOI: "5.60",
        AvgDailySales90d: "201.49",
        NotAuthorized: false,
        TimeUpdated: UPDATED,
      },
    ]);
    expectDocumented("listInventory", body);
  });

  it.each<[string, Key, string, string[]]>([
    ["shows a Supplier key its suppliers' products", "supplier", "", ["1/200", "1/201", "1/204", "2/200", "2/201"]],
    ["filters by the product's state", "employee", "?States=NV", ["1/204", "3/203"]],
    ["filters by LocationIDs and ProductIDs", "employee", "?LocationIDs=1&ProductIDs=201,202,203", ["1/201", "1/202"]],
    ["answers nothing for a supplier outside a Supplier key's scope", "supplier", "?SupplierIDs=20", []],
  ])("%s", async (_, key, query, expected) => {
    const { body } = await fx.get(`/inventory${query}`, key);
    expect(rows(body)).toEqual(expected);
    expectDocumented("listInventory", body);
  });

  it("pages with HasNextPage", async () => {
    const { body } = await fx.get("/inventory?SupplierIDs=10&PageSize=4", "employee");
    expect([rows(body), body.HasNextPage]).toEqual([["1/200", "1/201", "1/204", "2/200"], true]);
    const last = await fx.get("/inventory?SupplierIDs=10&PageSize=4&Page=2", "employee");
    expect([rows(last.body), last.body.HasNextPage]).toEqual([["2/201"], false]);
  });

  it.each(["/inventory", "/inventory/batches"])("GET %s refuses Customer keys (403)", async (path) => {
    expect((await fx.get(path, "customer")).status).toBe(403);
  });
});

describe("GET /inventory/batches", () => {
  it("sends potencies as dec-strings, the COA as an absolute URL and sparse dates as null", async () => {
    const { body } = await fx.get("/inventory/batches?BatchCodes=B-200", "employee");
    expect(body.Data).toHaveLength(1);
    expect(body.Data[0]).toMatchObject({
      LocationID: 1,
      ProductID: 200,
      SupplierID: 10,
      PurchaseTransID: 7200,
      InventoryUnits: 90,
      State: "CA",
      BatchCode: "B-200",
      PotencyType: "PerServing",
      COAURL: "http://localhost/test/assets/coa/B-200.pdf",
      ExpirationDate: "2027-06-30",
      BestByDate: null,
      Vintage: "2025",
      THCPotency: "22.50",
      CBDPotency: "0.05",
      TotalCannabinoids: "24.00",
      LabelTHCPotency: "22.00",
      LabelCBDPotency: "0.00",
      LabelTotalCannabinoids: "23.00",
    });
    expectDocumented("listInventoryBatches", body);
  });

  it.each<[string, Key, string, string[]]>([
    ["lists every batch", "employee", "", ["B-200", "B-202", "B-203"]],
    ["matches BatchCodes exactly", "employee", "?BatchCodes=B-20,B-203", ["B-203"]],
    ["filters by the batch's state", "employee", "?States=NV", ["B-203"]],
    ["shows a Supplier key its suppliers' batches", "supplier", "", ["B-200"]],
  ])("%s", async (_, key, query, codes) => {
    const { body } = await fx.get(`/inventory/batches${query}`, key);
    expect(column(body, "BatchCode")).toEqual(codes);
    expectDocumented("listInventoryBatches", body);
  });
});

describe("GET /availableInventory", () => {
  it("buckets by available cases", async () => {
    const ids = BUCKETS.map((_, i) => 300 + i).join(",");
    const { body } = await fx.get(`/availableInventory?ProductIDs=${ids}&PageSize=100`, "employee");
    expect(body.Data.map((r) => [r.ProductID, r.InventoryBucket])).toEqual(
      BUCKETS.map(([, bucket], i) => [300 + i, bucket]),
    );
    expectDocumented("listAvailableInventory", body);
  });

  it.each<[string, string, boolean, string]>([
    ["a case-only product with 9 cases available is in stock", "1/200", true, "< 10 Cases"],
    ["a case-only product with less than a case is not", "2/200", false, "< 1 Case"],
    ["a product with its minimum order (3) available is in stock, even NotAuthorized", "1/201", true, "< 1 Case"],
    ["a product below its minimum order is not", "2/201", false, "< 1 Case"],
    ["a product with a minimum of 0 still needs 1 unit", "1/202", false, "Out of Stock"],
  ])("InStock: %s", async (_, row, inStock, bucket) => {
    const [location, productId] = row.split("/");
    const { body } = await fx.get(`/availableInventory?LocationIDs=${location}&ProductIDs=${productId}`, "employee");
    expect(body.Data).toEqual([
      {
        LocationID: Number(location),
        ProductID: Number(productId),
        InStock: inStock,
        InventoryBucket: bucket,
        TimeUpdated: UPDATED,
      },
    ]);
  });

  it.each<[string, Key, string, string[]]>([
    [
      "shows a Customer key the warehouses serving its customers and the products of their states",
      "customer",
      "",
      ["1/200", "1/201", "1/202"],
    ],
    ["answers nothing for a customer outside a Customer key's scope", "customer", "?CustomerIDs=1001", []],
    ["narrows to the warehouses serving CustomerIDs", "employee", "?CustomerIDs=1002", ["3/203"]],
    [
      "answers nothing when LocationIDs is not among the warehouses serving CustomerIDs",
      "employee",
      "?CustomerIDs=1000&LocationIDs=2",
      [],
    ],
    ["shows a Supplier key only its products", "supplier", "?LocationIDs=1", ["1/200", "1/201", "1/204"]],
    ["filters by States and SupplierIDs", "employee", "?States=NV&SupplierIDs=30", ["3/203"]],
  ])("%s", async (_, key, query, expected) => {
    const { body } = await fx.get(`/availableInventory${query}`, key);
    expect(rows(body)).toEqual(expected);
    expectDocumented("listAvailableInventory", body);
  });
});

describe("GET /retailerInventory", () => {
  it.each<[string, Key, string, number[]]>([
    ["lists every row", "employee", "", [1, 2, 3]],
    ["shows a Customer key its customers' rows", "customer", "", [1, 2]],
    ["shows a Supplier key the rows of its products", "supplier", "", [1]],
    ["filters by the customer's state", "employee", "?States=NV", [3]],
    ["filters by ProductIDs and SupplierIDs", "employee", "?ProductIDs=200,202&SupplierIDs=20", [2]],
    ["answers nothing for a customer outside a Customer key's scope", "customer", "?CustomerIDs=1002", []],
  ])("%s", async (_, key, query, ids) => {
    const { body } = await fx.get(`/retailerInventory${query}`, key);
    expect(column(body, "ID")).toEqual(ids);
    expectDocumented("listRetailerInventory", body);
  });

  it("sends quantities as dec-strings and LastInventoryDate as a date-time", async () => {
    const { body } = await fx.get("/retailerInventory?PageSize=2", "employee");
    expect(body.HasNextPage).toBe(true);
    expect(body.Data).toEqual([
      {
        ID: 1,
        ProductID: 200,
        CustomerID: 1000,
        LastInventoryDate: "2026-11-20T00:00:00.000Z",
        TimeUpdated: UPDATED,
        Inventory: "12.50",
        DailySales: "0.75",
      },
      {
        ID: 2,
        ProductID: 202,
        CustomerID: 1000,
        LastInventoryDate: "2026-11-19T10:00:00.000Z",
        TimeUpdated: UPDATED,
        Inventory: "0.00",
        DailySales: "0.00",
      },
    ]);
  });
});

describe("GET /allocations", () => {
  const keys = (body: { Data: Record<string, unknown>[] }) =>
    body.Data.map((r) => `${String(r.AllocationID)}/${String(r.ProductID)}/${String(r.CustomerID)}`);

  it.each<[string, Key, string, string[]]>([
    [
      "lists every allocation by its unique key",
      "employee",
      "",
      ["1/200/1000", "1/200/1001", "2/203/1002", "3/202/1000"],
    ],
    ["shows a Customer key its customers' allocations", "customer", "", ["1/200/1000", "3/202/1000"]],
    ["shows a Supplier key the allocations of its products", "supplier", "", ["1/200/1000", "1/200/1001"]],
    ["filters SupplierIDs by the product's supplier", "employee", "?SupplierIDs=20", ["3/202/1000"]],
    ["filters States by the customer's state", "employee", "?States=NV", ["2/203/1002"]],
    ["answers nothing for a customer outside a Customer key's scope", "customer", "?CustomerIDs=1001", []],
  ])("%s", async (_, key, query, expected) => {
    const { body } = await fx.get(`/allocations${query}`, key);
    expect(keys(body)).toEqual(expected);
    expectDocumented("listAllocations", body);
  });

  it("answers the documented record", async () => {
    const { body } = await fx.get("/allocations?CustomerIDs=1001", "employee");
    expect(body.Data).toEqual([
      {
        AllocationID: 1,
        ProductID: 200,
        CustomerID: 1001,
        Units: 12,
        AllocationTypeID: 1,
        StartDate: "2026-11-01",
        EndDate: "2026-11-30",
        TimeUpdated: UPDATED,
      },
    ]);
  });
});
