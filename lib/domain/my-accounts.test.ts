import { describe, expect, it } from "vitest";
import { myAccountsHref, repCustomerIds, withMyAccounts } from "./my-accounts";
import { navigationFor } from "./navigation";

describe("my accounts", () => {
  it("opens customers, AR aging and delivery days on the rep's accounts, and nothing else", () => {
    const hrefs = withMyAccounts(navigationFor("Employee"), 31).flatMap((s) => s.entries.map((e) => e.href));
    expect(hrefs).toContain("/customers?accounts=mine");
    expect(hrefs).toContain("/ar-aging?accounts=mine");
    expect(hrefs).toContain("/delivery-days?rep=31");
    expect(hrefs).toContain("/customers/credit-terms");
    expect(hrefs.filter((h) => h.includes("?"))).toHaveLength(3);
    expect(myAccountsHref("/invoices", 31)).toBe("/invoices");
  });

  it("leaves the navigation alone for a person linked to no rep", () => {
    const sections = navigationFor("Employee");
    expect(withMyAccounts(sections, null)).toBe(sections);
  });

  it("names a rep's customers once each, in order, and nothing for a rep it does not know", () => {
    const reps = [
      {
        UserID: 7,
        Customers: [{ CustomerID: 20002 }, { CustomerID: 20001 }, { CustomerID: 20002 }, { CustomerID: null }],
      },
      { UserID: 8, Customers: null },
    ];
    expect(repCustomerIds(reps, 7)).toBe("20001,20002");
    expect(repCustomerIds(reps, 8)).toBe("");
    expect(repCustomerIds(reps, 9)).toBeUndefined();
  });
});
