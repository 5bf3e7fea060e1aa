import { describe, expect, it } from "vitest";
import { productAllocations, supplierAllocationsRequest } from "./product-allocations";

const row = (AllocationID: number, ProductID: number | undefined, CustomerID: number, StartDate = "2026-11-01") => ({
  AllocationID,
  ProductID,
  CustomerID,
  Units: 8,
  StartDate,
  EndDate: "2026-12-01",
});

describe("supplierAllocationsRequest", () => {
  it("asks for one page of 500 of the supplier's allocations (the API has no ProductIDs filter)", () => {
    expect(supplierAllocationsRequest(101)).toEqual({
      operation: "listAllocations",
      query: { SupplierIDs: "101", Page: "1", PageSize: "500" },
    });
  });
});

describe("productAllocations", () => {
  it("keeps the product's rows, by start date, allocation and customer, and counts what was read", () => {
    const page = {
      records: [
        row(7003, 10042, 20009, "2026-11-10"),
        row(7001, 10001, 20001),
        row(7002, 10042, 20005),
        row(7002, 10042, 20002),
        row(7004, undefined, 20003),
      ],
      paging: { page: 1, pageSize: 500, hasNextPage: false },
    };
    const result = productAllocations(page, 10042);
    expect(result.rows.map((r) => [r.AllocationID, r.CustomerID])).toEqual([
      [7002, 20002],
      [7002, 20005],
      [7003, 20009],
    ]);
    expect(result.read).toBe(5);
    expect(result.more).toBe(false);
  });

  it("says when the supplier's list has more pages than the one read", () => {
    const result = productAllocations(
      { records: [row(7001, 10001, 20001)], paging: { page: 1, pageSize: 500, hasNextPage: true } },
      10042,
    );
    expect(result).toEqual({ rows: [], read: 1, more: true });
  });

  it("has no rows before the answer (or without one)", () => {
    expect(productAllocations(undefined, 10042)).toEqual({ rows: [], read: 0, more: false });
  });
});
