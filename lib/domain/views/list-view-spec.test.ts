import { describe, expect, it } from "vitest";
import { exportOrder, type ListViewSpec, newestFirst, orderedRows, rowOrderInForce } from "./list-view-spec";
import { LIST_VIEWS } from "./list-views";
import { readViewAddress } from "./saved-view-path";

const invoices = LIST_VIEWS.invoices as unknown as ListViewSpec;

/** Invoices as the API lists them: oldest first, by InvoiceID. */
const AS_LISTED = [
  { InvoiceID: 300001, InvoiceNum: "A", Date: "2026-08-28T00:00:00.000Z" },
  { InvoiceID: 300002, InvoiceNum: "B", Date: "2026-09-02T00:00:00.000Z" },
  { InvoiceID: 300003, InvoiceNum: "C", Date: "2026-09-02T00:00:00.000Z" },
  { InvoiceID: 300004, InvoiceNum: "D" },
  { InvoiceID: 300005, InvoiceNum: "E", Date: "2026-11-20T00:00:00.000Z" },
];
const nums = (rows: readonly { InvoiceNum: string }[]) => rows.map((r) => r.InvoiceNum).join("");

describe("the invoices list's order", () => {
  it.each([
    ["newest first by default: by invoice date, then the higher id; an undated invoice last", "", "ECBAD"],
    ["in the API's order when the address asks for it", "order=api", "ABCDE"],
    ["newest first whatever else the address says", "Statuses=1&order=newest", "ECBAD"],
  ])("shows the rows %s", (_, address, expected) => {
    expect(nums(orderedRows(invoices, new URLSearchParams(address), AS_LISTED))).toBe(expected);
  });

  it("exports them the same way: each page sorted, the last page first (the API pages oldest first)", () => {
    const order = exportOrder(invoices, new URLSearchParams());
    expect(order?.lastPageFirst).toBe(true);
    expect(nums(order!.sort([...AS_LISTED]) as typeof AS_LISTED)).toBe("ECBAD");
    expect(exportOrder(invoices, new URLSearchParams("order=api"))).toBeUndefined();
  });

  it("is the invoices list's own: other lists keep the API's order", () => {
    expect(rowOrderInForce(LIST_VIEWS.customers as unknown as ListViewSpec, new URLSearchParams())).toBeUndefined();
    expect(nums(orderedRows(LIST_VIEWS.customers as unknown as ListViewSpec, {}, AS_LISTED))).toBe("ABCDE");
  });

  it("is kept by a saved view's address", () => {
    expect(readViewAddress("/invoices?order=api")).toMatchObject({ name: "invoices" });
  });
});

describe("newestFirst", () => {
  it("compares the times of one day too, and calendar dates with timestamps", () => {
    const rows = [
      { Date: "2026-09-02T08:00:00Z", Id: 1 },
      { Date: "2026-09-02T17:30:00Z", Id: 2 },
      { Date: "2026-09-03", Id: 3 },
    ];
    expect(rows.sort(newestFirst("Date", "Id")).map((r) => r.Id)).toEqual([3, 2, 1]);
  });
});
