import { describe, expect, it } from "vitest";
import { DEFAULT_MAPPING } from "@/lib/domain/accounting/mapping";
import { formFieldOf, MappingForm, mappingOf, valuesOf } from "./mapping-form";

describe("the mapping's form", () => {
  it("has a row per product type of the catalogue, then the mapped types it no longer has, and back", () => {
    const mapping = {
      ...DEFAULT_MAPPING,
      accounts: { Flower: "5010", Retired: "5099" },
      xeroAccounts: { Flower: "631", Gone: "699" },
    };
    const values = valuesOf(mapping, ["Flower", "Vape: Cartridge"]);
    expect(values.accounts).toEqual([
      { type: "Flower", account: "5010", xeroAccount: "631" },
      { type: "Vape: Cartridge", account: "", xeroAccount: "" },
      { type: "Gone", account: "", xeroAccount: "699" },
      { type: "Retired", account: "5099", xeroAccount: "" },
    ]);
    expect(mappingOf(values)).toEqual(mapping);
  });

  it.each([
    ["an empty vendor", { vendorName: "  " }, "vendorName", "Required."],
    [
      "a tab in an account",
      { bankAccount: "Check\ting" },
      "bankAccount",
      "Holds a tab, which QuickBooks Desktop's IIF cannot carry: it would arrive as another name.",
    ],
    [
      "a double quote in the vendor",
      { vendorName: '=@Home "Wholesale", Inc.' },
      "vendorName",
      `Holds a double quote ("), which QuickBooks Desktop's IIF cannot carry: it would arrive as another name.`,
    ],
    [
      "a vendor past QuickBooks Desktop's 41 characters",
      { vendorName: "V".repeat(42) },
      "vendorName",
      "At most 41 characters: QuickBooks Desktop's longest vendor name.",
    ],
    [
      "an account name too long",
      { payablesAccount: "x".repeat(101) },
      "payablesAccount",
      "At most 100 characters: QuickBooks Online's longest account name.",
    ],
    [
      "a QuickBooks name as Xero's code",
      { xeroDefaultAccount: "Inventory Asset" },
      "xeroDefaultAccount",
      "A Xero account code: letters and digits, at most 10.",
    ],
    ["a tax rate Xero does not offer", { xeroTaxType: "NONE" }, "xeroTaxType", "One of the tax rates offered."],
  ])("refuses %s as the server would", (_, change, field, message) => {
    const result = MappingForm.safeParse({ ...valuesOf(DEFAULT_MAPPING, []), ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([[field, message]]);
  });

  it("takes Xero's fields blank: its files wait for them", () => {
    expect(MappingForm.safeParse(valuesOf(DEFAULT_MAPPING, ["Flower"])).success).toBe(true);
  });

  it("trims what it takes", () => {
    const result = MappingForm.parse({ ...valuesOf(DEFAULT_MAPPING, ["Flower"]), vendorName: " Valley " });
    expect(result.vendorName).toBe("Valley");
  });

  it("places the server's field errors on their fields", () => {
    const values = valuesOf(DEFAULT_MAPPING, ["Flower: Eighth", "Vape"]);
    expect(formFieldOf("vendorName", values)).toBe("vendorName");
    expect(formFieldOf("accounts.Vape", values)).toBe("accounts.1.account");
    expect(formFieldOf("xeroAccounts.Vape", values)).toBe("accounts.1.xeroAccount");
    expect(formFieldOf("xeroAccounts.Retired", values)).toBe("accounts");
    expect(formFieldOf("xeroTaxType", values)).toBe("xeroTaxType");
    expect(formFieldOf("accounts", values)).toBe("accounts");
    expect(formFieldOf("currency", values)).toBeUndefined();
  });
});
