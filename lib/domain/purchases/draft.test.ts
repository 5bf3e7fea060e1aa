import { describe, expect, it } from "vitest";
import type { FieldError } from "@/lib/data-api/error-read";
import { toFieldErrors } from "@/lib/data-api/validation-errors";
import { CreatePurchaseBody, WriteLineItem } from "@/lib/data-api/writes";
import { readinessOf } from "@/lib/sandbox/purchase-checks";
import {
  type CatalogProduct,
  type DraftHeader,
  type DraftLine,
  emptyLine,
  existingPurchaseOf,
  fromDraftLines,
  headerProblems,
  inEnteredUnit,
  isBlank,
  isCalendarDay,
  lineList,
  lineProblems,
  matchProduct,
  placeFieldErrors,
  productDetails,
  productLabel,
  sharedNumber,
  toWriteLines,
  totalCases,
} from "./draft";
import { readSheet } from "./sheet-import";
import { MAX_LINE_ITEMS } from "@/lib/data-api/values";

/** A filled-in, valid line (product 11, 2 cases), with the given changes. */
function line(key: string, changes: Partial<Omit<DraftLine, "key">> = {}): DraftLine {
  return { ...emptyLine(key), productId: 11, quantity: "2", ...changes };
}

/** `count` valid lines keyed l0, l1, … */
function manyLines(count: number): DraftLine[] {
  return Array.from({ length: count }, (_, i) => line(`l${i}`, { productId: 100 + i, quantity: String(i + 1) }));
}

/** A deterministic key maker: k1, k2, … */
function keyMaker(prefix = "k") {
  let n = 0;
  return () => {
    n += 1;
    return `${prefix}${n}`;
  };
}

/** A valid create body around the given line items. */
function createBody(purchaseTransactions: unknown[]) {
  return {
    vendor_id: 5,
    to_location_id: 7,
    supplier_id: 3,
    delivery_date: "2027-03-01",
    po_num: "PO-1",
    purchase_transactions: purchaseTransactions,
  };
}

const catalog: CatalogProduct[] = [
  { productId: 11, name: "Lager", supplierProductNumber: "SKU-1", unitsPerCase: 24 },
  { productId: 12, name: "Ale", supplierProductNumber: "  sku-2 ", unitsPerCase: 12 },
  { productId: 21, name: "Sample A", supplierProductNumber: "N/A" },
  { productId: 22, name: "Sample B", supplierProductNumber: "N/A" },
  { productId: 23, name: "Sample C", supplierProductNumber: "n/a" },
  { productId: 30, name: "Numberless" },
  { productId: 31, name: "Blank number", supplierProductNumber: "  " },
];

describe("isCalendarDay", () => {
  it("accepts real days", () => {
    for (const day of [
      "2026-01-01",
      "2026-12-31",
      "2026-04-30",
      "2026-02-28",
      "2024-02-29",
      "2000-02-29",
      "1999-01-31",
    ]) {
      expect(isCalendarDay(day), day).toBe(true);
    }
  });

  it("knows leap years: 2026-02-29 is no day, 2028-02-29 is one, 1900-02-29 is none", () => {
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("1900-02-29")).toBe(false);
  });

  it("refuses days that do not exist in their month, even though Date would roll them over", () => {
    for (const day of [
      "2026-02-30",
      "2026-02-31",
      "2026-04-31",
      "2026-06-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "2026-01-32",
    ]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it("refuses anything but YYYY-MM-DD", () => {
    for (const value of [
      "",
      "2026-2-3",
      "26-02-03",
      "20260203",
      "2026/02/03",
      "03/02/2026",
      "2026-02-03T00:00:00Z",
      " 2026-02-03",
      "2026-02-03 ",
      "2026-02-03\n",
      "abcd-ef-gh",
      "+2026-02-03",
    ]) {
      expect(isCalendarDay(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe("emptyLine and isBlank", () => {
  it("makes an empty line counting cases, with no product, under the given key", () => {
    expect(emptyLine("a")).toStrictEqual({ key: "a", kind: "cases", quantity: "", batchCode: "", expirationDate: "" });
  });

  it("gives a new key on each call when none is given", () => {
    const keys = Array.from({ length: 5 }, () => emptyLine().key);
    expect(new Set(keys).size).toBe(5);
    for (const key of keys) expect(key).toMatch(/^line-\d+$/);
  });

  it("counts an empty line as blank, whatever its kind and however much whitespace it holds", () => {
    expect(isBlank(emptyLine("a"))).toBe(true);
    expect(isBlank({ ...emptyLine("a"), kind: "units" })).toBe(true);
    expect(isBlank({ ...emptyLine("a"), quantity: "   ", batchCode: "\t" })).toBe(true);
  });

  it("counts a line with anything typed in it as not blank", () => {
    expect(isBlank({ ...emptyLine("a"), productId: 11 })).toBe(false);
    expect(isBlank({ ...emptyLine("a"), quantity: "1" })).toBe(false);
    expect(isBlank({ ...emptyLine("a"), quantity: "abc" })).toBe(false);
    expect(isBlank({ ...emptyLine("a"), batchCode: "B-7" })).toBe(false);
    expect(isBlank({ ...emptyLine("a"), expirationDate: "2027-01-31" })).toBe(false);
  });
});

describe("lineProblems", () => {
  const lax = { requiresBatchCodes: false };
  const strict = { requiresBatchCodes: true };

  it("finds nothing wrong with valid lines", () => {
    expect(
      lineProblems([line("a"), line("b", { kind: "units", quantity: "48", expirationDate: "2028-02-29" })], lax),
    ).toEqual([]);
    expect(lineProblems([line("a", { batchCode: "B-1" })], strict)).toEqual([]);
    expect(lineProblems([], strict)).toEqual([]);
  });

  it("ignores blank lines, even when the vendor requires batch codes", () => {
    expect(lineProblems([emptyLine("a"), line("b"), emptyLine("c")], lax)).toEqual([]);
    expect(lineProblems([emptyLine("a"), { ...emptyLine("b"), kind: "units" }], strict)).toEqual([]);
  });

  it("refuses a fractional number of units (the API takes whole units), but not of cases", () => {
    expect(lineProblems([line("a", { kind: "units", quantity: "1.5" })], lax)).toEqual([
      { key: "a", field: "quantity", message: "Units must be a whole number" },
    ]);
    expect(lineProblems([line("a", { kind: "cases", quantity: "1.5" })], lax)).toEqual([]);
  });

  it("asks for a product on a line without one", () => {
    expect(lineProblems([line("a", { productId: undefined })], lax)).toEqual([
      { key: "a", field: "product", message: "Choose a product" },
    ]);
  });

  it("refuses an empty, zero, negative or non-numeric quantity, naming the kind counted", () => {
    for (const quantity of [
      "",
      "   ",
      "0",
      "0.0",
      "00",
      "-1",
      "-0.5",
      "abc",
      "1e3",
      "1,5",
      ".5",
      "5.",
      "1 2",
      "Infinity",
      "0x10",
    ]) {
      expect(lineProblems([line("a", { quantity })], lax), JSON.stringify(quantity)).toEqual([
        { key: "a", field: "quantity", message: "Enter a positive number of cases" },
      ]);
    }
    expect(lineProblems([line("a", { kind: "units", quantity: "0" })], lax)).toEqual([
      { key: "a", field: "quantity", message: "Enter a positive number of units" },
    ]);
  });

  it("accepts positive whole and decimal quantities, trimmed", () => {
    for (const quantity of ["1", " 2 ", "0.5", "12.25", "007", "200"]) {
      expect(lineProblems([line("a", { quantity })], lax), quantity).toEqual([]);
    }
  });

  it("asks for a batch code only when the vendor requires one", () => {
    expect(lineProblems([line("a")], lax)).toEqual([]);
    expect(lineProblems([line("a", { batchCode: "   " })], lax)).toEqual([]);
    expect(lineProblems([line("a")], strict)).toEqual([
      { key: "a", field: "batchCode", message: "This vendor requires a batch code on every line" },
    ]);
    expect(lineProblems([line("a", { batchCode: "   " })], strict)).toEqual([
      { key: "a", field: "batchCode", message: "This vendor requires a batch code on every line" },
    ]);
    expect(lineProblems([line("a", { batchCode: "B-7" })], strict)).toEqual([]);
  });

  it("refuses an expiration date that is no calendar day or not YYYY-MM-DD, and accepts none", () => {
    for (const expirationDate of ["2026-02-29", "2026-02-30", "31/01/2027", "2027-1-31", "tomorrow", " "]) {
      expect(lineProblems([line("a", { expirationDate })], lax), expirationDate).toEqual([
        { key: "a", field: "expirationDate", message: "Enter a date as YYYY-MM-DD" },
      ]);
    }
    expect(lineProblems([line("a", { expirationDate: "" })], lax)).toEqual([]);
    expect(lineProblems([line("a", { expirationDate: "2028-02-29" })], lax)).toEqual([]);
  });

  it("takes 200 lines, and flags 201 once for the whole list, with no key", () => {
    expect(MAX_LINE_ITEMS).toBe(200);
    expect(lineProblems(manyLines(200), lax)).toEqual([]);
    const problems = lineProblems(manyLines(201), lax);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toStrictEqual({
      field: "lines",
      message: "A purchase order takes at most 200 lines; this one has 201",
    });
  });

  it("does not count blank lines toward the 200", () => {
    const lines = [...manyLines(200), emptyLine("x"), emptyLine("y")];
    expect(lineProblems(lines, lax)).toEqual([]);
  });

  it("reports every problem of a line, each with that line's key, and none for good lines between", () => {
    const lines = [
      line("good-1", { batchCode: "B" }),
      { ...emptyLine("bad"), kind: "units" as const, quantity: "-3", expirationDate: "2026-02-30" },
      emptyLine("blank"),
      line("no-batch"),
      line("good-2", { batchCode: "C" }),
    ];
    expect(lineProblems(lines, strict)).toEqual([
      { key: "bad", field: "product", message: "Choose a product" },
      { key: "bad", field: "quantity", message: "Enter a positive number of units" },
      { key: "bad", field: "batchCode", message: "This vendor requires a batch code on every line" },
      { key: "bad", field: "expirationDate", message: "Enter a date as YYYY-MM-DD" },
      { key: "no-batch", field: "batchCode", message: "This vendor requires a batch code on every line" },
    ]);
  });

  it("treats a line with only a batch code typed as a line to check", () => {
    const problems = lineProblems([{ ...emptyLine("a"), batchCode: "B-7" }], lax);
    expect(problems.map((p) => [p.key, p.field])).toEqual([
      ["a", "product"],
      ["a", "quantity"],
    ]);
  });
});

describe("toWriteLines", () => {
  it("leaves blank lines out and keeps the order of the others", () => {
    const lines = [
      emptyLine("a"),
      line("b", { productId: 1 }),
      emptyLine("c"),
      line("d", { productId: 2 }),
      emptyLine("e"),
    ];
    expect(toWriteLines(lines).map((l) => l.product_id)).toEqual([1, 2]);
    expect(toWriteLines([emptyLine("a"), emptyLine("b")])).toEqual([]);
  });

  it("sends cases, and no units, for a line counting cases", () => {
    expect(toWriteLines([line("a", { productId: 11, quantity: "2" })])).toStrictEqual([{ product_id: 11, cases: 2 }]);
  });

  it("sends units, and no cases, for a line counting units", () => {
    expect(toWriteLines([line("a", { productId: 11, kind: "units", quantity: "16" })])).toStrictEqual([
      { product_id: 11, units: 16 },
    ]);
  });

  it("sends quantities as numbers, trimmed", () => {
    const [cases, units] = toWriteLines([
      line("a", { quantity: " 2.5 " }),
      line("b", { kind: "units", quantity: "007" }),
    ]);
    expect(cases?.cases).toBe(2.5);
    expect(typeof cases?.cases).toBe("number");
    expect(units?.units).toBe(7);
    expect(typeof units?.units).toBe("number");
  });

  it("trims the batch code and leaves it out when empty", () => {
    expect(toWriteLines([line("a", { batchCode: "  B-7 " })])).toStrictEqual([
      { product_id: 11, cases: 2, batch_code: "B-7" },
    ]);
    expect(toWriteLines([line("a", { batchCode: "   " })])).toStrictEqual([{ product_id: 11, cases: 2 }]);
    expect(toWriteLines([line("a", { batchCode: "" })])[0]).not.toHaveProperty("batch_code");
  });

  it("sends the expiration date when there is one and leaves it out when empty", () => {
    expect(toWriteLines([line("a", { expirationDate: "2027-01-31" })])).toStrictEqual([
      { product_id: 11, cases: 2, expiration_date: "2027-01-31" },
    ]);
    expect(toWriteLines([line("a", { expirationDate: "" })])[0]).not.toHaveProperty("expiration_date");
  });

  it("gives line items the contract's WriteLineItem accepts, for every kind of valid line", () => {
    const lines: DraftLine[] = [
      line("a"),
      line("b", { kind: "units", quantity: "48" }),
      line("c", { quantity: " 0.5 ", batchCode: " B-7 " }),
      line("d", { kind: "units", quantity: "1", batchCode: "X", expirationDate: "2028-02-29" }),
      line("e", { quantity: "12.25", batchCode: "   ", expirationDate: "2027-12-31" }),
    ];
    expect(lineProblems(lines, { requiresBatchCodes: false })).toEqual([]);
    const written = toWriteLines(lines);
    expect(written).toHaveLength(lines.length);
    for (const item of written) {
      const result = WriteLineItem.safeParse(item);
      expect(result.success, JSON.stringify(item)).toBe(true);
    }
  });

  it("would fail the contract if both or neither of cases and units were sent (the check above can fail)", () => {
    expect(WriteLineItem.safeParse({ product_id: 11, cases: 1, units: 1 }).success).toBe(false);
    expect(WriteLineItem.safeParse({ product_id: 11 }).success).toBe(false);
    expect(WriteLineItem.safeParse({ product_id: 11, cases: "1" }).success).toBe(false);
  });

  it("gives a create body the contract accepts with 200 lines and refuses with 201", () => {
    const ok = CreatePurchaseBody.safeParse(createBody(toWriteLines(manyLines(200))));
    expect(ok.success).toBe(true);
    const tooMany = CreatePurchaseBody.safeParse(createBody(toWriteLines(manyLines(201))));
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues.map((i) => i.path)).toEqual([["purchase_transactions"]]);
  });

  it("gives 200 lines when 200 valid lines are mixed with blank ones", () => {
    const lines = manyLines(200).flatMap((l, i) => (i % 50 === 0 ? [emptyLine(`blank-${i}`), l] : [l]));
    const written = toWriteLines(lines);
    expect(written).toHaveLength(200);
    expect(CreatePurchaseBody.safeParse(createBody(written)).success).toBe(true);
  });
});

describe("totalCases", () => {
  const perCase = new Map([
    [1, 8],
    [2, 3],
    [3, 24],
  ]);

  it("is 0 for no lines or only blank ones", () => {
    expect(totalCases([], perCase)).toBe(0);
    expect(totalCases([emptyLine("a"), { ...emptyLine("b"), kind: "units" }], perCase)).toBe(0);
  });

  it("adds cases as typed", () => {
    expect(
      totalCases(
        [line("a", { quantity: "2" }), line("b", { quantity: "3.5" }), line("c", { quantity: " 1 " })],
        perCase,
      ),
    ).toBe(6.5);
  });

  it("converts units by the product's units per case (the documented example gives 4)", () => {
    const lines = [
      line("a", { productId: 1, quantity: "2" }),
      line("b", { productId: 1, kind: "units", quantity: "16" }),
    ];
    expect(totalCases(lines, new Map([[1, 8]]))).toBe(4);
    expect(totalCases([line("a", { productId: 3, kind: "units", quantity: "48" })], perCase)).toBe(2);
  });

  it("ignores units of a product whose units per case is unknown, or of no product", () => {
    const lines = [
      line("a", { productId: 1, quantity: "1" }),
      line("b", { productId: 99, kind: "units", quantity: "100" }),
      line("c", { productId: undefined, kind: "units", quantity: "100" }),
    ];
    expect(totalCases(lines, perCase)).toBe(1);
    expect(totalCases([line("a", { productId: 4, kind: "units", quantity: "5" })], new Map([[4, 0]]))).toBe(0);
  });

  it("still counts cases of a product whose units per case is unknown", () => {
    expect(totalCases([line("a", { productId: 99, quantity: "3" })], perCase)).toBe(3);
  });

  it("rounds fractional totals to 3 decimals", () => {
    expect(totalCases([line("a", { productId: 2, kind: "units", quantity: "1" })], perCase)).toBe(0.333);
    expect(totalCases([line("a", { productId: 2, kind: "units", quantity: "2" })], perCase)).toBe(0.667);
    expect(totalCases([line("a", { quantity: "0.1" }), line("b", { quantity: "0.2" })], perCase)).toBe(0.3);
    expect(
      totalCases([line("a", { quantity: "1" }), line("b", { productId: 2, kind: "units", quantity: "1" })], perCase),
    ).toBe(1.333);
  });

  it("ignores quantities that are not numbers", () => {
    const lines = [
      line("a", { quantity: "2" }),
      line("b", { quantity: "abc" }),
      line("c", { quantity: "1e3" }),
      line("d", { quantity: "" }),
      line("e", { quantity: "-4" }),
      line("f", { productId: 1, kind: "units", quantity: "eight" }),
    ];
    expect(totalCases(lines, perCase)).toBe(2);
  });
});

describe("placeFieldErrors", () => {
  const lines = [line("A"), emptyLine("blank"), line("B"), line("C")];

  it("places a line's error on the line of that index among the lines sent, skipping blank ones", () => {
    const errors: FieldError[] = [
      {
        field: "purchase_transactions[1].batch_code",
        code: "BATCH_CODE_REQUIRED",
        detail: "The vendor requires a batch code on every line",
        index: 1,
        ProductID: 11,
      },
    ];
    expect(placeFieldErrors(errors, lines)).toStrictEqual({
      lines: [{ key: "B", field: "batchCode", message: "The vendor requires a batch code on every line" }],
      header: [],
    });
  });

  it("names the API's line fields in the editor's words", () => {
    const errors = [
      { field: "purchase_transactions[0].cases", detail: "cases" },
      { field: "purchase_transactions[1].units", detail: "units" },
      { field: "purchase_transactions[2].product_id", detail: "product" },
      { field: "purchase_transactions[0].expiration_date", detail: "expiration" },
      { field: "purchase_transactions[2].batch_code", detail: "batch" },
    ];
    expect(placeFieldErrors(errors, lines).lines).toStrictEqual([
      { key: "A", field: "quantity", message: "cases" },
      { key: "B", field: "quantity", message: "units" },
      { key: "C", field: "product", message: "product" },
      { key: "A", field: "expirationDate", message: "expiration" },
      { key: "C", field: "batchCode", message: "batch" },
    ]);
  });

  it("sends an error on a line beyond the lines to the list, with no key", () => {
    const result = placeFieldErrors(
      [{ field: "purchase_transactions[3].cases", detail: "Quantities must be positive", index: 3 }],
      lines,
    );
    expect(result).toStrictEqual({ lines: [{ field: "lines", message: "Quantities must be positive" }], header: [] });
  });

  it("sends an error on the whole list (NO_LINE_ITEMS, too many lines) to the list", () => {
    const errors: FieldError[] = [
      {
        field: "purchase_transactions",
        code: "NO_LINE_ITEMS",
        detail: "A purchase order needs at least one line item",
      },
      { field: "purchase_transactions", code: "TOO_LARGE", detail: "purchase_transactions: at most 200 line items" },
    ];
    expect(placeFieldErrors(errors, [emptyLine("x")])).toStrictEqual({
      lines: [
        { field: "lines", message: "A purchase order needs at least one line item" },
        { field: "lines", message: "purchase_transactions: at most 200 line items" },
      ],
      header: [],
    });
  });

  it("places an error that only gives the line's index", () => {
    const result = placeFieldErrors([{ field: "purchase_transactions", detail: "Bad line", index: 1 }], lines);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]?.key).toBe("B");
    expect(result.header).toEqual([]);
  });

  it("returns errors on header fields by their field name", () => {
    const errors: FieldError[] = [
      { field: "po_num", code: "DUPLICATE_PO_NUMBER", detail: "po_num PO-1 is already used for vendor 5" },
      {
        field: "delivery_date",
        code: "DELIVERY_DATE_IN_PAST",
        detail: "delivery_date 2020-01-01 is before today (2026-11-21)",
      },
      { field: "vendor_id", code: "UNKNOWN_VENDOR", detail: "Vendor 5 is not a vendor of supplier 3" },
    ];
    expect(placeFieldErrors(errors, lines)).toStrictEqual({
      lines: [],
      header: [
        { field: "po_num", message: "po_num PO-1 is already used for vendor 5" },
        { field: "delivery_date", message: "delivery_date 2020-01-01 is before today (2026-11-21)" },
        { field: "vendor_id", message: "Vendor 5 is not a vendor of supplier 3" },
      ],
    });
  });

  it("prefers an error's message to its detail when it has one", () => {
    const errors = [
      { field: "purchase_transactions[0].cases", detail: "technical detail", message: "Enter a positive number" },
      { field: "po_num", detail: "po_num taken", message: "This PO number is already used" },
      { field: "vendor_id", detail: "vendor detail" },
    ];
    expect(placeFieldErrors(errors, lines)).toStrictEqual({
      lines: [{ key: "A", field: "quantity", message: "Enter a positive number" }],
      header: [
        { field: "po_num", message: "This PO number is already used" },
        { field: "vendor_id", message: "vendor detail" },
      ],
    });
  });

  it("places the sandbox's readiness errors on the lines they concern", () => {
    const drafts = [line("A", { batchCode: "B-1" }), emptyLine("blank"), line("B"), line("C", { batchCode: "C-1" })];
    const stored = toWriteLines(drafts).map((l) => ({
      product_id: l.product_id,
      cases: l.cases ?? null,
      num_units: 24,
      batch_code: l.batch_code ?? null,
    }));
    const notReady = readinessOf(stored, true);
    expect(notReady.map((e) => [e.field, e.code])).toEqual([
      ["purchase_transactions[1].batch_code", "BATCH_CODE_REQUIRED"],
    ]);
    expect(placeFieldErrors(notReady, drafts).lines).toStrictEqual([
      { key: "B", field: "batchCode", message: "The vendor requires a batch code on every line" },
    ]);
    expect(placeFieldErrors(readinessOf([], true), []).lines).toStrictEqual([
      { field: "lines", message: "A purchase order needs at least one line item" },
    ]);
  });

  it("places the contract's validation errors on the lines they concern", () => {
    const drafts = [line("A"), emptyLine("blank"), line("B", { productId: undefined }), line("C")];
    const parsed = CreatePurchaseBody.safeParse(createBody(toWriteLines(drafts)));
    expect(parsed.success).toBe(false);
    const fieldErrors = toFieldErrors(parsed.error!);
    expect(fieldErrors.map((e) => e.field)).toEqual(["purchase_transactions[1].product_id"]);
    const placed = placeFieldErrors(fieldErrors, drafts);
    expect(placed.header).toEqual([]);
    expect(placed.lines.map((p) => [p.key, p.field])).toEqual([["B", "product"]]);
  });
});

describe("isBlank and lineProblems with a typed product text", () => {
  const lax = { requiresBatchCodes: false };
  const strict = { requiresBatchCodes: true };
  const typed = (key: string, productText: string, changes: Partial<Omit<DraftLine, "key">> = {}): DraftLine => ({
    ...emptyLine(key),
    productText,
    ...changes,
  });

  it("counts a line with only a typed product text as not blank, and whitespace or empty text as blank", () => {
    expect(isBlank(typed("a", "Lagr"))).toBe(false);
    expect(isBlank(typed("a", " x "))).toBe(false);
    expect(isBlank(typed("a", ""))).toBe(true);
    expect(isBlank(typed("a", "   \t"))).toBe(true);
    expect(isBlank(typed("a", "   ", { kind: "units" }))).toBe(true);
  });

  it("says no product matches the typed text (trimmed) on a line that names none", () => {
    expect(lineProblems([typed("a", "  Lagr  ", { quantity: "2" })], lax)).toStrictEqual([
      { key: "a", field: "product", message: 'No product of this catalog matches "Lagr": pick one from the list' },
    ]);
  });

  it("checks a line with only a typed text like any other: product and quantity (and batch code where required)", () => {
    expect(lineProblems([typed("a", "N/A")], strict)).toStrictEqual([
      { key: "a", field: "product", message: 'No product of this catalog matches "N/A": pick one from the list' },
      { key: "a", field: "quantity", message: "Enter a positive number of cases" },
      { key: "a", field: "batchCode", message: "This vendor requires a batch code on every line" },
    ]);
  });

  it("asks to choose a product when the typed text is only whitespace but the line has something else", () => {
    expect(lineProblems([typed("a", "   ", { quantity: "3" })], lax)).toStrictEqual([
      { key: "a", field: "product", message: "Choose a product" },
    ]);
  });

  it("ignores a line whose typed text is only whitespace and nothing else, even when batch codes are required", () => {
    expect(lineProblems([typed("a", "   "), line("b", { batchCode: "B" })], strict)).toStrictEqual([]);
  });

  it("has no product problem when the line has a product, whatever text is left in the field", () => {
    expect(lineProblems([line("a", { productText: "something stale" })], lax)).toStrictEqual([]);
  });

  it("counts a typed-text line toward the 200 lines", () => {
    const problems = lineProblems([...manyLines(200), typed("t", "Lagr", { quantity: "1" })], lax);
    expect(problems).toStrictEqual([
      { field: "lines", message: "A purchase order takes at most 200 lines; this one has 201" },
      { key: "t", field: "product", message: 'No product of this catalog matches "Lagr": pick one from the list' },
    ]);
  });

  it("counts a typed-text line among the lines sent when placing the API's errors", () => {
    const lines = [typed("t", "Lagr", { quantity: "1" }), emptyLine("blank"), line("B")];
    expect(placeFieldErrors([{ field: "purchase_transactions[1].cases", detail: "bad" }], lines).lines).toStrictEqual([
      { key: "B", field: "quantity", message: "bad" },
    ]);
  });
});

/** The catalog above, with the documented example product and one whose supplier number is all digits. */
const shop: CatalogProduct[] = [
  ...catalog,
  { productId: 10001, name: "Strawberry Cough 14g", supplierProductNumber: "MS-FL-0001" },
  { productId: 50, name: "Digits", supplierProductNumber: "777" },
];

describe("productLabel", () => {
  it("reads supplier product number, name and product id (the documented example)", () => {
    expect(productLabel({ productId: 10001, name: "Strawberry Cough 14g", supplierProductNumber: "MS-FL-0001" })).toBe(
      "MS-FL-0001 · Strawberry Cough 14g · #10001",
    );
  });

  it("trims the supplier product number", () => {
    expect(productLabel({ productId: 12, name: "Ale", supplierProductNumber: "  sku-2 " })).toBe("sku-2 · Ale · #12");
  });

  it("leaves the number out when the product has none, or only whitespace", () => {
    expect(productLabel({ productId: 30, name: "Numberless" })).toBe("Numberless · #30");
    expect(productLabel({ productId: 31, name: "Blank number", supplierProductNumber: "  " })).toBe(
      "Blank number · #31",
    );
    expect(productLabel({ productId: 32, name: "Empty number", supplierProductNumber: "" })).toBe("Empty number · #32");
  });

  it("tells apart products that share a supplier product number", () => {
    const labels = catalog.filter((p) => p.supplierProductNumber?.trim().toLowerCase() === "n/a").map(productLabel);
    expect(labels).toStrictEqual(["N/A · Sample A · #21", "N/A · Sample B · #22", "n/a · Sample C · #23"]);
    expect(new Set(catalog.map(productLabel)).size).toBe(catalog.length);
  });
});

describe("productDetails and sharedNumber: choosing between products of one supplier product number", () => {
  it("says a product's case size, package, state and status, leaving out what the catalog did not say", () => {
    expect(
      productDetails({
        productId: 10005,
        name: "Zkittlez Quarter 7g",
        unitsPerCase: 12,
        packageName: "12/7g jar",
        state: "CA",
        status: "Active",
      }),
    ).toBe("12 per case · 12/7g jar · CA · Active");
    expect(productDetails({ productId: 30, name: "Numberless" })).toBe("");
  });

  it('offers every product a typed number names when it names more than one ("N/A" in any case), none otherwise', () => {
    expect(sharedNumber(" n/A ", catalog).map((p) => p.productId)).toEqual([21, 22, 23]);
    // One product has it (and matchProduct finds it), or none does, or nothing is typed.
    expect(sharedNumber("SKU-1", catalog)).toEqual([]);
    expect(sharedNumber("SKU-9", catalog)).toEqual([]);
    expect(sharedNumber("  ", catalog)).toEqual([]);
  });
});

describe("matchProduct", () => {
  const idOf = (text: string) => matchProduct(text, shop)?.productId;

  it("finds a product by its suggestion's label, exactly (surrounding whitespace aside)", () => {
    expect(matchProduct("MS-FL-0001 · Strawberry Cough 14g · #10001", shop)).toBe(
      shop.find((p) => p.productId === 10001),
    );
    expect(idOf("  MS-FL-0001 · Strawberry Cough 14g · #10001  ")).toBe(10001);
    expect(idOf("Numberless · #30")).toBe(30);
    expect(idOf("sku-2 · Ale · #12")).toBe(12);
  });

  it("finds every product by its own label", () => {
    for (const product of shop) expect(matchProduct(productLabel(product), shop), productLabel(product)).toBe(product);
  });

  it("finds a product by its id, with or without #", () => {
    expect(idOf("10001")).toBe(10001);
    expect(idOf("#10001")).toBe(10001);
    expect(idOf(" #10001 ")).toBe(10001);
    expect(idOf("30")).toBe(30);
    expect(idOf("#31")).toBe(31);
  });

  it("does not match a supplier product number several products share, but does by label or id", () => {
    expect(matchProduct("N/A", shop)).toBeUndefined();
    expect(matchProduct("n/a", shop)).toBeUndefined();
    expect(matchProduct(" N/A ", shop)).toBeUndefined();
    expect(idOf("N/A · Sample B · #22")).toBe(22);
    expect(idOf("n/a · Sample C · #23")).toBe(23);
    expect(idOf("21")).toBe(21);
    expect(idOf("#22")).toBe(22);
  });

  it("finds a supplier product number exactly one product has, case-insensitively and trimmed", () => {
    expect(idOf("MS-FL-0001")).toBe(10001);
    expect(idOf("ms-fl-0001")).toBe(10001);
    expect(idOf("SKU-2")).toBe(12);
    expect(idOf("  sku-1 ")).toBe(11);
    expect(idOf("777")).toBe(50);
  });

  it("names no product for blank text", () => {
    expect(matchProduct("", shop)).toBeUndefined();
    expect(matchProduct("   ", shop)).toBeUndefined();
    expect(matchProduct("\t\n", shop)).toBeUndefined();
  });

  it("names no product for a name alone, a part of a number, an unknown id, or a label in other case", () => {
    for (const text of [
      "Lager",
      "SKU",
      "SKU-",
      "#999",
      "999",
      "# 11",
      "#",
      "#777",
      "sku-1 · lager · #11",
      "SKU-1 · Lager",
      "Lager · #11",
      "11 Lager",
    ]) {
      expect(matchProduct(text, shop), text).toBeUndefined();
    }
  });

  it("names no product in an empty catalog", () => {
    expect(matchProduct("11", [])).toBeUndefined();
    expect(matchProduct("SKU-1", [])).toBeUndefined();
  });
});

describe("fromDraftLines", () => {
  it("makes lines counting units, with the draft's product, batch code and expiration date, keyed by makeKey", () => {
    const lines = fromDraftLines(
      [
        { product_id: 11, num_units: 24, batch_code: "B-7", expiration_date: "2027-01-31" },
        { product_id: 12, num_units: 6, batch_code: null, expiration_date: null },
        { product_id: 13, num_units: 1 },
      ],
      keyMaker(),
    );
    expect(lines).toStrictEqual([
      { key: "k1", productId: 11, kind: "units", quantity: "24", batchCode: "B-7", expirationDate: "2027-01-31" },
      { key: "k2", productId: 12, kind: "units", quantity: "6", batchCode: "", expirationDate: "" },
      { key: "k3", productId: 13, kind: "units", quantity: "1", batchCode: "", expirationDate: "" },
    ]);
  });

  it("keeps only the day of an expiration given as a timestamp", () => {
    const [only] = fromDraftLines(
      [{ product_id: 11, num_units: 2, expiration_date: "2027-01-31T00:00:00Z" }],
      keyMaker(),
    );
    expect(only?.expirationDate).toBe("2027-01-31");
  });

  it("gives no lines for no draft lines, and calls makeKey once per line", () => {
    let calls = 0;
    const makeKey = () => `c${++calls}`;
    expect(fromDraftLines([], makeKey)).toStrictEqual([]);
    expect(calls).toBe(0);
    expect(
      fromDraftLines(
        [
          { product_id: 1, num_units: 1 },
          { product_id: 2, num_units: 2 },
        ],
        makeKey,
      ).map((l) => l.key),
    ).toStrictEqual(["c1", "c2"]);
    expect(calls).toBe(2);
  });

  it("gives unique keys when no makeKey is given", () => {
    const keys = fromDraftLines([
      { product_id: 1, num_units: 1 },
      { product_id: 1, num_units: 1 },
      { product_id: 1, num_units: 1 },
    ]).map((l) => l.key);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^line-\d+$/);
  });

  it("gives lines the editor finds valid and that go back to the API as the same units", () => {
    const lines = fromDraftLines(
      [
        { product_id: 11, num_units: 48, batch_code: "B-1", expiration_date: "2028-02-29" },
        { product_id: 12, num_units: 5 },
      ],
      keyMaker(),
    );
    expect(lines.some(isBlank)).toBe(false);
    expect(lineProblems(lines, { requiresBatchCodes: false })).toStrictEqual([]);
    expect(toWriteLines(lines)).toStrictEqual([
      { product_id: 11, units: 48, batch_code: "B-1", expiration_date: "2028-02-29" },
      { product_id: 12, units: 5 },
    ]);
  });
});

describe("a draft's unit, saved and reopened", () => {
  // The API keeps a draft's quantities in units: what goes back is what the editor reopens.
  const CASE_SIZES = new Map([
    [11, 8],
    [12, 8],
    [13, 1],
  ]);
  const roundTrip = (typed: DraftLine) => {
    const [sent] = toWriteLines([typed]);
    const numUnits = sent!.units ?? sent!.cases! * (CASE_SIZES.get(sent!.product_id) ?? 1);
    const [back] = fromDraftLines([{ product_id: sent!.product_id, num_units: numUnits }], keyMaker(), CASE_SIZES);
    return { kind: back!.kind, quantity: back!.quantity };
  };

  it.each<[string, Partial<DraftLine>, { kind: string; quantity: string }]>([
    ["5 cases stays 5 cases", { productId: 11, kind: "cases", quantity: "5" }, { kind: "cases", quantity: "5" }],
    [
      "7 units of an 8-unit case stays units",
      { productId: 11, kind: "units", quantity: "7" },
      { kind: "units", quantity: "7" },
    ],
    [
      "16 units, whole cases, reopen as 2 cases",
      { productId: 12, kind: "units", quantity: "16" },
      { kind: "cases", quantity: "2" },
    ],
    [
      "a product of one unit a case stays in units",
      { productId: 13, kind: "cases", quantity: "3" },
      { kind: "units", quantity: "3" },
    ],
  ])("%s", (_, typed, expected) => {
    expect(roundTrip({ ...emptyLine("t"), ...typed })).toStrictEqual(expected);
  });

  it("reads units as units where the case size is not known", () => {
    expect(inEnteredUnit({ ...emptyLine("a"), productId: 99, kind: "units", quantity: "40" }, undefined)).toMatchObject(
      {
        kind: "units",
        quantity: "40",
      },
    );
    expect(inEnteredUnit({ ...emptyLine("a"), productId: 11, kind: "units", quantity: "2.5" }, 8).kind).toBe("units");
    expect(inEnteredUnit({ ...emptyLine("a"), productId: 11, kind: "cases", quantity: "16" }, 8)).toMatchObject({
      kind: "cases",
      quantity: "16",
    });
  });
});

describe("lineList.addAfter", () => {
  const abc = () => [line("a"), line("b"), line("c")];

  it("puts the new line right after the given one and returns its key", () => {
    const lines = abc();
    const result = lineList.addAfter(lines, "a", emptyLine("n"));
    expect(result.added).toBe("n");
    expect(result.lines.map((l) => l.key)).toStrictEqual(["a", "n", "b", "c"]);
    expect(result.lines[1]).toStrictEqual(emptyLine("n"));
    expect(lines.map((l) => l.key)).toStrictEqual(["a", "b", "c"]);
  });

  it("puts it at the end after the last line, or without a key", () => {
    expect(lineList.addAfter(abc(), "c", emptyLine("n")).lines.map((l) => l.key)).toStrictEqual(["a", "b", "c", "n"]);
    expect(lineList.addAfter(abc(), undefined, emptyLine("n")).lines.map((l) => l.key)).toStrictEqual([
      "a",
      "b",
      "c",
      "n",
    ]);
    expect(lineList.addAfter([], undefined, emptyLine("n"))).toStrictEqual({ lines: [emptyLine("n")], added: "n" });
  });

  it("keeps the other lines as they were", () => {
    const lines = abc();
    const result = lineList.addAfter(lines, "b", emptyLine("n"));
    expect(result.lines[0]).toBe(lines[0]);
    expect(result.lines[1]).toBe(lines[1]);
    expect(result.lines[3]).toBe(lines[2]);
  });

  it("makes a blank line with a new key when none is given", () => {
    const result = lineList.addAfter(abc(), "a");
    expect(result.added).toMatch(/^line-\d+$/);
    expect(["a", "b", "c"]).not.toContain(result.added);
    expect(result.lines[1]?.key).toBe(result.added);
    expect(isBlank(result.lines[1]!)).toBe(true);
  });
});

describe("lineList.duplicate", () => {
  it("places a copy with a new key right after the line, and returns the new key", () => {
    const lines = [
      line("a"),
      line("b", { productId: 12, kind: "units", quantity: "7", batchCode: "B-9", expirationDate: "2027-06-30" }),
      line("c"),
    ];
    const result = lineList.duplicate(lines, "b", keyMaker());
    expect(result.added).toBe("k1");
    expect(result.lines.map((l) => l.key)).toStrictEqual(["a", "b", "k1", "c"]);
    expect(result.lines[2]).toStrictEqual({
      key: "k1",
      productId: 12,
      kind: "units",
      quantity: "7",
      batchCode: "B-9",
      expirationDate: "2027-06-30",
    });
    expect(result.lines[1]).toBe(lines[1]);
    expect(lines).toHaveLength(3);
  });

  it("duplicates the last line to the end, and copies a typed product text", () => {
    const lines = [line("a"), { ...emptyLine("b"), productText: "Lagr", quantity: "1" }];
    const result = lineList.duplicate(lines, "b", keyMaker("d"));
    expect(result.lines.map((l) => l.key)).toStrictEqual(["a", "b", "d1"]);
    expect(result.lines[2]).toStrictEqual({ ...emptyLine("d1"), productText: "Lagr", quantity: "1" });
  });

  it("makes a copy that changes independently of the original", () => {
    const result = lineList.duplicate([line("a")], "a", keyMaker());
    const changed = lineList.update(result.lines, "k1", { quantity: "9" });
    expect(changed.map((l) => [l.key, l.quantity])).toStrictEqual([
      ["a", "2"],
      ["k1", "9"],
    ]);
  });

  it("gives the list unchanged and no key for a line that is not there, without making a key", () => {
    let calls = 0;
    const lines = [line("a")];
    const result = lineList.duplicate(lines, "zzz", () => `x${++calls}`);
    expect(result).toStrictEqual({ lines: [line("a")] });
    expect(result.added).toBeUndefined();
    expect(calls).toBe(0);
  });

  it("gives a new key to a copy of a copy", () => {
    const makeKey = keyMaker();
    const once = lineList.duplicate([line("a")], "a", makeKey);
    const twice = lineList.duplicate(once.lines, "k1", makeKey);
    expect(twice.lines.map((l) => l.key)).toStrictEqual(["a", "k1", "k2"]);
    expect(twice.added).toBe("k2");
  });
});

describe("lineList.remove", () => {
  it("takes the line out and keeps the others in order", () => {
    const lines = [line("a"), line("b"), line("c")];
    expect(lineList.remove(lines, "b").map((l) => l.key)).toStrictEqual(["a", "c"]);
    expect(lineList.remove(lines, "a").map((l) => l.key)).toStrictEqual(["b", "c"]);
    expect(lineList.remove(lines, "c").map((l) => l.key)).toStrictEqual(["a", "b"]);
    expect(lines).toHaveLength(3);
  });

  it("leaves one empty line, under a new key, when the last line is removed", () => {
    const rest = lineList.remove([line("a", { batchCode: "B" })], "a");
    expect(rest).toHaveLength(1);
    expect(rest[0]?.key).not.toBe("a");
    expect(rest[0]?.key).toMatch(/^line-\d+$/);
    expect(rest[0]).toStrictEqual(emptyLine(rest[0]!.key));
  });

  it("leaves one empty line when the only line, blank, is removed, or the list was empty", () => {
    const rest = lineList.remove([emptyLine("only")], "only");
    expect(rest).toHaveLength(1);
    expect(rest[0]?.key).not.toBe("only");
    expect(isBlank(rest[0]!)).toBe(true);
    expect(lineList.remove([], "x")).toHaveLength(1);
  });

  it("removes a blank line among others without adding one", () => {
    expect(lineList.remove([line("a"), emptyLine("blank"), line("b")], "blank").map((l) => l.key)).toStrictEqual([
      "a",
      "b",
    ]);
  });

  it("keeps the list as it was for a key that is not there", () => {
    const lines = [line("a"), line("b")];
    expect(lineList.remove(lines, "zzz")).toStrictEqual(lines);
  });
});

describe("lineList.update", () => {
  it("changes only the given fields of the given line, leaving the other lines as they were", () => {
    const lines = [line("a"), line("b"), line("c")];
    const updated = lineList.update(lines, "b", { quantity: "5", kind: "units" });
    expect(updated[1]).toStrictEqual({ ...emptyLine("b"), productId: 11, quantity: "5", kind: "units" });
    expect(updated[0]).toBe(lines[0]);
    expect(updated[2]).toBe(lines[2]);
    expect(lines[1]).toStrictEqual(line("b"));
  });

  it("can clear the product and keep the typed text instead, and then set the product again", () => {
    const typed = lineList.update([line("a")], "a", { productId: undefined, productText: "Lagr" });
    expect(typed[0]?.productId).toBeUndefined();
    expect(typed[0]?.productText).toBe("Lagr");
    expect(lineProblems(typed, { requiresBatchCodes: false })).toStrictEqual([
      { key: "a", field: "product", message: 'No product of this catalog matches "Lagr": pick one from the list' },
    ]);
    const picked = lineList.update(typed, "a", { productId: 12, productText: undefined });
    expect(lineProblems(picked, { requiresBatchCodes: false })).toStrictEqual([]);
    expect(picked[0]?.productId).toBe(12);
  });

  it("keeps the lines as they were for a key that is not there, or no changes", () => {
    const lines = [line("a"), line("b")];
    expect(lineList.update(lines, "zzz", { quantity: "9" })).toStrictEqual(lines);
    expect(lineList.update(lines, "a", {})).toStrictEqual(lines);
  });
});

describe("lineList.paste", () => {
  const pasted = (count: number, prefix = "p") =>
    Array.from({ length: count }, (_, i) => line(`${prefix}${i + 1}`, { productId: 500 + i }));
  const keys = (lines: DraftLine[]) => lines.map((l) => l.key);

  it("replaces the blank line pasted into", () => {
    const result = lineList.paste([line("a"), emptyLine("b"), line("c")], pasted(2), "b");
    expect(keys(result.lines)).toStrictEqual(["a", "p1", "p2", "c"]);
    expect(result.refused).toBe(0);
  });

  it("inserts after the filled line pasted into, keeping it", () => {
    const lines = [line("a"), line("b"), line("c")];
    const result = lineList.paste(lines, pasted(2), "b");
    expect(keys(result.lines)).toStrictEqual(["a", "b", "p1", "p2", "c"]);
    expect(result.lines[1]).toBe(lines[1]);
    expect(result.refused).toBe(0);
    expect(keys(lines)).toStrictEqual(["a", "b", "c"]);
  });

  it("inserts after a filled last line, and keeps a blank line that follows the filled one", () => {
    expect(keys(lineList.paste([line("a"), line("b")], pasted(1), "b").lines)).toStrictEqual(["a", "b", "p1"]);
    expect(keys(lineList.paste([line("a"), emptyLine("z")], pasted(1), "a").lines)).toStrictEqual(["a", "p1", "z"]);
  });

  it("counts a line with only a typed product text as filled: pasting into it inserts after it", () => {
    const lines = [{ ...emptyLine("t"), productText: "Lagr" }];
    expect(keys(lineList.paste(lines, pasted(1), "t").lines)).toStrictEqual(["t", "p1"]);
  });

  it("appends without a key, dropping the trailing blank line", () => {
    const result = lineList.paste([line("a"), emptyLine("z")], pasted(2));
    expect(keys(result.lines)).toStrictEqual(["a", "p1", "p2"]);
    expect(result.refused).toBe(0);
    expect(keys(lineList.paste([emptyLine("only")], pasted(2)).lines)).toStrictEqual(["p1", "p2"]);
  });

  it("appends without a key after a filled last line, keeping blank lines that are not last", () => {
    expect(keys(lineList.paste([line("a"), line("b")], pasted(1)).lines)).toStrictEqual(["a", "b", "p1"]);
    expect(keys(lineList.paste([emptyLine("x"), line("a")], pasted(1)).lines)).toStrictEqual(["x", "a", "p1"]);
  });

  it("appends, as without a key, for a key that is not there", () => {
    expect(keys(lineList.paste([line("a"), emptyLine("z")], pasted(1), "zzz").lines)).toStrictEqual(["a", "p1"]);
  });

  it("keeps the trailing blank line when nothing is pasted without a key", () => {
    expect(lineList.paste([line("a"), emptyLine("z")], [])).toStrictEqual({
      lines: [line("a"), emptyLine("z")],
      refused: 0,
    });
  });

  it("never leaves the list empty", () => {
    const result = lineList.paste([emptyLine("only")], [], "only");
    expect(result.refused).toBe(0);
    expect(result.lines).toHaveLength(1);
    expect(isBlank(result.lines[0]!)).toBe(true);
    const fromNothing = lineList.paste([], []);
    expect(fromNothing.refused).toBe(0);
    expect(fromNothing.lines).toHaveLength(1);
    expect(fromNothing.lines[0]).toStrictEqual(emptyLine(fromNothing.lines[0]!.key));
  });

  it("takes exactly the lines that fit under 200 and counts the rest as refused (appended, trailing blank dropped)", () => {
    const result = lineList.paste([...manyLines(198), emptyLine("end")], pasted(5));
    expect(result.refused).toBe(3);
    expect(result.lines).toHaveLength(200);
    expect(keys(result.lines.slice(196))).toStrictEqual(["l196", "l197", "p1", "p2"]);
    expect(lineProblems(result.lines, { requiresBatchCodes: false })).toStrictEqual([]);
  });

  it("takes all pasted lines when they fill the list to exactly 200", () => {
    const result = lineList.paste(manyLines(197), pasted(3));
    expect(result.refused).toBe(0);
    expect(result.lines).toHaveLength(200);
    expect(keys(result.lines.slice(-3))).toStrictEqual(["p1", "p2", "p3"]);
  });

  it("refuses every pasted line when the list already has 200, and keeps the list", () => {
    const lines = manyLines(200);
    const result = lineList.paste(lines, pasted(2), "l5");
    expect(result.refused).toBe(2);
    expect(result.lines).toStrictEqual(lines);
    expect(lineList.paste(lines, pasted(4)).refused).toBe(4);
  });

  it("does not count blank lines toward the 200 (pasting into a filled line)", () => {
    const lines = [emptyLine("b1"), ...manyLines(199), emptyLine("b2"), emptyLine("b3")];
    const result = lineList.paste(lines, pasted(3), "l10");
    expect(result.refused).toBe(2);
    expect(result.lines).toHaveLength(203);
    expect(keys(result.lines.slice(10, 14))).toStrictEqual(["l9", "l10", "p1", "l11"]);
    expect(keys(result.lines.slice(-2))).toStrictEqual(["b2", "b3"]);
    expect(result.lines.filter((l) => !isBlank(l))).toHaveLength(200);
  });

  it("does not count the blank line pasted into toward the 200", () => {
    const lines = [...manyLines(100), emptyLine("slot"), ...manyLines(199).slice(100)];
    expect(lines.filter((l) => !isBlank(l))).toHaveLength(199);
    const result = lineList.paste(lines, pasted(2), "slot");
    expect(result.refused).toBe(1);
    expect(result.lines).toHaveLength(200);
    expect(keys(result.lines.slice(99, 102))).toStrictEqual(["l99", "p1", "l100"]);
    expect(lineProblems(result.lines, { requiresBatchCodes: false })).toStrictEqual([]);
  });

  it("refuses nothing for an empty paste", () => {
    expect(lineList.paste([line("a")], [], "a")).toStrictEqual({ lines: [line("a")], refused: 0 });
  });
});

describe("headerProblems", () => {
  const today = "2026-11-21";
  const good: DraftHeader = { supplierId: 3, vendorId: 5, locationId: 7, deliveryDate: "2026-12-01", poNum: "PO-1" };

  it("finds nothing wrong with a complete header delivering after today, or today", () => {
    expect(headerProblems(good, today)).toStrictEqual([]);
    expect(headerProblems({ ...good, deliveryDate: today }, today)).toStrictEqual([]);
    expect(headerProblems({ ...good, deliveryDate: "2027-01-01" }, "2026-12-31")).toStrictEqual([]);
  });

  it("does not hold a date against today without a bound (a saved draft's unchanged date)", () => {
    expect(headerProblems({ ...good, deliveryDate: "2020-01-01" }, undefined)).toStrictEqual([]);
    expect(headerProblems({ ...good, deliveryDate: "2026-02-30" }, undefined)).toStrictEqual([
      { field: "delivery_date", message: "Enter the requested delivery date" },
    ]);
  });

  it("asks for each missing field by the API's name", () => {
    expect(headerProblems({ ...good, supplierId: undefined }, today)).toStrictEqual([
      { field: "supplier_id", message: "Choose a supplier" },
    ]);
    expect(headerProblems({ ...good, vendorId: undefined }, today)).toStrictEqual([
      { field: "vendor_id", message: "Choose a vendor" },
    ]);
    expect(headerProblems({ ...good, locationId: undefined }, today)).toStrictEqual([
      { field: "to_location_id", message: "Choose the destination warehouse" },
    ]);
    expect(headerProblems({ ...good, deliveryDate: "" }, today)).toStrictEqual([
      { field: "delivery_date", message: "Enter the requested delivery date" },
    ]);
    expect(headerProblems({ ...good, poNum: "" }, today)).toStrictEqual([
      { field: "po_num", message: "Enter a PO number" },
    ]);
    expect(headerProblems({ ...good, poNum: "   " }, today)).toStrictEqual([
      { field: "po_num", message: "Enter a PO number" },
    ]);
  });

  it("reports every missing field of an empty header, in the form's order", () => {
    expect(headerProblems({ deliveryDate: "", poNum: "" }, today)).toStrictEqual([
      { field: "supplier_id", message: "Choose a supplier" },
      { field: "vendor_id", message: "Choose a vendor" },
      { field: "to_location_id", message: "Choose the destination warehouse" },
      { field: "delivery_date", message: "Enter the requested delivery date" },
      { field: "po_num", message: "Enter a PO number" },
    ]);
  });

  it("refuses a delivery date before today, naming today", () => {
    expect(headerProblems({ ...good, deliveryDate: "2026-11-20" }, today)).toStrictEqual([
      { field: "delivery_date", message: "The delivery date cannot be before today (2026-11-21)" },
    ]);
    expect(headerProblems({ ...good, deliveryDate: "2026-12-31" }, "2027-01-01")).toStrictEqual([
      { field: "delivery_date", message: "The delivery date cannot be before today (2027-01-01)" },
    ]);
  });

  it("refuses an impossible or malformed delivery date as no date at all", () => {
    for (const deliveryDate of [
      "2026-02-30",
      "2027-02-29",
      "2026-13-01",
      "2026-12-1",
      "01/12/2026",
      " 2026-12-01",
      "2026-12-01T00:00:00Z",
    ]) {
      expect(headerProblems({ ...good, deliveryDate }, "2026-01-01"), deliveryDate).toStrictEqual([
        { field: "delivery_date", message: "Enter the requested delivery date" },
      ]);
    }
  });

  it("keeps each problem to its field when several fields are wrong", () => {
    expect(headerProblems({ supplierId: 3, deliveryDate: "2020-01-01", poNum: " " }, today)).toStrictEqual([
      { field: "vendor_id", message: "Choose a vendor" },
      { field: "to_location_id", message: "Choose the destination warehouse" },
      { field: "delivery_date", message: "The delivery date cannot be before today (2026-11-21)" },
      { field: "po_num", message: "Enter a PO number" },
    ]);
  });
});

describe("existingPurchaseOf", () => {
  const uuid = "55886576-1236-4dff-b9a5-99cdbc129ddb";

  it("finds the purchase's UUID in the error's detail", () => {
    expect(existingPurchaseOf({ detail: `po_num PO-1 is already used for vendor 9001 by purchase ${uuid}` })).toBe(
      uuid,
    );
  });

  it("finds it in a field error's detail", () => {
    expect(
      existingPurchaseOf({
        detail: "The PO number is already used",
        fieldErrors: [
          { detail: "vendor_id is fine" },
          { detail: `po_num PO-1 is already used for vendor 9001 by purchase ${uuid}` },
        ],
      }),
    ).toBe(uuid);
    expect(existingPurchaseOf({ fieldErrors: [{ detail: `by purchase ${uuid}.` }] })).toBe(uuid);
  });

  it("prefers the error's detail to its field errors, and the first UUID of a text", () => {
    const other = "00000000-0000-4000-8000-000000000001";
    expect(
      existingPurchaseOf({ detail: `by purchase ${uuid}`, fieldErrors: [{ detail: `by purchase ${other}` }] }),
    ).toBe(uuid);
    expect(existingPurchaseOf({ detail: `purchases ${other} and ${uuid}` })).toBe(other);
  });

  it("finds an upper-case UUID as written", () => {
    expect(existingPurchaseOf({ detail: `by purchase ${uuid.toUpperCase()}` })).toBe(
      "55886576-1236-4DFF-B9A5-99CDBC129DDB",
    );
  });

  it("is undefined when no UUID is named", () => {
    expect(existingPurchaseOf({})).toBeUndefined();
    expect(existingPurchaseOf({ detail: "po_num PO-1 is already used for vendor 9001" })).toBeUndefined();
    expect(existingPurchaseOf({ detail: "", fieldErrors: [] })).toBeUndefined();
    expect(existingPurchaseOf({ fieldErrors: [{ detail: "po_num PO-1 is already used" }] })).toBeUndefined();
    expect(existingPurchaseOf({ detail: "by purchase 55886576-1236-4dff-b9a5" })).toBeUndefined();
    expect(existingPurchaseOf({ detail: "by purchase 55886576-1236-4dff-b9a5-99cdbc129ddbff" })).toBeUndefined();
    expect(existingPurchaseOf({ detail: "by purchase 55886576-1236-4dff-b9a5-99cdbc129dzz" })).toBeUndefined();
  });
});

describe("fixes found by the tests above", () => {
  const keys = (lines: DraftLine[]) => lines.map((l) => l.key);

  it("keeps the blank line pasted into when no line is taken (nothing pasted, or no room under 200)", () => {
    expect(keys(lineList.paste([line("a"), emptyLine("b"), line("c")], [], "b").lines)).toStrictEqual(["a", "b", "c"]);
    const full = [...manyLines(200), emptyLine("slot")];
    const result = lineList.paste(full, [line("p1"), line("p2")], "slot");
    expect(result.refused).toBe(2);
    expect(keys(result.lines).at(-1)).toBe("slot");
    expect(result.lines).toHaveLength(201);
    expect(keys(lineList.paste([emptyLine("only")], [], "only").lines)).toStrictEqual(["only"]);
  });

  it("adds at the end for a key that is gone", () => {
    expect(keys(lineList.addAfter([line("a"), line("b")], "gone", emptyLine("n")).lines)).toStrictEqual([
      "a",
      "b",
      "n",
    ]);
  });

  it("matches typed text and pasted rows alike: a unique supplier product number before an id, and #41 always an id", () => {
    const clash: CatalogProduct[] = [
      { productId: 40, name: "Forty", supplierProductNumber: "41" },
      { productId: 41, name: "Forty-one", supplierProductNumber: "X" },
    ];
    expect(matchProduct("41", clash)?.productId).toBe(40);
    const [pasted] = readSheet("41\t1", clash).rows;
    expect(pasted?.match.status === "matched" && pasted.match.product.productId).toBe(40);
    expect(matchProduct("#41", clash)?.productId).toBe(41);
  });
});
