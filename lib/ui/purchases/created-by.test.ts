import { describe, expect, it } from "vitest";
import { CreatePurchaseBody, UpdatePurchaseBody } from "@/lib/data-api/writes";
import { createdByField, mayOrderOnBehalf, supplierUserOptions, supplierUsersRequest, type User } from "./created-by";

const header = { supplierId: 101, vendorId: 3, locationId: 1, deliveryDate: "2026-12-01", poNum: "PO-1" };

describe("ordering on behalf of a supplier's user", () => {
  it("is for Employee keys only (the API ignores it from the others)", () => {
    expect(mayOrderOnBehalf("Employee")).toBe(true);
    expect(mayOrderOnBehalf("Supplier")).toBe(false);
    expect(mayOrderOnBehalf("Customer")).toBe(false);
  });

  it("sends created_by_user_id on create for an Employee key that chose someone, and nothing otherwise", () => {
    expect(createdByField({ ...header, createdByUserId: 1011 }, "Employee")).toEqual({ created_by_user_id: 1011 });
    expect(createdByField(header, "Employee")).toEqual({});
    expect(createdByField({ ...header, createdByUserId: 1011 }, "Supplier")).toEqual({});
  });

  it("is a field the create body takes and the update body refuses (strict): it can only be set once", () => {
    const create = {
      supplier_id: 101,
      vendor_id: 3,
      to_location_id: 1,
      delivery_date: "2026-12-01",
      po_num: "PO-1",
      ...createdByField({ ...header, createdByUserId: 1011 }, "Employee"),
    };
    expect(CreatePurchaseBody.safeParse(create).success).toBe(true);
    expect(UpdatePurchaseBody.safeParse({ created_by_user_id: 1011 }).success).toBe(false);
  });

  it("asks the API for the supplier's active Supplier users", () => {
    expect(supplierUsersRequest(101)).toEqual({
      operation: "listUsers",
      query: { SupplierIDs: "101", Roles: "Supplier", Active: "true", PageSize: "500" },
    });
  });

  it("offers the users the records tie to the supplier, by name, and leaves out the others", () => {
    const users: User[] = [
      {
        UserID: 1012,
        FullName: "Ryan Thomas",
        Email: "ryan@mojave.example",
        SupplierIDs: [101],
        Role: "Supplier",
        UserActive: true,
      },
      { UserID: 1011, FullName: "Olivia Hill", SupplierIDs: [101, 102], Role: "Supplier" },
      { UserID: 1020, FullName: "Other brand", SupplierIDs: [102], Role: "Supplier" },
      { UserID: 1030, FullName: "A rep", SupplierIDs: [101], Role: "DistributorRep" },
      { UserID: 1040, FullName: "Gone", SupplierIDs: [101], Role: "Supplier", UserActive: false },
      { UserID: 1050 }, // sparse: the request asked for exactly these, so nothing is held against it
      { UserID: 1011, FullName: "Olivia Hill again" },
      { FullName: "No id" },
    ];
    expect(supplierUserOptions(users, 101)).toEqual([
      { value: 1011, label: "Olivia Hill" },
      { value: 1012, label: "Ryan Thomas (ryan@mojave.example)" },
      { value: 1050, label: "User 1050" },
    ]);
    expect(supplierUserOptions(users, undefined)).toEqual([]);
    expect(supplierUserOptions(undefined, 101)).toEqual([]);
  });
});
