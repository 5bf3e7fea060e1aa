import { describe, expect, it } from "vitest";
import { CreatePurchaseBody } from "@/lib/data-api/writes";
import type { CatalogProduct } from "@/lib/domain/purchases/draft";
import { readSheet } from "@/lib/domain/purchases/sheet-import";
import { type ReviewEvent, reviewReducer, type SheetReview } from "./sheet-review";
import {
  confirmedEvent,
  MAX_SHEET_ROWS,
  openReview,
  reviewCount,
  reviewedLines,
  reviewPlan,
  rowOutcome,
  searchCatalog,
  sheetEvent,
  splitOrders,
  summaryText,
  typedQuantity,
} from "./sheet-rows";

/** A brand's catalogue as the live data has it: junk numbers, a number two products share. */
const CATALOG: CatalogProduct[] = [
  { productId: 10001, name: "Strawberry Cough 14g", supplierProductNumber: "MS-FL-0001", unitsPerCase: 8 },
  { productId: 10002, name: "House Blend Pre-Roll 1g", supplierProductNumber: "MS-PR-0002", unitsPerCase: 10 },
  { productId: 10003, name: "Zkittlez Quarter 7g", supplierProductNumber: "MS-FL-0003", unitsPerCase: 4 },
  { productId: 10004, name: "Zkittlez Quarter 7g Tin", supplierProductNumber: "MS-FL-0003", unitsPerCase: 4 },
  { productId: 10005, name: "Gummies 10pk", supplierProductNumber: "N/A", unitsPerCase: 12 },
  { productId: 10006, name: "Gummies 20pk", supplierProductNumber: "0", unitsPerCase: 12 },
];

const rowOf = (text: string) => readSheet(text, CATALOG).rows[0]!;

describe("a row's outcome", () => {
  it.each([
    ["read whole is ready", "MS-FL-0001\t2", {}, { status: "ready", productId: 10001, kind: "cases", quantity: "2" }],
    ["a junk number needs a product", "N/A\t2", {}, { status: "needs", needs: ["product"] }],
    ["a junk number, chosen", "N/A\t2", { productId: 10005 }, { status: "ready", productId: 10005 }],
    ["a shared number needs a product", "MS-FL-0003\t2", {}, { status: "needs", needs: ["product"] }],
    ["a shared number, chosen", "MS-FL-0003\t2", { productId: 10004 }, { status: "ready", productId: 10004 }],
    // A row that was read whole keeps its product whatever is decided (only listed rows are decided on).
    ["read whole, a choice ignored", "10002\t1", { productId: 10001 }, { status: "ready", productId: 10002 }],
    ["no quantity needs one", "MS-FL-0001\tsome", {}, { status: "needs", needs: ["quantity"] }],
    [
      "a quantity typed again",
      "MS-FL-0001\tsome",
      { quantity: "24", kind: "units" },
      { status: "ready", kind: "units", quantity: "24" },
    ],
    ["a suffix says the kind", "MS-FL-0001\tsome", { quantity: "3 cs", kind: "units" }, { kind: "cases" }],
    ["units in part still need", "MS-FL-0001\tsome", { quantity: "2.5", kind: "units" }, { needs: ["quantity"] }],
    ["both missing", "NOPE\tsome", {}, { status: "needs", needs: ["product", "quantity"] }],
    ["a date that is none needs one", "Gummies 10pk\t1\t\tB-1\t2027-02-30", {}, { needs: ["expiration"] }],
    [
      "a date typed again",
      "Gummies 10pk\t1\t\tB-1\t2027-02-30",
      { expirationDate: "2027-02-28" },
      { status: "ready", expirationDate: "2027-02-28", batchCode: "B-1" },
    ],
    ["a date cleared", "Gummies 10pk\t1\t\t\t31/01/2027", { expirationDate: "" }, { expirationDate: "" }],
    ["left out", "N/A\tsome", { leftOut: true }, { status: "left-out" }],
  ] as const)("%s", (_, text, decision, expected) => {
    expect(rowOutcome(rowOf(text), decision)).toMatchObject(expected);
  });
});

describe("a quantity typed again", () => {
  it.each([
    ["3", "cases", { quantity: "3", kind: "cases" }],
    ["24", "units", { quantity: "24", kind: "units" }],
    ["24 u", "cases", { quantity: "24", kind: "units" }],
    ["1.5", "cases", { quantity: "1.5", kind: "cases" }],
    ["1.5", "units", { problem: "Units must be a whole number" }],
    ["0", "cases", { problem: "Enter a positive number of cases" }],
    ["", "units", { problem: "Enter a positive number of units" }],
    ["three", "cases", { problem: "Enter a positive number of cases" }],
  ] as const)("%j in %s", (text, kind, expected) => {
    expect(typedQuantity(text, kind)).toEqual(expected);
  });
});

/** A purchasing manager's 30 rows: by ProductID, supplier number and exact name, with two junk rows. */
const SHEET = [
  "Product,Qty",
  ...Array.from({ length: 28 }, (_, i) =>
    [`1000${(i % 2) + 1}`, "MS-PR-0002", "Strawberry Cough 14g"][i % 3]!.concat(`,${i + 1} cs`),
  ),
  "N/A,4 cs",
  "MS-XX-9999,2 cs",
].join("\n");

describe("the review", () => {
  const opened = openReview(SHEET, CATALOG, { kind: "paste" });
  const review = (opened as { review: SheetReview }).review;
  const run = (...events: ReviewEvent[]) => events.reduce(reviewReducer, review);

  it("opens with the rows it could not settle waiting for the person", () => {
    expect(reviewCount(review)).toEqual({ ready: 28, waiting: 2, leftOut: 0, listed: 2 });
    expect(summaryText(reviewCount(review))).toBe("28 rows ready, 2 need you.");
  });

  it("counts a row settled by a choice as ready, and one left out apart; the listed rows stay listed", () => {
    const settled = run(
      { type: "product-chosen", line: 30, productId: 10005 },
      { type: "left-out", line: 31, leftOut: true },
    );
    expect(reviewCount(settled)).toEqual({ ready: 29, waiting: 0, leftOut: 1, listed: 2 });
    expect(summaryText(reviewCount(settled))).toBe("29 rows ready, 1 row left out.");
    // Taken back: waiting again.
    expect(reviewCount(reviewReducer(settled, { type: "left-out", line: 31, leftOut: false })).waiting).toBe(1);
    // The review is never changed in place.
    expect(reviewCount(review).waiting).toBe(2);
  });

  it("gives the ready rows as lines in the sheet's order, with the person's choices", () => {
    let n = 0;
    const lines = reviewedLines(
      run({ type: "product-chosen", line: 30, productId: 10005 }, { type: "left-out", line: 31, leftOut: true }),
      () => `k${++n}`,
    );
    expect(lines).toHaveLength(29);
    expect(lines.slice(0, 3)).toEqual([
      { key: "k1", productId: 10001, kind: "cases", quantity: "1", batchCode: "", expirationDate: "" },
      { key: "k2", productId: 10002, kind: "cases", quantity: "2", batchCode: "", expirationDate: "" },
      { key: "k3", productId: 10001, kind: "cases", quantity: "3", batchCode: "", expirationDate: "" },
    ]);
    expect(lines.at(-1)).toMatchObject({ productId: 10005, quantity: "4" });
  });

  it.each([
    ["no rows", "\n \n", "The sheet has no rows to add."],
    ["a header alone", "Product,Cases", "The sheet has no rows to add."],
    [
      "more rows than ten purchase orders",
      Array.from({ length: MAX_SHEET_ROWS + 1 }, () => "10001,1 cs").join("\n"),
      "The sheet has 2,001 rows: at most 2,000 are read at once (10 purchase orders). Split it, and add each part.",
    ],
  ])("is not opened for %s", (_, text, problem) => {
    expect(openReview(text, CATALOG, { kind: "upload", fileName: "order.csv" })).toEqual({ problem });
  });
});

describe("what a sheet does to the editor", () => {
  const keys = () => {
    let n = 0;
    return () => `k${++n}`;
  };

  it.each([
    ["a paste is reviewed, even all ready", "10001\t2", { kind: "paste" }, 0, "sheet-opened"],
    ["a file too", "10001\t2", { kind: "upload", fileName: "a.csv" }, 0, "sheet-opened"],
    ["a paste into a line with a row to settle", "10001\t2\nN/A\t1", { kind: "line", at: "l1" }, 0, "sheet-opened"],
    ["a paste into a line past 200", "10001\t2\n10002\t1", { kind: "line", at: "l1" }, 199, "sheet-opened"],
    [
      "a paste into a line, all ready, goes straight in",
      "10001\t2\n10002\t1",
      { kind: "line", at: "l1" },
      198,
      "sheet-lines-added",
    ],
  ] as const)("%s", (_, text, source, used, type) => {
    expect(sheetEvent(text, source, CATALOG, used).type).toBe(type);
  });

  it("gives the lines pasted into a line with the line they go at", () => {
    expect(sheetEvent("10001\t2", { kind: "line", at: "l1" }, CATALOG, 0, keys())).toEqual({
      type: "sheet-lines-added",
      lines: [{ key: "k1", productId: 10001, kind: "cases", quantity: "2", batchCode: "", expirationDate: "" }],
      at: "l1",
      leftOut: 0,
      confirmed: false,
    });
  });

  it.each([
    ["without a catalog", undefined, "Choose the vendor and destination first: the products come from their catalog."],
    ["with no rows", CATALOG, "The sheet has no rows to add."],
  ])("says why nothing is read %s", (_, catalog, text) => {
    expect(sheetEvent(" \n", { kind: "paste" }, catalog, 0)).toEqual({
      type: "sheet-report",
      report: { tone: "error", text },
    });
  });

  it("confirms a review only when every row is settled and its lines fit", () => {
    const opened = sheetEvent("10001\t2\nN/A\t1", { kind: "paste" }, CATALOG, 0);
    const review = (opened as { review: SheetReview }).review;
    expect(confirmedEvent(review, 0)).toBeUndefined();
    const settled = reviewReducer(review, { type: "left-out", line: 2, leftOut: true });
    expect(confirmedEvent(settled, 0, keys())).toEqual({
      type: "sheet-lines-added",
      lines: [{ key: "k1", productId: 10001, kind: "cases", quantity: "2", batchCode: "", expirationDate: "" }],
      leftOut: 1,
      confirmed: true,
    });
    expect(confirmedEvent(settled, 200)).toBeUndefined();
    expect(confirmedEvent(reviewReducer(settled, { type: "left-out", line: 1, leftOut: true }), 0)).toBeUndefined();
  });
});

describe("what confirming does", () => {
  it.each([
    ["lines that fit are added", 30, { used: 0, saved: false }, { kind: "add", lines: 30 }],
    ["up to 200 with the order's own", 20, { used: 180, saved: true }, { kind: "add", lines: 20 }],
    [
      "a new order past 200 is split, its own lines first",
      20,
      { used: 190, saved: false },
      { kind: "split", lines: 210, numbers: ["PO-7-1", "PO-7-2"], sizes: [200, 10] },
    ],
    [
      "450 rows make three drafts",
      450,
      { used: 0, saved: false },
      { kind: "split", lines: 450, numbers: ["PO-7-1", "PO-7-2", "PO-7-3"], sizes: [200, 200, 50] },
    ],
    ["a saved draft takes none past 200", 20, { used: 190, saved: true }, { kind: "too-many", room: 10 }],
  ] as const)("%s", (_, ready, order, plan) => {
    expect(reviewPlan(ready, { ...order, poNum: " PO-7 " })).toEqual(plan);
  });
});

describe("splitOrders", () => {
  const header = {
    supplier_id: 101,
    supplier_name: "Mojave Sun",
    vendor_id: 9002,
    to_location_id: 1,
    delivery_date: "2027-01-04",
  };

  it("splits a new order into drafts of 200 lines numbered in sequence, each with the order's header", () => {
    const lines = Array.from({ length: 450 }, (_, i) => ({ product_id: 10001 + (i % 6), cases: i + 1 }));
    const orders = splitOrders({ ...header, po_num: "PO-7", purchase_transactions: lines }, true);
    expect(orders.map((o) => [o.body.po_num, o.body.purchase_transactions?.length, o.requiresBatchCodes])).toEqual([
      ["PO-7-1", 200, true],
      ["PO-7-2", 200, true],
      ["PO-7-3", 50, true],
    ]);
    expect(orders.flatMap((o) => o.body.purchase_transactions)).toEqual(lines);
    for (const { body } of orders) {
      expect(body).toMatchObject(header);
      expect(CreatePurchaseBody.safeParse(body).success).toBe(true);
    }
  });

  it("keeps one draft's number as typed", () => {
    const orders = splitOrders(
      { ...header, po_num: "PO-7", purchase_transactions: [{ product_id: 10001, cases: 1 }] },
      false,
    );
    expect(orders.map((o) => o.body.po_num)).toEqual(["PO-7"]);
  });
});

describe("searchCatalog", () => {
  it.each([
    ["an id", "10002", [10002]],
    ["an id as labelled", "#10002", [10002]],
    ["a number, whatever the case", "ms-pr-0002", [10002]],
    ["a shared number: both", "MS-FL-0003", [10003, 10004]],
    ["a name's start before a name holding it", "zkit", [10003, 10004]],
    ["part of a name", "blend", [10002]],
    ["not a junk number", "N/A", []],
    ["nothing for nothing", "  ", []],
  ])("finds %s", (_, query, ids) => {
    expect(searchCatalog(query, CATALOG).map((p) => p.productId)).toEqual(ids);
  });

  it("finds at most the limit", () => {
    expect(searchCatalog("1000", CATALOG, 3)).toHaveLength(3);
  });
});
