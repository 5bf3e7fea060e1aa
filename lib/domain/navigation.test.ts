import { describe, expect, it } from "vitest";
import { navigationFor } from "./navigation";

const hrefs = (keyType: "Customer" | "Supplier" | "Employee") =>
  navigationFor(keyType).flatMap((s) => s.entries.map((e) => e.href));

describe("navigationFor", () => {
  it("shows a page made for some key types to those only: statements to retailers and staff, never to a brand", () => {
    expect(hrefs("Customer")).toContain("/statements");
    expect(hrefs("Employee")).toContain("/statements");
    expect(hrefs("Supplier")).not.toContain("/statements");
    // The books export too: a brand's key reads invoices (its own lines), but has no books to export.
    expect(hrefs("Customer")).toContain("/accounting");
    expect(hrefs("Employee")).toContain("/accounting");
    expect(hrefs("Supplier")).not.toContain("/accounting");
    expect(hrefs("Customer")).toContain("/order-guide");
    expect(hrefs("Employee")).toContain("/order-guide");
    expect(hrefs("Supplier")).not.toContain("/order-guide");
    expect(hrefs("Customer")).toContain("/order-guide/lists");
    expect(hrefs("Supplier")).not.toContain("/order-guide/lists");
    // Receiving is the store's back door; the disputes are every side's (a brand's: its products' quality lines).
    expect(hrefs("Customer")).toContain("/receiving");
    expect(hrefs("Employee")).not.toContain("/receiving");
    expect(hrefs("Supplier")).not.toContain("/receiving");
    for (const keyType of ["Customer", "Employee", "Supplier"] as const) expect(hrefs(keyType)).toContain("/disputes");
    // A brand may read open invoices (its own portion): the entry is kept from it by its key types, not its operation.
    expect(hrefs("Supplier")).toContain("/payments");
  });

  it("keeps the pages a key type may not call from it", () => {
    expect(hrefs("Customer")).not.toContain("/inventory");
    expect(hrefs("Employee")).toContain("/inventory");
  });
});
