import { describe, expect, it } from "vitest";
import { outstandingByTarget, overRoomWords, roomLeft } from "./allocation-room";

describe("roomLeft", () => {
  it.each([
    ["456.00", "0", "456.000000"],
    ["456.00", "100.00", "356.000000"],
    ["456.00", "456.00", "0.000000"],
    ["456.00", "500.00", "0.000000"],
    ["-25.00", "0", "0.000000"],
    ["0", "0", "0.000000"],
  ])("an invoice owing %s with %s outstanding takes %s", (open, outstanding, left) => {
    expect(roomLeft(open, outstanding)).toBe(left);
  });
});

describe("outstandingByTarget", () => {
  it("sums the Pending and Exported requests per target, and leaves the Confirmed and Rejected out", () => {
    const sums = outstandingByTarget([
      { TargetInvoiceNum: "A", Status: "Pending", Amount: "10.50" },
      { TargetInvoiceNum: "A", Status: "Exported", Amount: "4.50" },
      { TargetInvoiceNum: "A", Status: "Confirmed", Amount: "100" },
      { TargetInvoiceNum: "B", Status: "Rejected", Amount: "7" },
      { TargetInvoiceNum: null, Status: "Pending", Amount: "7" },
    ]);
    expect([...sums]).toEqual([["A", "15.000000"]]);
  });
});

describe("overRoomWords", () => {
  it("names the balance, what is already asked, and what may still go", () => {
    expect(overRoomWords("INV-129150", "456.00", "0", "500.00")).toBe(
      "INV-129150 owes $456.00: allocate at most $456.00, not $500.00.",
    );
    expect(overRoomWords("INV-1", "456.00", "100.00", "400.00")).toBe(
      "INV-1 owes $456.00 less $100.00 already requested toward it: allocate at most $356.00, not $400.00.",
    );
  });
});
