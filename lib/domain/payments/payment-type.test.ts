import { describe, expect, it } from "vitest";
import { paymentTypeName } from "./payment-type";

describe("paymentTypeName", () => {
  it.each([
    ["the wire's SupplierCredit (PaymentTypeID -1)", "SupplierCredit", -1, "Supplier credit"],
    ["SupplierCredit under any id", "SupplierCredit", undefined, "Supplier credit"],
    ["SupplierCredit in other capitals or padded", " suppliercredit ", 7, "Supplier credit"],
    ["-1 sent without its name", undefined, -1, "Supplier credit"],
    ["-1 with a null name", null, -1, "Supplier credit"],
    ["any other type, as it is named", "Check/ACH", 20, "Check/ACH"],
    ["-1 named otherwise keeps its name", "Check/ACH", -1, "Check/ACH"],
    ["no name, another id", undefined, 20, "—"],
    ["nothing at all", null, null, "—"],
    ["an empty name", "", 20, "—"],
  ] as const)("%s", (_what, name, id, expected) => {
    expect(paymentTypeName(name, id)).toBe(expected);
  });
});
