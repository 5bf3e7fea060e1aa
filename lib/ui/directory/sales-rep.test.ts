import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { findRep, needsRepRecord, repAccounts, type SalesRep } from "./sales-rep";

const rep = (fields: Partial<SalesRep>) => fields as SalesRep;

describe("needsRepRecord", () => {
  it("asks for the rep list for a rep, and for a user the API would not show; for no one else", () => {
    expect(needsRepRecord({ role: "DistributorRep" })).toBe(true);
    expect(needsRepRecord({ notFound: true })).toBe(true);
    expect(["Admin", "Customer", "Supplier", null, undefined].map((role) => needsRepRecord({ role }))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("findRep", () => {
  const records = [rep({ UserID: 1006, Name: "Aisha Martinez" }), rep({ UserID: 1012, Name: "Rosa Hill" })];

  it("finds a user's rep record by user id", () => {
    expect(findRep({ records, complete: true, requests: 1 }, 1012)).toEqual({ state: "found", rep: records[1] });
  });

  it("calls a rep absent only when the whole list was read", () => {
    expect(findRep({ records, complete: true, requests: 1 }, 1001)).toEqual({ state: "absent" });
    expect(findRep({ records, complete: false, requests: 4 }, 1001)).toEqual({ state: "beyond", searched: 2 });
  });
});

describe("repAccounts", () => {
  it("gives each customer and supplier with an id, named, and leaves out an entry without one", () => {
    const accounts = repAccounts(
      rep({
        Customers: [
          { CustomerID: 20001, CustomerName: "Valley Cannabis - Oakland" },
          { CustomerID: 20002, CustomerName: "" },
          { CustomerName: "No id" } as never,
        ],
        Suppliers: [{ SupplierID: 101, Supplier: "Mojave Sun" }],
      }),
    );
    expect(accounts).toEqual({
      customers: [
        { id: 20001, name: "Valley Cannabis - Oakland" },
        { id: 20002, name: "Customer 20002" },
      ],
      suppliers: [{ id: 101, name: "Mojave Sun" }],
    });
  });

  it("is two empty lists for a sparse rep record", () => {
    expect(repAccounts(rep({ Customers: null, Suppliers: undefined } as never))).toEqual({
      customers: [],
      suppliers: [],
    });
  });
});

// The page's premise, against the sandbox's documented scoping: a Customer key may not read its customers' rep as a
// user (Customer keys get only their own Customer users), yet finds them, and the customer, in one page of /salesReps.
describe("a customer's sales rep seen with a Customer key", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await openTestSandbox();
  });
  afterAll(() => sandbox.close());

  it("is refused by /users/{id} and found in the sales rep list with the customer among its accounts", async () => {
    const customers = (await sandbox.call("GET", "/v1/customers", { as: "Customer" })).body.Data as {
      CustomerID: number;
      SalesRepUserID?: number;
    }[];
    const served = customers.find((c) => c.SalesRepUserID != null)!;
    expect(served).toBeDefined();
    const user = await sandbox.call("GET", `/v1/users/${served.SalesRepUserID}`, { as: "Customer" });
    expect(user.status).toBe(404);
    expect(needsRepRecord({ notFound: true })).toBe(true);
    const reps = await sandbox.call("GET", "/v1/salesReps?PageSize=500", { as: "Customer" });
    const lookup = findRep(
      { records: reps.body.Data as SalesRep[], complete: reps.body.HasNextPage === false, requests: 1 },
      served.SalesRepUserID!,
    );
    expect(lookup.state).toBe("found");
    if (lookup.state === "found")
      expect(repAccounts(lookup.rep).customers.map((c) => c.id)).toContain(served.CustomerID);
  });

  it("reads as a DistributorRep with an Employee key, whose page then asks for the rep list", async () => {
    const customers = (await sandbox.call("GET", "/v1/customers", { as: "Employee" })).body.Data as {
      SalesRepUserID?: number;
    }[];
    const repId = customers.find((c) => c.SalesRepUserID != null)!.SalesRepUserID!;
    const user = await sandbox.call("GET", `/v1/users/${repId}`, { as: "Employee" });
    const role = (user.body.Data as { Role?: string }[])[0]?.Role;
    expect(role).toBe("DistributorRep");
    expect(needsRepRecord({ role })).toBe(true);
  });
});
