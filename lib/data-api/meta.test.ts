import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contractMetaSource } from "./meta-build";
import { OPERATION_META, RECORD_META } from "./meta.generated";
import { Invoice } from "./records/invoices";
import { operations } from "./registry";
import { pagingParams } from "./values";

describe("the contract as plain data (meta.generated.ts)", () => {
  it("is what the registry and the records give (run `npm run contract-meta` after changing the contract)", () => {
    const committed = readFileSync(new URL("./meta.generated.ts", import.meta.url), "utf8");
    expect(committed).toBe(contractMetaSource());
  });

  it("has every operation, with its parameters' kinds, values and defaults", () => {
    expect(Object.keys(OPERATION_META).sort()).toEqual(Object.keys(operations).sort());
    expect(OPERATION_META.listInvoices.envelope).toBe("v1-list");
    expect(OPERATION_META.listPurchasesV2.query).toHaveProperty("page_size");
    expect(OPERATION_META.listCustomers.query.AccountStatuses).toMatchObject({
      kind: "list of values",
      defaultValue: "Active",
      values: ["Active", "Inactive", "OutOfBus"],
    });
    expect(OPERATION_META.listPaymentApplications.access).toEqual(operations.listPaymentApplications.access);
  });

  it("names every list's paging parameters as pagingParams says for its version", () => {
    const lists = Object.values(OPERATION_META).filter((op) => op.envelope === "v1-list" || op.envelope === "v2-list");
    expect(lists.length).toBeGreaterThan(20);
    for (const op of lists) {
      const { page, size } = pagingParams(op.version);
      expect(Object.keys(op.query), op.id).toEqual(expect.arrayContaining([page, size]));
    }
  });

  it("has each record's fields with the documentation's types and definitions", () => {
    expect(Object.keys(RECORD_META.Invoice.fields)).toEqual(Object.keys(Invoice.fields));
    expect(RECORD_META.Invoice.fields.OpenBalance).toEqual({ label: "dec-string" });
    expect(RECORD_META.Invoice.fields.Status.description).toBe(Invoice.fields.Status.description);
  });
});
