import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LIST_PATHS, readViewAddress, viewHref } from "./saved-view-path";

describe("saved view addresses", () => {
  it.each(Object.entries(LIST_PATHS))("%s is the list page that draws %s", (path, name) => {
    const page = readFileSync(join(process.cwd(), "app/(dashboard)", path, "page.tsx"), "utf8");
    expect(page).toContain(`<ListPage name="${name}"`);
  });

  it("reads a list page's address with the parameters it reads, and stores it without its page number", () => {
    const address = readViewAddress("/invoices/?Statuses=1,7&Page=4&PageSize=100&columns=InvoiceNum");
    expect("problem" in address).toBe(false);
    if ("problem" in address) return;
    expect(address.name).toBe("invoices");
    expect(viewHref(address)).toBe("/invoices?Statuses=1%2C7&PageSize=100&columns=InvoiceNum");
    expect(viewHref({ pathname: "/purchases", params: new URLSearchParams("page=2&status=draft&vendor_ids=") })).toBe(
      "/purchases?status=draft",
    );
  });

  it("keeps a figure the list can be narrowed to (an overview's list, saved as it was opened)", () => {
    const address = readViewAddress("/inventory/available?figure=out-of-stock");
    expect(address).toMatchObject({ name: "availableInventory" });
    expect(readViewAddress("/invoices/open?figure=past-due")).toMatchObject({ name: "openInvoices" });
  });

  it.each([
    ["/invoices/300001", "not-a-list"],
    ["/settings/keys", "not-a-list"],
    ["//evil.example/invoices", "not-a-list"],
    ["https://evil.example/invoices", "not-a-list"],
    ["invoices", "not-a-list"],
    ["/invoices#top", "not-a-list"],
    ["/invoices?Bogus=1", "unknown-parameter"],
    ["/purchases?PageSize=50", "unknown-parameter"],
    ["/customers?figure=out-of-stock", "unknown-parameter"],
  ])("refuses %s (%s)", (path, problem) => {
    expect(readViewAddress(path)).toMatchObject({ problem });
  });
});
