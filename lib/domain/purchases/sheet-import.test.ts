import { describe, expect, it } from "vitest";
import type { CatalogProduct } from "./draft";
import {
  columnRole,
  draftNumbers,
  indexCatalog,
  isMeaningfulNumber,
  matchProduct,
  readQuantity,
  readSheet,
  sheetRows,
  splitIntoDrafts,
} from "./sheet-import";

/** A brand's catalogue as the live data has it: junk numbers, a number two products share, two of one name. */
const CATALOG: CatalogProduct[] = [
  { productId: 10001, name: "OG Kush 3.5g", supplierProductNumber: "SKU-104" },
  { productId: 10002, name: "Blue Dream 1g Pre-Roll", supplierProductNumber: "SKU-105" },
  { productId: 10003, name: "Gummies 10pk", supplierProductNumber: "N/A" },
  { productId: 10004, name: "Gummies 20pk", supplierProductNumber: "0" },
  { productId: 10005, name: "Vape Cart 0.5g", supplierProductNumber: "VC-1", state: "CA" },
  { productId: 10006, name: "Vape Cart 0.5g", supplierProductNumber: "VC-1", state: "NV" },
  { productId: 10007, name: 'Lotion, 4oz "Eucalyptus"', supplierProductNumber: "10002" },
];
const index = indexCatalog(CATALOG);

describe("supplier product numbers", () => {
  it.each([
    ["SKU-104", true],
    ["N/A", false],
    ["n/a", false],
    ["#N/A", false],
    ["0", false],
    ["000", false],
    ["-", false],
    ["", false],
    ["  ", false],
    ["TBD", false],
    ["0012", true],
  ])("%j names a product: %s", (text, meaningful) => {
    expect(isMeaningfulNumber(text)).toBe(meaningful);
  });
});

describe("headers", () => {
  it.each([
    ["Product ID", "id"],
    ["ProductID", "id"],
    ["SKU", "number"],
    ["Item #", "number"],
    ["Supplier product number", "number"],
    ["Product Name", "name"],
    ["Description", "name"],
    ["Product", "product"],
    ["Cases", "cases"],
    ["Qty (cases)", "cases"],
    ["Units", "units"],
    ["Each", "units"],
    ["Qty", "quantity"],
    ["Batch number", "batch"],
    ["Lot", "batch"],
    ["Expiration date", "expiration"],
    ["Best by", "expiration"],
    ["Notes", undefined],
  ])("%j is the %s column", (header, role) => {
    expect(columnRole(header)).toBe(role);
  });
});

describe("quantities", () => {
  it.each([
    ["12", { quantity: "12" }],
    ["12 cs", { quantity: "12", kind: "cases" }],
    ["12cs", { quantity: "12", kind: "cases" }],
    ["3 cases", { quantity: "3", kind: "cases" }],
    ["1 case", { quantity: "1", kind: "cases" }],
    ["48u", { quantity: "48", kind: "units" }],
    ["48 units", { quantity: "48", kind: "units" }],
    ["48 ea", { quantity: "48", kind: "units" }],
    ["2.5", { quantity: "2.5" }],
    ["012", { quantity: "12" }],
    ["a dozen", undefined],
    ["-3", undefined],
    ["12 boxes", undefined],
  ])("%j reads %j", (text, read) => {
    expect(readQuantity(text)).toEqual(read);
  });
});

describe("the sheet's rows", () => {
  it("reads a spreadsheet's paste by its tabs, and a CSV by RFC 4180's quotes", () => {
    expect(sheetRows("SKU\tCases\nSKU-104\t2\n\n")).toEqual([
      { line: 1, cells: ["SKU", "Cases"] },
      { line: 2, cells: ["SKU-104", "2"] },
    ]);
    expect(
      sheetRows('\uFEFFProduct name,Cases\r\n"Lotion, 4oz ""Eucalyptus""",1\r\n"Two\nlines",3\r\nOG Kush 3.5g,4'),
    ).toEqual([
      { line: 1, cells: ["Product name", "Cases"] },
      { line: 2, cells: ['Lotion, 4oz "Eucalyptus"', "1"] },
      { line: 3, cells: ["Two\nlines", "3"] },
      { line: 5, cells: ["OG Kush 3.5g", "4"] },
    ]);
  });
});

describe("a row's product", () => {
  it.each([
    ["by its number", "SKU-104", undefined, { status: "matched", by: "number", id: 10001 }],
    ["by its number, whatever the case", "sku-104", undefined, { status: "matched", by: "number", id: 10001 }],
    ["by its id", "10003", undefined, { status: "matched", by: "id", id: 10003 }],
    ["by its id as the editor labels it", "#10002", undefined, { status: "matched", by: "id", id: 10002 }],
    ["not by an id no product has", "#99", undefined, { status: "unmatched" }],
    ["by its exact name", "og kush  3.5G", undefined, { status: "matched", by: "name", id: 10001 }],
    // A number another product has as its id: the supplier's number wins where the column does not say.
    ["by the number that is another's id", "10002", undefined, { status: "matched", by: "number", id: 10007 }],
    ["by the id its column names", "10002", "id", { status: "matched", by: "id", id: 10002 }],
    ["not by a junk number", "N/A", undefined, { status: "unmatched" }],
    ["not by a junk number in the number column", "0", "number", { status: "unmatched" }],
    ["not by a name in the number column", "OG Kush 3.5g", "number", { status: "unmatched" }],
    ["nor by a number shared by two", "VC-1", undefined, { status: "ambiguous", candidates: [10005, 10006] }],
    ["nor by a name two share", "Vape Cart 0.5g", "name", { status: "ambiguous", candidates: [10005, 10006] }],
    ["nor by nothing", "", undefined, { status: "unmatched" }],
    ["nor by what the catalogue lacks", "SKU-999", undefined, { status: "unmatched" }],
  ] as const)("is found %s", (_, reference, role, expected) => {
    const match = matchProduct(reference, index, role);
    expect(match.status).toBe(expected.status);
    if (match.status === "matched" && "id" in expected) {
      expect(match.product.productId).toBe(expected.id);
      expect(match.by).toBe(expected.by);
    }
    if (match.status === "ambiguous" && "candidates" in expected)
      expect(match.candidates.map((c) => c.productId)).toEqual(expected.candidates);
    if (match.status !== "matched") expect(match.reason).not.toBe("");
  });
});

describe("a sheet read", () => {
  it("takes the editor's order without a header: product, cases, units, batch, expiration", () => {
    const { rows, columns } = readSheet("SKU-104\t2\t\tB-7\t2027-01-31\n10002\t\t48\nGummies 20pk\t3 cs", CATALOG);
    expect(columns).toBeUndefined();
    expect(
      rows.map((r) => [r.line, r.match.status === "matched" ? r.match.product.productId : r.match.status, r.quantity]),
    ).toEqual([
      [1, 10001, { quantity: "2", kind: "cases" }],
      // 10002 is a product's id and another's supplier number: the number wins.
      [2, 10007, { quantity: "48", kind: "units" }],
      [3, 10004, { quantity: "3", kind: "cases" }],
    ]);
    expect(rows[0]).toMatchObject({ batchCode: "B-7", expirationDate: "2027-01-31" });
    // Each row as it was, its empty cells at the end left out.
    expect(rows.map((r) => r.text)).toEqual([
      "SKU-104 | 2 |  | B-7 | 2027-01-31",
      "10002 |  | 48",
      "Gummies 20pk | 3 cs",
    ]);
  });

  it("takes the first row that is not blank as the header, and counts blank rows in the rows' lines", () => {
    const { rows, columns } = readSheet("\n\nProduct number\tCases\n SKU-104 \t 2 \n\t\nNOPE\t1\n", CATALOG);
    expect(columns).toEqual(["number", "cases"]);
    expect(rows.map((r) => [r.line, r.match.status, r.quantity?.quantity])).toEqual([
      [4, "matched", "2"],
      [6, "unmatched", "1"],
    ]);
  });

  it("reads the columns a header names, in any order, and a quantity's kind by its suffix", () => {
    const sheet = [
      "Notes,Qty,Product Name,SKU",
      "first,12 cs,,SKU-104",
      "second,48u,Blue Dream 1g Pre-Roll,",
      "third,2,Gummies 10pk,",
      "fourth,5 cs,,N/A",
      "fifth,3 cs,Vape Cart 0.5g,",
    ].join("\n");
    const { rows, columns } = readSheet(sheet, CATALOG);
    expect(columns).toEqual([undefined, "quantity", "name", "number"]);
    expect(rows.map((r) => (r.match.status === "matched" ? r.match.product.productId : r.match.status))).toEqual([
      10001,
      10002,
      10003,
      "unmatched",
      "ambiguous",
    ]);
    expect(rows.map((r) => r.quantity ?? r.quantityProblem)).toEqual([
      { quantity: "12", kind: "cases" },
      { quantity: "48", kind: "units" },
      '"2": cases or units? Add "cs" or "u", or a header',
      { quantity: "5", kind: "cases" },
      { quantity: "3", kind: "cases" },
    ]);
  });

  it.each([
    ["both cases and units", "Product,Cases,Units\nSKU-104,2,24", "Fill cases or units, not both"],
    ["neither", "Product,Cases,Units\nSKU-104,,", "Fill cases or units"],
    ["no number", "Product,Cases\nSKU-104,two", '"two" is not a positive number of cases or units'],
    ["zero", "Product,Cases\nSKU-104,0", '"0" is not a positive number of cases or units'],
    ["zero written long", "Product,Cases\nSKU-104,0.00", '"0.00" is not a positive number of cases or units'],
    [
      "a number in a spreadsheet's notation",
      "Product,Cases\nSKU-104,1e3",
      '"1e3" is not a positive number of cases or units',
    ],
    ["a negative one", "Product,Units\nSKU-104,-6", '"-6" is not a positive number of cases or units'],
    ["units in the cases column", "Product,Cases\nSKU-104,24 u", '"24 u" says units in the cases column'],
    ["units in part", "Product,Units\nSKU-104,2.5", '"2.5": units must be a whole number'],
  ])("says what is wrong with %s", (_, sheet, problem) => {
    expect(readSheet(sheet, CATALOG).rows[0]!.quantityProblem).toBe(problem);
  });

  it.each([
    ["a date written otherwise", "31/01/2027"],
    ["a day the calendar lacks", "2026-02-29"],
    ["a month without its zero", "2027-1-31"],
  ])("says the expiration is no date for %s, apart from the quantity", (_, date) => {
    const [row] = readSheet(`Product,Cases,Expiration\nSKU-104,2,${date}`, CATALOG).rows;
    expect(row!.expirationProblem).toBe(`"${date}" is not a date as YYYY-MM-DD`);
    expect(row!.quantity).toEqual({ quantity: "2", kind: "cases" });
    expect(row!.quantityProblem).toBeUndefined();
  });

  it("keeps half cases (the API checks them against the case size)", () => {
    expect(readSheet("Product,Cases\nSKU-104,2.5", CATALOG).rows[0]!.quantity).toEqual({
      quantity: "2.5",
      kind: "cases",
    });
  });
});

describe("drafts", () => {
  it.each([
    [0, []],
    [1, [1]],
    [200, [200]],
    [201, [200, 1]],
    [450, [200, 200, 50]],
  ])("%i lines make drafts of %j", (count, sizes) => {
    const drafts = splitIntoDrafts(Array.from({ length: count }, (_, i) => i));
    expect(drafts.map((d) => d.length)).toEqual(sizes);
    expect(drafts.flat()).toEqual(Array.from({ length: count }, (_, i) => i));
  });

  it("names several in sequence, and one as typed", () => {
    expect(draftNumbers("PO-118", 3)).toEqual(["PO-118-1", "PO-118-2", "PO-118-3"]);
    expect(draftNumbers("PO-118", 1)).toEqual(["PO-118"]);
  });
});
