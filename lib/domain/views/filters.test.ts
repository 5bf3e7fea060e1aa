import { describe, expect, it } from "vitest";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { filtersOf, LOOKUPS } from "./filters";

const names = (...args: Parameters<typeof filtersOf>) => filtersOf(...args).map((f) => f.name);

describe("filtersOf", () => {
  it("offers Active on payment types and vendors to Employee keys only (the documentation's override rights)", () => {
    for (const operation of [OPERATION_META.listPaymentTypes, OPERATION_META.listVendors]) {
      expect(names(operation, undefined, "Employee")).toContain("Active");
      expect(names(operation, undefined, "Supplier")).not.toContain("Active");
      expect(names(operation, undefined, "Customer")).not.toContain("Active");
      // The other filters stay.
      expect(names(operation, undefined, "Supplier")).toEqual(
        names(operation, undefined, "Employee").filter((n) => n !== "Active"),
      );
    }
  });

  it("leaves every other operation's filters alone, and all of them when the key type is not given", () => {
    expect(names(OPERATION_META.listCustomers, undefined, "Supplier")).toEqual(names(OPERATION_META.listCustomers));
    expect(names(OPERATION_META.listVendors)).toContain("Active");
  });

  it("marks lookups of id lists as taking whole numbers (the generic payment type -1 cannot be sent), not those of text lists", () => {
    const [types] = filtersOf(OPERATION_META.listPayments, ["PaymentTypeIDs"]);
    expect(types!.control).toMatchObject({ control: "lookup", wholeNumbers: true });
    const [states] = filtersOf(OPERATION_META.listCustomers, ["States"]);
    expect(states!.control).toMatchObject({ control: "lookup" });
    expect(states!.control).not.toHaveProperty("wholeNumbers");
  });

  it("offers purchase_ids as typed text that says it takes either id", () => {
    const [ids] = filtersOf(OPERATION_META.listPurchasesV2, ["purchase_ids"]);
    expect(ids).toMatchObject({
      name: "purchase_ids",
      label: "Purchase IDs (global or ERP)",
      control: { control: "text", placeholder: "ERP or global ids" },
    });
  });
});

describe("LOOKUPS", () => {
  it("names the payment type SupplierCredit in words, as every other place does", () => {
    expect(LOOKUPS.PaymentTypeIDs!.name({ PaymentTypeID: -1, Name: "SupplierCredit" })).toBe("Supplier credit");
    expect(LOOKUPS.PaymentTypeIDs!.name({ PaymentTypeID: 20, Name: "Brand credit" })).toBe("Brand credit");
  });
});
