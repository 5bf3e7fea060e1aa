import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { column, customer, expectDocumented, openFixture, supplier, user } from "./test-fixtures";

let fx: Awaited<ReturnType<typeof setup>>;
async function setup() {
  const fx = await openFixture({
    employee: { type: "Employee", company: "Distro", userId: 1 },
    customer: { type: "Customer", company: "Store 1000", customerIds: [1000], userId: 2 },
    supplier: { type: "Supplier", company: "Supplier 10", supplierIds: [10], userId: 5 },
  });
  await fx.db
    .insertInto("suppliers")
    .values(supplier(40, { active: 0 }))
    .execute();
  await fx.db
    .insertInto("customers")
    .values([
      customer(1000, { sales_rep_user_id: 9 }),
      customer(1001, { sales_rep_user_id: 9 }),
      customer(1002, { state: "NV", sales_rep_user_id: 10 }),
      customer(1003, { sales_rep_user_id: 9, account_status: "Inactive" }),
    ])
    .execute();
  await fx.db
    .insertInto("users")
    .values([
      user(1, "Admin"),
      user(2, "Customer"),
      user(3, "Customer", { user_active: 0 }),
      user(4, "Customer"),
      user(5, "Supplier", { job_title: "Brand Manager", department: "Sales", power_user: 1 }),
      user(6, "Supplier", { user_active: 0 }),
      user(7, "Supplier"),
      user(8, "DistributorRep"),
      user(9, "DistributorRep"),
      user(10, "DistributorRep", { user_active: 0 }),
      user(11, "DistributorRep"),
    ])
    .execute();
  await fx.db
    .insertInto("user_states")
    .values([
      { user_id: 2, state: "CA" },
      { user_id: 4, state: "NV" },
      { user_id: 5, state: "CA" },
      { user_id: 5, state: "NV" },
      { user_id: 8, state: "CA" },
    ])
    .execute();
  await fx.db
    .insertInto("user_customers")
    .values([
      { user_id: 2, customer_id: 1000 },
      { user_id: 3, customer_id: 1000 },
      { user_id: 3, customer_id: 1001 },
      { user_id: 4, customer_id: 1001 },
    ])
    .execute();
  await fx.db
    .insertInto("user_suppliers")
    .values([
      { user_id: 5, supplier_id: 10 },
      { user_id: 6, supplier_id: 10 },
      { user_id: 6, supplier_id: 20 },
      { user_id: 7, supplier_id: 20 },
    ])
    .execute();
  await fx.db
    .insertInto("user_locations")
    .values([
      { user_id: 8, location_id: 1 },
      { user_id: 8, location_id: 2 },
    ])
    .execute();
  await fx.db
    .insertInto("rep_product_groups")
    .values([
      { user_id: 8, product_group: "Supplier" },
      { user_id: 9, product_group: "Flower" },
      { user_id: 9, product_group: "Edibles" },
      { user_id: 10, product_group: "Flower" },
      { user_id: 11, product_group: "Supplier" },
    ])
    .execute();
  await fx.db
    .insertInto("rep_suppliers")
    .values([
      { user_id: 8, supplier_id: 10 },
      { user_id: 8, supplier_id: 20 },
      { user_id: 8, supplier_id: 40 },
      { user_id: 11, supplier_id: 20 },
      { user_id: 11, supplier_id: 40 },
    ])
    .execute();
  return fx;
}
beforeAll(async () => {
  fx = await setup();
});
afterAll(() => fx.close());

type Key = "employee" | "customer" | "supplier";

describe("GET /users", () => {
  it.each<[string, Key, string, number[]]>([
    ["gives an Employee key every user, active or not", "employee", "", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
    ["takes Active for an Employee key", "employee", "?Active=true", [1, 2, 4, 5, 7, 8, 9, 11]],
    ["filters by UserIDs", "employee", "?UserIDs=2,5,99", [2, 5]],
    ["filters by States", "employee", "?States=NV", [4, 5]],
    ["filters by CustomerIDs", "employee", "?CustomerIDs=1001", [3, 4]],
    ["filters by SupplierIDs", "employee", "?SupplierIDs=20", [6, 7]],
    ["filters by Roles", "employee", "?Roles=DistributorRep,Admin", [1, 8, 9, 10, 11]],
    ["gives a Supplier key its active Supplier users and the active Customer users", "supplier", "", [2, 4, 5]],
    ["gives a Supplier key its inactive Supplier users when asked", "supplier", "?Active=false", [6]],
    ["answers nothing for a supplier outside a Supplier key's scope", "supplier", "?SupplierIDs=20", []],
    ["gives a Customer key only its own active Customer users", "customer", "", [2]],
    ["gives a Customer key its inactive users when asked", "customer", "?Active=false", [3]],
    ["answers nothing for a customer outside a Customer key's scope", "customer", "?CustomerIDs=1001", []],
  ])("%s", async (_, key, query, ids) => {
    const { status, body } = await fx.get(`/users${query}`, key);
    expect(status).toBe(200);
    expect(column(body, "UserID")).toEqual(ids);
    expectDocumented("listUsers", body);
  });

  it("answers link arrays by role and null for the other roles", async () => {
    const { body } = await fx.get("/users?UserIDs=1,2,5,8", "employee");
    expect(body.Data.map((u) => [u.UserID, u.States, u.CustomerIDs, u.SupplierIDs, u.LocationIDs])).toEqual([
      [1, [], null, null, null],
      [2, ["CA"], [1000], null, null],
      [5, ["CA", "NV"], null, [10], null],
      [8, ["CA"], null, null, [1, 2]],
    ]);
    expect(body.Data[2]).toEqual({
      UserID: 5,
      SiteUserID: 9005,
      UserActive: true,
      SvcLiveAccess: true,
      PowerUser: true,
      Email: "user5@example.test",
      FullName: "User 5",
      States: ["CA", "NV"],
      Role: "Supplier",
      CustomerIDs: null,
      SupplierIDs: [10],
      LocationIDs: null,
      JobTitle: "Brand Manager",
      Department: "Sales",
    });
    expect(body.Data[0]).toMatchObject({ JobTitle: null, Department: null });
  });

  it.each<[Key, string, string, number[]]>([
    ["customer", "?Active=false", "CustomerIDs", [1000]],
    ["employee", "?UserIDs=3", "CustomerIDs", [1000, 1001]],
    ["supplier", "?Active=false", "SupplierIDs", [10]],
    ["employee", "?UserIDs=6", "SupplierIDs", [10, 20]],
  ])("shows a %s key (%s) only the %s it may see", async (key, query, field, ids) => {
    const { body } = await fx.get(`/users${query}`, key);
    expect(body.Data[0]![field]).toEqual(ids);
  });

  it("pages with HasNextPage", async () => {
    const { body } = await fx.get("/users?PageSize=10", "employee");
    expect([body.Data.length, body.HasNextPage]).toEqual([10, true]);
    const last = await fx.get("/users?PageSize=10&Page=2", "employee");
    expect([column(last.body, "UserID"), last.body.HasNextPage]).toEqual([[11], false]);
  });
});

describe("GET /users/{userID}", () => {
  it.each<[string, Key, number, number]>([
    ["answers an Employee key any user", "employee", 10, 200],
    ["answers a Customer key its own users, inactive too", "customer", 3, 200],
    ["hides another customer's user from a Customer key", "customer", 4, 404],
    ["hides Supplier users from a Customer key", "customer", 5, 404],
    ["answers a Supplier key its own inactive user", "supplier", 6, 200],
    ["answers a Supplier key an active Customer user", "supplier", 2, 200],
    ["hides an inactive Customer user from a Supplier key", "supplier", 3, 404],
    ["hides another supplier's user from a Supplier key", "supplier", 7, 404],
    ["hides reps from a Supplier key", "supplier", 8, 404],
    ["answers 404 for an unknown user", "employee", 99, 404],
  ])("%s", async (_, key, id, expected) => {
    const { status, body } = await fx.get(`/users/${id}`, key);
    expect(status).toBe(expected);
    if (expected === 200) {
      expect([column(body, "UserID"), body.Page, body.PageSize, body.HasNextPage]).toEqual([[id], 1, 50, false]);
      expectDocumented("getUser", body);
    } else {
      expect(body).toEqual({ Error: `User ${id} not found` });
    }
  });
});

describe("GET /salesReps", () => {
  it.each<[string, Key, string, number[]]>([
    ["lists the active reps", "employee", "", [8, 9, 11]],
    ["filters by SupplierIDs", "employee", "?SupplierIDs=20", [8, 11]],
    ["matches only active suppliers", "employee", "?SupplierIDs=40", []],
    ["filters by CustomerIDs (the customer's sales rep)", "employee", "?CustomerIDs=1000", [9]],
    ["matches only active reps and customers", "employee", "?CustomerIDs=1002,1003", []],
    ["filters by ProductGroups, 'Supplier' for Supplier Reps", "employee", "?ProductGroups=Supplier", [8, 11]],
    ["filters by another product group", "employee", "?ProductGroups=Edibles", [9]],
    ["gives a Supplier key the reps covering its suppliers", "supplier", "", [8]],
    ["answers nothing for a supplier outside a Supplier key's scope", "supplier", "?SupplierIDs=20", []],
    ["gives a Customer key the reps of its customers", "customer", "", [9]],
  ])("%s", async (_, key, query, ids) => {
    const { body } = await fx.get(`/salesReps${query}`, key);
    expect(column(body, "UserID")).toEqual(ids);
    expectDocumented("listSalesReps", body);
  });

  it("derives Type from ProductGroups and lists active suppliers and customers only", async () => {
    const { body } = await fx.get("/salesReps?PageSize=2", "employee");
    expect(body.HasNextPage).toBe(true);
    expect(body.Data).toEqual([
      {
        UserID: 8,
        Name: "User 8",
        Email: "user8@example.test",
        Type: "Supplier Rep",
        ProductGroups: ["Supplier"],
        Suppliers: [
          { SupplierID: 10, Supplier: "Supplier 10" },
          { SupplierID: 20, Supplier: "Supplier 20" },
        ],
        Customers: [],
      },
      {
        UserID: 9,
        Name: "User 9",
        Email: "user9@example.test",
        Type: "Territory Manager",
        ProductGroups: ["Edibles", "Flower"],
        Suppliers: [],
        Customers: [
          { CustomerID: 1000, CustomerName: "Store 1000" },
          { CustomerID: 1001, CustomerName: "Store 1001" },
        ],
      },
    ]);
  });

  it.each<[Key, string, unknown[]]>([
    ["supplier", "Suppliers", [{ SupplierID: 10, Supplier: "Supplier 10" }]],
    ["customer", "Customers", [{ CustomerID: 1000, CustomerName: "Store 1000" }]],
  ])("shows a %s key only its own accounts in %s", async (key, field, expected) => {
    const { body } = await fx.get("/salesReps", key);
    expect(body.Data[0]![field]).toEqual(expected);
  });
});
