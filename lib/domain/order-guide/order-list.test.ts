import { describe, expect, it } from "vitest";
import type { GuideRow } from "./guide-data";
import {
  type ListStatus,
  listCsv,
  listLines,
  listMailText,
  mayMailAgain,
  NOT_AN_ORDER,
  SENDING_LEASE_MS,
  statusAt,
} from "./order-list";

const row = (
  productId: number,
  name: string,
  unitPrice: string | null,
  unitsPerCase: number | null,
  casePrice: string | null,
): GuideRow => ({
  productId,
  name,
  brand: null,
  category: null,
  unitsPerCase,
  shelf: null,
  neverCounted: false,
  daysOfCover: null,
  usualCases: null,
  boughtCases: null,
  unitPrice,
  casePrice,
  onPromotion: false,
  promotionEnds: null,
  bucket: null,
  inStock: true,
  sample: false,
  suggestedCases: 1,
});

const ROWS = [
  row(1, "Alpha Gummies", "3.35", 10, "33.50"),
  row(2, "Beta Vape", "0.10", 3, "0.30"),
  row(3, "Gamma Flower", "14.999999", 7, "104.99"),
  row(4, "No Price Pre-roll", null, 5, null),
];

describe("listLines", () => {
  it.each([
    ["prices each line as case price × cases", [{ productId: 1, cases: 2 }], ["67.00"], 2, "67.00"],
    [
      "adds lines exactly (0.30 × 3 + 33.50 × 1, no float drift)",
      [
        { productId: 2, cases: 3 },
        { productId: 1, cases: 1 },
      ],
      ["33.50", "0.90"],
      4,
      "34.40",
    ],
    [
      "drops lines of 0 cases and keeps the guide's order",
      [
        { productId: 3, cases: 10 },
        { productId: 2, cases: 0 },
        { productId: 1, cases: 1 },
      ],
      ["33.50", "1049.90"],
      11,
      "1083.40",
    ],
    [
      "adds a product named twice",
      [
        { productId: 2, cases: 1 },
        { productId: 2, cases: 2 },
      ],
      ["0.90"],
      3,
      "0.90",
    ],
  ])("%s", (_, asked, totals, totalCases, total) => {
    const made = listLines(ROWS, asked);
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.lines.map((l) => l.total)).toEqual(totals);
    expect(made.totalCases).toBe(totalCases);
    expect(made.total).toBe(total);
  });

  it.each([
    ["an empty list", [], "EMPTY_LIST"],
    ["a list of zeros", [{ productId: 1, cases: 0 }], "EMPTY_LIST"],
    ["a product not in the guide", [{ productId: 99, cases: 1 }], "NOT_IN_GUIDE"],
    ["a product with no price today", [{ productId: 4, cases: 1 }], "NO_PRICE"],
  ])("refuses %s", (_, asked, code) => {
    const made = listLines(ROWS, asked);
    expect(made.ok ? undefined : made.code).toBe(code);
  });

  it("takes names and prices from the guide, never from what was asked", () => {
    const made = listLines(ROWS, [{ productId: 1, cases: 1, casePrice: "0.01", name: "x" } as never]);
    expect(made.ok && made.lines[0]).toMatchObject({ name: "Alpha Gummies", casePrice: "33.50", unitPrice: "3.35" });
  });
});

describe("the list's CSV and mail", () => {
  const made = listLines(ROWS, [
    { productId: 1, cases: 2 },
    { productId: 2, cases: 1 },
  ]);
  if (!made.ok) throw new Error("no list");

  it("writes a line per product with its cases, prices and total", () => {
    expect(listCsv(made.lines)).toBe(
      "\uFEFFProductID,Product,Units per case,Cases,Unit price,Case price,Line total\r\n" +
        "1,Alpha Gummies,10,2,3.35,33.50,67.00\r\n" +
        "2,Beta Vape,3,1,0.10,0.30,0.30\r\n",
    );
  });

  it("names the store, says it is a request and not an order, and gives the lines and totals", () => {
    const { subject, text } = listMailText({
      customerName: "Valley Cannabis - Oakland",
      customerId: 20001,
      senderName: "Bea Buyer",
      senderEmail: "bea@example.com",
      day: "2026-11-25",
      lines: made.lines,
      totalCases: made.totalCases,
      total: made.total,
      link: "https://backroom.example/order-guide/lists?list=1",
    });
    expect(subject).toBe("Reorder request: Valley Cannabis - Oakland (20001)");
    expect(text).toContain(NOT_AN_ORDER);
    expect(NOT_AN_ORDER).toContain("a request to your rep, not an order placed in the ERP");
    expect(text).toContain("- Alpha Gummies (1): 2 cases × $33.50 (unit $3.35, 10 per case) = $67.00");
    expect(text).toContain("- Beta Vape (2): 1 case × $0.30 (unit $0.10, 3 per case) = $0.30");
    expect(text).toContain("2 products, 3 cases, total $67.30.");
    expect(text).toContain("Prices as of 2026-11-25");
  });
});

describe("a list's status as it is read", () => {
  const sentAt = "2026-11-26T10:00:00.000Z";
  const at = (ms: number) => Date.parse(sentAt) + ms;
  it.each<[ListStatus, number, ListStatus, boolean]>([
    ["sending", 0, "sending", false],
    ["sending", SENDING_LEASE_MS, "sending", false],
    ["sending", SENDING_LEASE_MS + 1, "unconfirmed", true],
    ["sent", SENDING_LEASE_MS * 10, "sent", false],
    ["mail-off", SENDING_LEASE_MS * 10, "mail-off", false],
    ["mail-failed", 0, "mail-failed", true],
  ])("%s, %i ms after it was kept, reads %s (mailed again: %s)", (stored, after, read, again) => {
    expect(statusAt(stored, sentAt, at(after))).toBe(read);
    expect(mayMailAgain({ status: statusAt(stored, sentAt, at(after)), withdrawal: null })).toBe(again);
  });
});
