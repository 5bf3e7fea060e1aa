/**
 * A purchasing manager's spreadsheet read into purchase-order lines, pure: what a pasted block or an
 * uploaded CSV says, row by row, before anything is added. A row's product is found by its ProductID, the supplier's
 * product number, or its exact name; its quantity is in cases or units, by its column's header or by a suffix
 * ("12 cs", "48 units"). A row that names no product, or several, is listed with why and the candidates to choose from;
 * nothing becomes a line until the person confirms. More lines than a purchase order takes (the API's 200) are split
 * into several drafts, named in sequence.
 *
 * The field notes: supplier product numbers hold junk such as `N/A` and `0` in the live data, and one number can name
 * several products: such a number never matches (a row with it is "not found" or "ambiguous", never a guess).
 */
import { MAX_LINE_ITEMS } from "@/lib/data-api/values";
import { type CatalogProduct, isCalendarDay } from "./draft";

/** What a column of the sheet holds, read from its header. */
export type ColumnRole = "id" | "number" | "name" | "product" | "cases" | "units" | "quantity" | "batch" | "expiration";

/** A supplier product number that names nothing (the live data's junk): never matched on. */
const JUNK_NUMBER = /^(?:n\/?a|#n\/a|none|null|tbd|-+|0+|\.|\?)$/i;

/**
 * Whether a supplier product number can name a product: not blank, not the live data's junk.
 *
 * @example
 * isMeaningfulNumber("N/A"); // false
 * isMeaningfulNumber("SKU-104"); // true
 */
export function isMeaningfulNumber(text: string | undefined): boolean {
  const value = text?.trim() ?? "";
  return value !== "" && !JUNK_NUMBER.test(value);
}

/** Headers, in the order they are tried: the first that matches names the column. */
const HEADERS: [RegExp, ColumnRole][] = [
  [/^(?:product\s*_?id|productid|id)$/i, "id"],
  [/\b(?:batch|lot)\b/i, "batch"],
  [/\b(?:expir\w*|exp\.?\s*date|best\s*by|use\s*by)\b/i, "expiration"],
  [/^(?:cases?|cs|case\s*qty|qty\s*\(?cases?\)?|cases?\s*ordered)$/i, "cases"],
  [/^(?:units?|each|ea|pcs|pieces|units?\s*ordered|qty\s*\(?units?\)?)$/i, "units"],
  [
    /(?:sku|item\s*(?:no|#|number|code)|product\s*(?:no|#|number|code)|supplier\s*(?:product\s*)?(?:no|#|number)|part\s*(?:no|#|number)|^number$|^code$)/i,
    "number",
  ],
  [/^(?:product\s*name|name|description|item(?:\s*name)?)$/i, "name"],
  [/^product$/i, "product"],
  [/^(?:qty|quantity|order(?:\s*qty)?|amount)$/i, "quantity"],
];

/** A column's role from its header, or undefined when the header says nothing known. */
export function columnRole(header: string): ColumnRole | undefined {
  const text = header.trim().replace(/\s+/g, " ");
  return HEADERS.find(([pattern]) => pattern.test(text))?.[1];
}

/**
 * The cells of a sheet's rows: tab-separated (a paste from a spreadsheet) or comma-separated with RFC 4180 quotes (a
 * CSV file: a quoted cell may hold commas, doubled quotes and line breaks). Blank rows are dropped; each row keeps its
 * line number in the text (1-based) for the report.
 *
 * @example
 * sheetRows('SKU,Cases\n"A, big one",2'); // [{ line: 1, cells: ["SKU", "Cases"] }, { line: 2, cells: ["A, big one", "2"] }]
 */
export function sheetRows(text: string): { line: number; cells: string[] }[] {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const firstLine = source.split("\n").find((l) => l.trim() !== "") ?? "";
  const separator = firstLine.includes("\t") ? "\t" : ",";
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== "")) rows.push({ line: rowLine, cells: cells.map((c) => c.trim()) });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (c === separator) {
      cells.push(cell);
      cell = "";
    } else if (c === "\n") {
      endRow();
      line++;
      rowLine = line;
    } else cell += c;
  }
  endRow();
  return rows;
}

/** A quantity as a cell says it: "12", "12 cs", "12 cases", "48u", "48 units", "48 ea". */
const QUANTITY = /^(\d+(?:\.\d+)?)\s*(cs|cases?|u|units?|ea|each|pcs)?\.?$/i;

/**
 * A quantity cell read: its number and, when a suffix says so, its kind.
 *
 * @example
 * readQuantity("12 cs"); // { quantity: "12", kind: "cases" }
 * readQuantity("48"); // { quantity: "48" }
 * readQuantity("a dozen"); // undefined
 */
export function readQuantity(text: string): { quantity: string; kind?: "cases" | "units" } | undefined {
  const match = QUANTITY.exec(text.trim());
  if (!match) return undefined;
  const suffix = match[2]?.toLowerCase();
  const kind = suffix === undefined ? undefined : suffix.startsWith("c") ? "cases" : "units";
  return { quantity: match[1]!.replace(/^0+(?=\d)/, ""), ...(kind ? { kind } : {}) };
}

/** How a row's product was found, or why not. */
export type ProductMatch =
  | { status: "matched"; product: CatalogProduct; by: "id" | "number" | "name" }
  | { status: "ambiguous"; candidates: CatalogProduct[]; reason: string }
  | { status: "unmatched"; reason: string };

/** The catalogue's indexes a sheet is matched against, made once. */
export interface CatalogIndex {
  byId: Map<number, CatalogProduct>;
  byNumber: Map<string, CatalogProduct[]>;
  byName: Map<string, CatalogProduct[]>;
}

const nameKey = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

export function indexCatalog(catalog: readonly CatalogProduct[]): CatalogIndex {
  const byId = new Map<number, CatalogProduct>();
  const byNumber = new Map<string, CatalogProduct[]>();
  const byName = new Map<string, CatalogProduct[]>();
  for (const product of catalog) {
    byId.set(product.productId, product);
    if (isMeaningfulNumber(product.supplierProductNumber)) {
      const key = product.supplierProductNumber!.trim().toLowerCase();
      byNumber.set(key, [...(byNumber.get(key) ?? []), product]);
    }
    const name = nameKey(product.name);
    if (name) byName.set(name, [...(byName.get(name) ?? []), product]);
  }
  return { byId, byNumber, byName };
}

/**
 * A cell's product: by what its column says it is (an id, a number, a name), or, in a column that says only
 * "product" (or none), by a unique supplier number, then an id, then an exact name. Junk numbers never match.
 *
 * @example
 * matchProduct("SKU-104", index); // { status: "matched", product, by: "number" }
 * matchProduct("N/A", index, "number"); // { status: "unmatched", reason: "\"N/A\" is no product number ..." }
 */
export function matchProduct(reference: string, index: CatalogIndex, role?: ColumnRole): ProductMatch {
  const text = reference.trim();
  if (text === "") return { status: "unmatched", reason: "The product is missing" };
  const byId = (): ProductMatch | undefined => {
    // "#10001" is always an id (the editor's product labels end so).
    const digits = /^#?(\d{1,12})$/.exec(text)?.[1];
    if (digits === undefined) return undefined;
    const product = index.byId.get(Number(digits));
    return product ? { status: "matched", product, by: "id" } : undefined;
  };
  const byNumber = (): ProductMatch | undefined => {
    if (!isMeaningfulNumber(text)) return undefined;
    const found = index.byNumber.get(text.toLowerCase());
    if (!found) return undefined;
    if (found.length === 1) return { status: "matched", product: found[0]!, by: "number" };
    return {
      status: "ambiguous",
      candidates: found,
      reason: `${found.length} products have the number "${text}": choose one`,
    };
  };
  const byName = (): ProductMatch | undefined => {
    const found = index.byName.get(nameKey(text));
    if (!found) return undefined;
    if (found.length === 1) return { status: "matched", product: found[0]!, by: "name" };
    return {
      status: "ambiguous",
      candidates: found,
      reason: `${found.length} products are named "${text}": choose one`,
    };
  };
  if (role === "id")
    return byId() ?? { status: "unmatched", reason: `No product of this supplier has the id "${text}"` };
  if (text.startsWith("#")) return byId() ?? { status: "unmatched", reason: `No product of this supplier is ${text}` };
  if (role === "number") {
    if (!isMeaningfulNumber(text))
      return { status: "unmatched", reason: `"${text}" is no product number (it names nothing in the catalog)` };
    return byNumber() ?? { status: "unmatched", reason: `No product of this supplier has the number "${text}"` };
  }
  if (role === "name")
    return byName() ?? { status: "unmatched", reason: `No product of this supplier is named "${text}"` };
  return (
    byNumber() ??
    byId() ??
    byName() ?? {
      status: "unmatched",
      reason: isMeaningfulNumber(text)
        ? `No product of this supplier has the number, id or name "${text}"`
        : `"${text}" is no product number (it names nothing in the catalog)`,
    }
  );
}

/** One row of the sheet as read: its product (or why not), its quantity (or why not), its batch and expiration. */
export interface SheetRow {
  /** The row's line in the text (1-based). */
  line: number;
  /** The row as it was, for the report: its cells joined by " | ", less the empty ones at its end. */
  text: string;
  match: ProductMatch;
  quantity?: { quantity: string; kind: "cases" | "units" };
  /** Why the quantity could not be read. */
  quantityProblem?: string;
  batchCode: string;
  expirationDate: string;
  /** Why the expiration date is none (a date as YYYY-MM-DD, on the calendar). */
  expirationProblem?: string;
}

export interface ReadSheet {
  rows: SheetRow[];
  /** The header row's columns as understood, when the first row was one. */
  columns?: (ColumnRole | undefined)[];
}

/**
 * A sheet read row by row against a supplier's catalogue. With a header row, its columns say what each cell is; without
 * one, the cells are the editor's order: product (id, number or name), cases, units, batch code, expiration date.
 *
 * @example
 * readSheet("Product name,Cases\nOG Kush 3.5g,2", catalog).rows[0].match.status; // "matched"
 */
export function readSheet(text: string, catalog: readonly CatalogProduct[]): ReadSheet {
  const index = indexCatalog(catalog);
  const all = sheetRows(text);
  const headerRoles = all[0]?.cells.map(columnRole);
  const isHeader =
    headerRoles !== undefined &&
    headerRoles.some((r) => r === "id" || r === "number" || r === "name" || r === "product") &&
    !all[0]!.cells.some((c) => readQuantity(c) !== undefined);
  const roles: (ColumnRole | undefined)[] = isHeader
    ? headerRoles!
    : ["product", "cases", "units", "batch", "expiration"];
  const body = isHeader ? all.slice(1) : all;
  const at = (role: ColumnRole) => roles.indexOf(role);
  const productColumns = (["id", "number", "name", "product"] as const).filter((r) => at(r) >= 0);
  const rows = body.map(({ line, cells }): SheetRow => {
    const cell = (role: ColumnRole) => (at(role) >= 0 ? (cells[at(role)] ?? "") : "");
    // The first product column the row fills decides (a sheet may hold ids for some rows and numbers for others).
    const filled = productColumns.find((role) => cell(role) !== "");
    const match = filled
      ? matchProduct(cell(filled), index, filled === "product" ? undefined : filled)
      : ({ status: "unmatched", reason: "The product is missing" } as const);
    const row: SheetRow = {
      line,
      // Its cells as they were, less the empty ones at its end (a sheet's row is as wide as its widest).
      text: cells.slice(0, cells.findLastIndex((c) => c !== "") + 1).join(" | "),
      match,
      batchCode: cell("batch"),
      expirationDate: cell("expiration"),
    };
    const cases = cell("cases");
    const units = cell("units");
    const either = cell("quantity");
    const given = [
      ...(cases ? [{ text: cases, kind: "cases" as const }] : []),
      ...(units ? [{ text: units, kind: "units" as const }] : []),
      ...(either ? [{ text: either, kind: undefined }] : []),
    ];
    if (given.length === 0) row.quantityProblem = "Fill cases or units";
    else if (given.length > 1) row.quantityProblem = "Fill cases or units, not both";
    else {
      const read = readQuantity(given[0]!.text);
      const kind = read?.kind ?? given[0]!.kind;
      if (!read || Number(read.quantity) <= 0)
        row.quantityProblem = `"${given[0]!.text}" is not a positive number of cases or units`;
      else if (given[0]!.kind && read.kind && read.kind !== given[0]!.kind)
        row.quantityProblem = `"${given[0]!.text}" says ${read.kind} in the ${given[0]!.kind} column`;
      else if (!kind) row.quantityProblem = `"${given[0]!.text}": cases or units? Add "cs" or "u", or a header`;
      else if (kind === "units" && !Number.isInteger(Number(read.quantity)))
        row.quantityProblem = `"${given[0]!.text}": units must be a whole number`;
      else row.quantity = { quantity: read.quantity, kind };
    }
    if (row.expirationDate !== "" && !isCalendarDay(row.expirationDate))
      row.expirationProblem = `"${row.expirationDate}" is not a date as YYYY-MM-DD`;
    return row;
  });
  return { rows, ...(isHeader ? { columns: roles } : {}) };
}

/**
 * Lines split into drafts of at most the API's 200 lines, in order.
 *
 * @example
 * splitIntoDrafts(Array.from({ length: 450 }, (_, i) => i)).map((d) => d.length); // [200, 200, 50]
 */
export function splitIntoDrafts<T>(lines: readonly T[], max: number = MAX_LINE_ITEMS): T[][] {
  const drafts: T[][] = [];
  for (let i = 0; i < lines.length; i += max) drafts.push(lines.slice(i, i + max));
  return drafts;
}

/**
 * The PO numbers of drafts made from one sheet, in sequence: the number as typed for one draft, "-1", "-2", ... after
 * it for several (the API wants each PO number unique for the vendor).
 *
 * @example
 * draftNumbers("PO-2026-118", 3); // ["PO-2026-118-1", "PO-2026-118-2", "PO-2026-118-3"]
 */
export function draftNumbers(poNum: string, count: number): string[] {
  if (count <= 1) return [poNum];
  return Array.from({ length: count }, (_, i) => `${poNum}-${i + 1}`);
}
