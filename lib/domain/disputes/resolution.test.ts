import { describe, expect, it } from "vitest";
import { type CreditMemo, type DisputeToMatch, matchCredits, references } from "./resolution";

const dispute = (over: Partial<DisputeToMatch> = {}): DisputeToMatch => ({
  id: "d1",
  customerId: 20001,
  invoiceNum: "INV-1001",
  openedAt: "2026-11-27T10:00:00.000Z",
  lines: [
    { invoiceLineId: 1, productId: 501, amount: "90.00" },
    { invoiceLineId: 2, productId: 502, amount: "15.00" },
  ],
  ...over,
});

const credit = (over: Partial<CreditMemo> = {}): CreditMemo => ({
  invoiceId: 900,
  invoiceNum: "CR-900",
  customerId: 20001,
  reference: "INV-1001",
  memo: "Credit memo for invoice INV-1001",
  createdAt: "2026-11-28T09:00:00.000Z",
  lines: [
    { invoiceLineId: 11, productId: 501, amount: "90.000000" },
    { invoiceLineId: 12, productId: 502, amount: "15.000000" },
  ],
  ...over,
});

describe("matchCredits", () => {
  it("a known credit memo credits the known dispute in full", () => {
    const [out] = matchCredits([dispute()], [credit()]);
    expect(out).toMatchObject({ id: "d1", credited: "105.00", full: true });
    expect(out?.lines[0]?.parts).toEqual([
      { creditInvoiceId: 900, creditInvoiceNum: "CR-900", creditLineId: 11, amount: "90.00" },
    ]);
  });

  it("a partial credit leaves the rest open", () => {
    const [out] = matchCredits(
      [dispute()],
      [credit({ lines: [{ invoiceLineId: 11, productId: 501, amount: "-40.00" }] })],
    );
    expect(out).toMatchObject({ credited: "40.00", full: false });
    expect(out?.lines.map((l) => l.credited)).toEqual(["40.00", "0.00"]);
  });

  it("two credits together close it; a credit's line is used once across disputes", () => {
    const second = dispute({
      id: "d2",
      openedAt: "2026-11-27T11:00:00.000Z",
      lines: [{ invoiceLineId: 1, productId: 501, amount: "30.00" }],
    });
    const credits = [
      credit({ lines: [{ invoiceLineId: 11, productId: 501, amount: "100.00" }] }),
      credit({
        invoiceId: 901,
        invoiceNum: "CR-901",
        lines: [
          { invoiceLineId: 13, productId: 502, amount: "15.00" },
          { invoiceLineId: 14, productId: 501, amount: "20.00" },
        ],
      }),
    ];
    const [first, next] = matchCredits([second, dispute()], credits);
    expect(next).toMatchObject({ id: "d1", credited: "105.00", full: true });
    expect(first).toMatchObject({ id: "d2", credited: "30.00", full: true });
    expect(first?.lines[0]?.parts.map((p) => [p.creditInvoiceNum, p.amount])).toEqual([
      ["CR-900", "10.00"],
      ["CR-901", "20.00"],
    ]);
  });

  it("ignores credits of another store, of another invoice, and those issued before the dispute", () => {
    const out = matchCredits(
      [dispute()],
      [
        credit({ customerId: 20002 }),
        credit({ invoiceId: 2, reference: "INV-1002", memo: null }),
        credit({ invoiceId: 3, createdAt: "2026-11-26T00:00:00.000Z" }),
      ],
    );
    expect(out[0]).toMatchObject({ credited: "0.00", full: false });
  });

  it("a dispute worth nothing is never credited in full", () => {
    const out = matchCredits([dispute({ lines: [{ invoiceLineId: 1, productId: 501, amount: "0.00" }] })], [credit()]);
    expect(out[0]?.full).toBe(false);
  });
});

describe("references", () => {
  it.each([
    [{ reference: "INV-1001", memo: null }, true],
    [{ reference: null, memo: "Credit memo for invoice INV-1001" }, true],
    [{ reference: null, memo: "Credit for INV-10011" }, false],
    [{ reference: "X", memo: "re: inv-1001" }, false],
  ])("%o references INV-1001: %s", (credit, expected) => {
    expect(references(credit, "INV-1001")).toBe(expected);
  });
});
