import { describe, expect, it } from "vitest";
import { operationList, operations } from "@/lib/data-api/registry";
import { type FreshnessClass, freshForMs, freshnessOf } from "./freshness";

const MINUTE = 60_000;

describe("freshnessOf", () => {
  it("classes every GET of the registry, and refuses every write", () => {
    const gets = operationList.filter((op) => op.method === "GET");
    expect(gets.length).toBeGreaterThanOrEqual(43);
    for (const op of gets) expect(["reference", "aging", "working", "record"], op.id).toContain(freshnessOf(op));
    for (const op of operationList.filter((o) => o.method !== "GET"))
      expect(() => freshnessOf(op), op.id).toThrow(/write/);
  });

  it("refuses an operation the table does not know", () => {
    expect(() => freshnessOf({ ...operations.listStates, id: "listSomethingNew" })).toThrow(/no freshness class/);
  });

  it.each<[keyof typeof operations, FreshnessClass]>([
    ["listStates", "reference"],
    ["listLocations", "reference"],
    ["getLocation", "reference"],
    ["listProductCategories", "reference"],
    ["listCustomerCreditTerms", "reference"],
    ["listSupplierCreditTerms", "reference"],
    ["listInvoiceCreditTerms", "reference"],
    ["listPaymentTypes", "reference"],
    ["listSuppliers", "reference"],
    ["listSalesReps", "reference"],
    ["listUsers", "reference"],
    ["listVendors", "reference"],
    ["listArAging", "aging"],
    ["listInvoices", "working"],
    ["listInvoiceTransactionsOfInvoice", "working"],
    ["listOpenInvoices", "working"],
    ["listPaymentApplications", "working"],
    ["listAvailableInventory", "working"],
    ["listPurchasesV2", "working"],
    ["listPurchaseLinesV2", "working"],
    ["listCustomers", "working"],
    ["listCustomerPricing", "working"],
    ["listInventoryBatches", "working"],
    ["listInvoiceCOAs", "working"],
    ["getCustomer", "record"],
    ["getInvoice", "record"],
    ["getProduct", "record"],
    ["getPurchase", "record"],
    ["getPurchaseV2", "record"],
  ])("GET %s is %s", (id, cls) => {
    expect(freshnessOf(operations[id])).toBe(cls);
  });

  it("keeps AR aging apart from every other operation: it alone lives until end of day", () => {
    expect(operationList.filter((op) => op.method === "GET" && freshnessOf(op) === "aging").map((op) => op.id)).toEqual(
      ["listArAging"],
    );
  });
});

describe("freshForMs", () => {
  const noon = new Date("2025-03-01T12:00:00.000Z");

  it("keeps reference data 5 minutes, working lists 15 seconds, single records 30 seconds", () => {
    expect(freshForMs("reference", noon)).toBe(5 * MINUTE);
    expect(freshForMs("working", noon)).toBe(15_000);
    expect(freshForMs("record", noon)).toBe(30_000);
  });

  it.each([
    ["2025-03-01T12:00:00.000Z", 12 * 60 * MINUTE],
    ["2025-03-01T23:59:59.999Z", 1],
    ["2025-03-01T00:00:00.000Z", 24 * 60 * MINUTE],
    ["2024-02-28T23:00:00.000Z", 60 * MINUTE], // into the leap day
    ["2025-12-31T23:30:00.000Z", 30 * MINUTE], // across the year
  ])("keeps AR aging read at %s until the next UTC midnight", (at, ms) => {
    expect(freshForMs("aging", new Date(at))).toBe(ms);
  });

  it("counts in UTC, whatever the offset the date was written with", () => {
    // 20:00 in Los Angeles (UTC-8) is 04:00 UTC the next day: 20 hours to go, not 4.
    expect(freshForMs("aging", new Date("2025-03-01T20:00:00-08:00"))).toBe(20 * 60 * MINUTE);
  });

  it("refuses an invalid date", () => {
    expect(() => freshForMs("aging", new Date("not a date"))).toThrow(RangeError);
  });
});
