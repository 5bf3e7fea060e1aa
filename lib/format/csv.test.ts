import { describe, expect, it } from "vitest";
import { CSV_BOM, csvField, csvHeader, csvLine, csvRows, type ExportColumn } from "./csv";

const columns: ExportColumn[] = [
  { id: "InvoiceNum", header: "Invoice no.", value: (r) => String(r.InvoiceNum ?? "") },
  { id: "Customer", header: "Customer, name", value: (r) => String(r.Customer ?? "") },
  { id: "Total", header: "Total", value: (r) => String(r.Total ?? "") },
];

describe("csvField", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    ["Smith, J", '"Smith, J"'],
    ['14" pan', '"14"" pan"'],
    ["line 1\nline 2", '"line 1\nline 2"'],
    ["line 1\r\nline 2", '"line 1\r\nline 2"'],
    ["café ✓", "café ✓"],
  ])("writes %j as %j", (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it.each([
    ["=1+2", "'=1+2"],
    ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
    ["+cmd", "'+cmd"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1", "'\t=1"],
    ["\r=1", `"'\r=1"`],
    ["- item", "'- item"],
  ])("makes the formula-like %j inert as %j", (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it.each(["-12.50", "+3", "-0.000001", "-1200"])("leaves the plain number %j alone", (value) => {
    expect(csvField(value)).toBe(value);
  });

  it.each([
    ["@Home", "@Home"],
    ["-10% promo", "-10% promo"],
    ["=1+2", "=1+2"],
    ["+cmd, then", '"+cmd, then"'],
    ['=HYPERLINK("x")', '"=HYPERLINK(""x"")"'],
    ["line 1\nline 2", '"line 1\nline 2"'],
  ])("with the guard off, writes %j as it is (quoted where RFC 4180 needs it): %j", (value, field) => {
    expect(csvField(value, { formulaGuard: false })).toBe(field);
  });
});

describe("csvLine", () => {
  it("writes a record, CRLF-terminated, guarded unless told otherwise", () => {
    expect(csvLine(["@Home", "Smith, J", "-1.50"])).toBe('\'@Home,"Smith, J",-1.50\r\n');
    expect(csvLine(["@Home", "Smith, J", "-1.50"], { formulaGuard: false })).toBe('@Home,"Smith, J",-1.50\r\n');
  });
});

describe("csvHeader and csvRows", () => {
  it("writes RFC 4180 lines, CRLF-terminated, that concatenate page by page", () => {
    const page1 = csvRows(columns, [{ InvoiceNum: 1001, Customer: "Acme", Total: "-12.50" }]);
    const page2 = csvRows(columns, [{ InvoiceNum: 1002, Customer: 'Smith, "J"', Total: "1200.000000" }]);
    expect(csvHeader(columns) + page1 + page2).toBe(
      'Invoice no.,"Customer, name",Total\r\n' + "1001,Acme,-12.50\r\n" + '1002,"Smith, ""J""",1200.000000\r\n',
    );
  });

  it("starts with the byte order mark only when asked", () => {
    expect(csvHeader(columns, { bom: true }).startsWith(CSV_BOM)).toBe(true);
    expect(csvHeader(columns).startsWith(CSV_BOM)).toBe(false);
  });

  it("writes nothing for no rows, and an empty cell for a missing value", () => {
    expect(csvRows(columns, [])).toBe("");
    const sloppy: ExportColumn = { id: "x", header: "X", value: () => undefined as unknown as string };
    expect(csvRows([sloppy, columns[0]!], [{ InvoiceNum: 7 }])).toBe(",7\r\n");
  });
});
