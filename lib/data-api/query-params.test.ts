import { describe, expect, it } from "vitest";
import { operations } from "./registry";
import { serializeQuery } from "./query-params";
import { queryErrorBody } from "./validation-errors";

const invoices = operations.listInvoices.querySchema;

describe("query parameters", () => {
  it("apply the documented defaults", () => {
    expect(invoices.parse({})).toEqual({ Statuses: [1], Page: 1, PageSize: 50 });
    expect(operations.listCustomers.querySchema.parse({})).toEqual({
      AccountStatuses: ["Active"],
      Page: 1,
      PageSize: 50,
    });
    expect(operations.listProducts.querySchema.parse({}).Statuses).toEqual([1]);
    expect(operations.listVendors.querySchema.parse({}).Active).toBe(true);
    expect(operations.listPurchasesV2.querySchema.parse({})).toEqual({
      include_transactions: true,
      page: 1,
      page_size: 50,
    });
  });

  it("reduce PageSize above 500 to 500", () => {
    expect(invoices.parse({ PageSize: "501" }).PageSize).toBe(500);
    expect(invoices.parse({ PageSize: "500" }).PageSize).toBe(500);
    expect(invoices.parse({ PageSize: "1" }).PageSize).toBe(1);
  });

  it.each([
    ["CustomerIDs", "1,,2", "CustomerIDs must be comma-separated integers, like 1,2,3"],
    ["CustomerIDs", "1, 2", "CustomerIDs must be comma-separated integers, like 1,2,3"],
    ["CustomerIDs", "-1", "CustomerIDs must be comma-separated integers, like 1,2,3"],
    ["CustomerIDs", "", "CustomerIDs must be comma-separated integers, like 1,2,3"],
    ["Page", "0", "Page must be 1 or more"],
    ["Page", "two", "Page must be a whole number"],
    ["PageSize", "0", "PageSize must be 1 or more"],
    ["StartDate", "2026-02-30", "StartDate must be a date, YYYY-MM-DD"],
    ["States", "CA,,NV", "States must be a comma-separated list of non-empty items"],
  ])("GET /invoices rejects %s=%s", (name, value, message) => {
    const result = invoices.safeParse({ [name]: value });
    expect(result.success).toBe(false);
    expect(queryErrorBody(result.error!)).toEqual({ Error: message });
  });

  it("read id lists as numbers and text lists as items", () => {
    expect(invoices.parse({ CustomerIDs: "1,2,30", States: "CA,NV" })).toMatchObject({
      CustomerIDs: [1, 2, 30],
      States: ["CA", "NV"],
    });
    expect(
      operations.listProducts.querySchema.parse({ SupplierProductNumbers: "N/A,0,A-1 B" }).SupplierProductNumbers,
    ).toEqual(["N/A", "0", "A-1 B"]);
  });

  it("check lists of fixed values", () => {
    expect(
      operations.listCustomers.querySchema.parse({ AccountStatuses: "Inactive,OutOfBus" }).AccountStatuses,
    ).toEqual(["Inactive", "OutOfBus"]);
    expect(
      operations.listCustomers.querySchema.safeParse({ AccountStatuses: "Closed" }).error?.issues[0]?.message,
    ).toBe("AccountStatuses accepts only Active, Inactive, OutOfBus");
    expect(operations.listPaymentApplications.querySchema.safeParse({ Statuses: "Pending,Confirmed" }).success).toBe(
      true,
    );
  });

  it("read booleans only as true or false", () => {
    expect(operations.listCustomers.querySchema.parse({ OnHold: "false" }).OnHold).toBe(false);
    expect(operations.listCustomers.querySchema.safeParse({ OnHold: "1" }).error?.issues[0]?.message).toBe(
      "OnHold must be true or false",
    );
  });

  it("leave out parameters the operation does not take", () => {
    expect(invoices.parse({ Bogus: "1" })).not.toHaveProperty("Bogus");
  });

  it("serialize back to the wire form, which parses to the same values", () => {
    const values = { CustomerIDs: [1, 2], States: ["CA"], Statuses: [1, 7], Page: 2, PageSize: 100 };
    const wire = serializeQuery({ ...values, EndDate: undefined });
    expect(wire.toString()).toBe("CustomerIDs=1%2C2&States=CA&Statuses=1%2C7&Page=2&PageSize=100");
    expect(invoices.parse(Object.fromEntries(wire))).toEqual(values);
  });
});
