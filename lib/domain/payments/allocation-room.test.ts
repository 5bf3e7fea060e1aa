import { describe, expect, it } from "vitest";
import { amountInCents, outstandingByTarget, overRoomWords, roomLeft, subCentWords } from "./allocation-room";

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

describe("overRoomWords, with a sub-cent balance", () => {
  it("names the exact figure it may take, not one rounded to a cent it would refuse", () => {
    expect(overRoomWords("INV-126577", "3546.085000", "0", "3546.09")).toBe(
      "INV-126577 owes $3,546.085: allocate at most $3,546.085, not $3,546.09.",
    );
  });
});

describe("amountInCents", () => {
  it.each([
    ["100.01", [], true],
    ["100.000", [], true],
    ["7", [], true],
    ["100.005", [], false],
    ["100.005", ["3546.085", "650.30"], false],
    ["3546.085", ["3546.085000"], true],
    ["550.295", [undefined, "550.295"], true],
    ["0.000001", ["0.000001"], true],
    ["1.0000001", ["1.0000001"], false],
    [" 3546.085 ", ["3546.085"], true],
  ])("%j, clearing one of %j: %s", (amount, clears, ok) => {
    expect(amountInCents(amount, clears)).toBe(ok);
  });
});

describe("subCentWords", () => {
  it("names the field, and the cents below and above the amount, rounding nothing", () => {
    expect(subCentWords("Amount for invoice INV-126577", "100.005")).toBe(
      "Amount for invoice INV-126577: 100.005 has more than two decimals. Enter dollars and cents, like 100.00 or 100.01 (more decimals only to clear an open balance or the credit left exactly).",
    );
    expect(subCentWords("Amount", "0.004")).toContain("Enter dollars and cents, like 0.01 (");
    expect(subCentWords("Amount", "007.1299999")).toContain("like 7.12 or 7.13 (");
  });
});
