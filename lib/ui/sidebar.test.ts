import { describe, expect, it } from "vitest";
import { navigationFor } from "@/lib/domain/navigation";
import { sidebarFor, sidebarHrefs } from "./sidebar";

describe("sidebarFor", () => {
  it("opens on the overview, then the key's pages, then the workspace's own", () => {
    const hrefs = sidebarHrefs(sidebarFor({ keyType: "Supplier", salesRepUserId: null, activity: true }));
    expect(hrefs).toEqual([
      "/",
      "/insights",
      ...navigationFor("Supplier").flatMap((s) => s.entries.map((e) => e.href)),
      "/saved-views",
      "/activity",
      "/requests",
      "/docs/api",
    ]);
  });

  it("gives a Customer key no Insights, and a role without the audit trail no Activity", () => {
    const hrefs = sidebarHrefs(sidebarFor({ keyType: "Customer", salesRepUserId: null, activity: false }));
    expect(hrefs).not.toContain("/insights");
    expect(hrefs).not.toContain("/activity");
    expect(hrefs).toContain("/invoices");
  });

  it("opens a rep's pages on their accounts, for an Employee key only", () => {
    const rep = sidebarHrefs(sidebarFor({ keyType: "Employee", salesRepUserId: 31, activity: true }));
    expect(rep).toEqual(
      expect.arrayContaining([
        "/insights?rep=31",
        "/customers?accounts=mine",
        "/ar-aging?accounts=mine",
        "/delivery-days?rep=31",
      ]),
    );
    const brand = sidebarHrefs(sidebarFor({ keyType: "Supplier", salesRepUserId: 31, activity: true }));
    expect(brand).toContain("/customers");
    expect(brand).toContain("/insights");
  });
});
