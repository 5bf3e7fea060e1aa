import { isValidElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { cellText } from "../views/columns";
import {
  DEFAULT_LINE_COLUMNS,
  type InvoiceLine,
  lineColumns,
  promotionPath,
  purchaseOfLine,
  toggledLineColumns,
  visibleLineColumns,
} from "./line-columns";

/** Every href a rendered cell links to (the React elements walked, nothing rendered). */
function hrefsOf(node: ReactNode): string[] {
  if (Array.isArray(node)) return node.flatMap(hrefsOf);
  if (!isValidElement(node)) return [];
  const props = node.props as { href?: unknown; children?: ReactNode };
  return [...(typeof props.href === "string" ? [props.href] : []), ...hrefsOf(props.children)];
}

const coaOf = (l: InvoiceLine) => l.COA_URL;
const columns = lineColumns({ keyType: "Employee", coaOf });
const column = (id: string, keyType: "Employee" | "Customer" | "Supplier" = "Employee") =>
  lineColumns({ keyType, coaOf }).find((c) => c.id === id)!;

const promoted: InvoiceLine = {
  InvoiceTransID: 1000007,
  ProductID: 501,
  ProductName: "Desert Bloom 3.5g",
  FullPrice: "20.000000",
  Discount: "4.000000",
  UnitPrice: "16.000000",
  PromotionID: 42,
  PromotionOverridden: false,
  PurchaseTransID: 7001,
  ReasonID: null,
  Reason: null,
};

describe("the lines' columns", () => {
  it("cover every documented field but the invoice's own id, and show the everyday ones by default", () => {
    const ids = columns.map((c) => c.id);
    for (const field of [
      "FullPrice",
      "Discount",
      "PromotionID",
      "ReasonID",
      "Reason",
      "PromotionOverridden",
      "PurchaseTransID",
    ])
      expect(ids).toContain(field);
    expect(ids).not.toContain("InvoiceID");
    for (const id of DEFAULT_LINE_COLUMNS) expect(ids).toContain(id);
    expect(DEFAULT_LINE_COLUMNS).toEqual(
      expect.arrayContaining(["FullPrice", "Discount", "PromotionID", "Reason", "PurchaseTransID"]),
    );
  });

  it("link a line's promotion to the promotion's page, for keys that may list promotions", () => {
    expect(promotionPath(42)).toBe("/catalog/product-promotions/42");
    for (const keyType of ["Employee", "Customer", "Supplier"] as const)
      expect(hrefsOf(column("PromotionID", keyType).cell!(promoted, "UTC"))).toEqual([
        "/catalog/product-promotions/42",
      ]);
    expect(column("PromotionID").cell!({ ...promoted, PromotionID: null }, "UTC")).toBe("—");
    expect(cellText(column("PromotionID"), promoted)).toBe("Promotion 42");
  });

  it("give the reason's words, or its id when the line has no words for it, or —", () => {
    expect(cellText(column("Reason"), { ...promoted, ReasonID: 2, Reason: "Short shipped by supplier" })).toBe(
      "Short shipped by supplier",
    );
    expect(cellText(column("Reason"), { ...promoted, ReasonID: 2, Reason: null })).toBe("Reason 2");
    expect(cellText(column("Reason"), { ProductName: "x" })).toBe("—");
  });

  it("mark an overridden price on the unit price, and say whether it was in its own column", () => {
    expect(cellText(column("UnitPrice"), { ...promoted, PromotionOverridden: true })).toBe("$16.00 (overridden)");
    expect(cellText(column("UnitPrice"), promoted)).toBe("$16.00");
    expect(cellText(column("PromotionOverridden"), { ...promoted, PromotionOverridden: true })).toBe("Yes");
    expect(cellText(column("PromotionOverridden"), { ProductName: "sparse" })).toBe("—");
  });

  it("show the purchase transaction that filled the line, linked to its purchase only when the record names it", () => {
    expect(cellText(column("PurchaseTransID"), promoted)).toBe("7001");
    expect(cellText(column("PurchaseTransID"), { ...promoted, PurchaseTransID: null })).toBe("Not yet filled");
    // Left out of a sparse record: unknown, not "not yet filled".
    expect(cellText(column("PurchaseTransID"), { ProductName: "sparse" })).toBe("—");
    expect(column("PurchaseTransID").cell!({ ProductName: "sparse" }, "UTC")).toBe("—");
    expect(hrefsOf(column("PurchaseTransID").cell!(promoted, "UTC"))).toEqual([]);
    const withPurchase = { ...promoted, PurchaseID: 700123 } as InvoiceLine;
    expect(purchaseOfLine(withPurchase)).toBe(700123);
    expect(hrefsOf(column("PurchaseTransID").cell!(withPurchase, "UTC"))).toEqual(["/purchases/700123"]);
    // A Customer key may not open purchases: the id stays text.
    expect(hrefsOf(column("PurchaseTransID", "Customer").cell!(withPurchase, "UTC"))).toEqual([]);
    expect(purchaseOfLine({ ...promoted, PurchaseID: "700123" } as InvoiceLine)).toBeUndefined();
  });

  it("link a certificate only where the link is http(s) or Backroom's own", () => {
    expect(
      hrefsOf(column("COA_URL").cell!({ ...promoted, COA_URL: "https://erp.example/coa/B-1.pdf" }, "UTC")),
    ).toEqual(["https://erp.example/coa/B-1.pdf"]);
    expect(column("COA_URL").cell!({ ...promoted, COA_URL: "javascript:alert(1)" }, "UTC")).toBe("—");
  });
});

describe("choosing the lines' columns", () => {
  it("reads the address's list in the table's order, known ids only, else the default", () => {
    expect(visibleLineColumns(columns, "Reason,ProductName,nonsense")).toEqual(["ProductName", "Reason"]);
    expect(visibleLineColumns(columns, null)).toEqual([...DEFAULT_LINE_COLUMNS]);
    expect(visibleLineColumns(columns, "nonsense")).toEqual([...DEFAULT_LINE_COLUMNS]);
  });

  it("adds and removes a column, and leaves the address when the default comes back or nothing would show", () => {
    const withOverride = toggledLineColumns(columns, null, "PromotionOverridden", true)!;
    expect(withOverride.split(",")).toEqual(
      columns.map((c) => c.id).filter((id) => DEFAULT_LINE_COLUMNS.includes(id) || id === "PromotionOverridden"),
    );
    expect(toggledLineColumns(columns, withOverride, "PromotionOverridden", false)).toBeUndefined();
    expect(toggledLineColumns(columns, "ProductName", "ProductName", false)).toBeUndefined();
    expect(toggledLineColumns(columns, null, "Reason", false)!.split(",")).not.toContain("Reason");
  });
});
