import { describe, expect, it } from "vitest";
import { workspaceFilterSpecs } from "./filters";

const names = (specs: { name: string }[]) => specs.map((s) => s.name);

describe("workspaceFilterSpecs", () => {
  it("offers Employee keys suppliers from the suppliers' list, payment types and target invoices", () => {
    const specs = workspaceFilterSpecs("Employee", undefined);
    expect(names(specs.account)).toEqual(["SupplierIDs"]);
    expect(specs.account[0]!.control).toMatchObject({ control: "lookup", wholeNumbers: true });
    expect(specs.account[0]!.control.control === "lookup" && specs.account[0]!.control.lookup.operation).toBe(
      "listSuppliers",
    );
    expect(names(specs.payments)).toEqual(["PaymentTypeIDs"]);
    expect(specs.payments[0]!.label).toBe("Payment types");
    expect(names(specs.applications)).toEqual(["TargetInvoiceNums"]);
    expect(specs.applications[0]!.control.control).toBe("text");
    expect(specs.openInvoicesBySupplier).toBe(false);
  });

  it("offers a Supplier key with several suppliers those of the session, by name, and narrows its open invoices", () => {
    const specs = workspaceFilterSpecs("Supplier", [
      { id: 107, name: "Zephyr Vapes" },
      { id: 101, name: "Mojave Sun" },
    ]);
    expect(specs.account[0]!.control).toEqual({
      control: "multi",
      options: [
        { value: "101", label: "Mojave Sun" },
        { value: "107", label: "Zephyr Vapes" },
      ],
    });
    expect(specs.openInvoicesBySupplier).toBe(true);
  });

  it("offers a Supplier key with one supplier no supplier filter: its lists are that supplier's already", () => {
    const specs = workspaceFilterSpecs("Supplier", [{ id: 101, name: "Mojave Sun" }]);
    expect(specs.account).toEqual([]);
    expect(names(specs.payments)).toEqual(["PaymentTypeIDs"]);
  });

  it("offers Customer keys the suppliers too (brand credits are payments of a supplier), without narrowing open invoices", () => {
    const specs = workspaceFilterSpecs("Customer", undefined);
    expect(names(specs.account)).toEqual(["SupplierIDs"]);
    expect(specs.openInvoicesBySupplier).toBe(false);
  });
});
