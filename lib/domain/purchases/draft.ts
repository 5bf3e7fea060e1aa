import type { WriteLineItem } from "@/lib/data-api/writes";
import { MAX_LINE_ITEMS } from "@/lib/data-api/values";

/**
 * The purchase-order editor's model: the lines as a person types them, what the API takes from them, the checks the
 * editor makes before the API does, and the API's field errors placed on the lines and fields they concern (a
 * spreadsheet's rows are read by sheet-import.ts). Pure and browser-safe; the editor renders it, the unit tests check it.
 */

/** How a line's quantity is counted: exactly one of cases or units goes to the API. */
export type QuantityKind = "cases" | "units";

/** One line of the editor, as typed (text fields stay text until they are sent). */
export interface DraftLine {
  /** Stable identity for React and for errors: survives reordering and deletion of other lines. */
  key: string;
  productId?: number;
  /** What the person typed in the product field while it names no product yet; absent: the product's label shows. */
  productText?: string;
  kind: QuantityKind;
  quantity: string;
  batchCode: string;
  /** YYYY-MM-DD, or empty. */
  expirationDate: string;
}

/** What the editor knows of a product of the supplier's catalog. */
export interface CatalogProduct {
  productId: number;
  name: string;
  supplierProductNumber?: string;
  unitsPerCase?: number;
  /** The package ("12/3.5g jar"), the state it is listed in and its status: what tells apart two products of one number. */
  packageName?: string;
  state?: string;
  status?: string;
}

/** A problem with one field of one line (or of the whole list, when `key` is absent). */
export interface LineProblem {
  key?: string;
  field: "product" | "quantity" | "batchCode" | "expirationDate" | "lines";
  message: string;
}

const QUANTITY = /^\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD names a real calendar day (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

let counter = 0;
/** A new line key, unique in this page. */
export function newLineKey(): string {
  counter += 1;
  return `line-${counter}`;
}

/** An empty line, counting cases. */
export function emptyLine(key: string = newLineKey()): DraftLine {
  return { key, kind: "cases", quantity: "", batchCode: "", expirationDate: "" };
}

/** Whether a line has nothing typed in it (an empty last line is not sent). */
export function isBlank(line: DraftLine): boolean {
  return (
    line.productId === undefined &&
    (line.productText ?? "").trim() === "" &&
    line.quantity.trim() === "" &&
    line.batchCode.trim() === "" &&
    line.expirationDate === ""
  );
}

/**
 * The editor's own checks, before anything is sent: a product on every line, a positive quantity, a batch code where
 * the vendor requires one, a real expiration date, at most 200 lines. Blank lines are ignored.
 */
export function lineProblems(lines: DraftLine[], options: { requiresBatchCodes: boolean }): LineProblem[] {
  const problems: LineProblem[] = [];
  const used = lines.filter((l) => !isBlank(l));
  if (used.length > MAX_LINE_ITEMS)
    problems.push({
      field: "lines",
      message: `A purchase order takes at most ${MAX_LINE_ITEMS} lines; this one has ${used.length}`,
    });
  for (const line of used) {
    if (line.productId === undefined) {
      const typed = (line.productText ?? "").trim();
      problems.push({
        key: line.key,
        field: "product",
        message: typed ? `No product of this catalog matches "${typed}": pick one from the list` : "Choose a product",
      });
    }
    const quantity = line.quantity.trim();
    if (!QUANTITY.test(quantity) || Number(quantity) <= 0)
      problems.push({ key: line.key, field: "quantity", message: `Enter a positive number of ${line.kind}` });
    else if (line.kind === "units" && !Number.isInteger(Number(quantity)))
      problems.push({ key: line.key, field: "quantity", message: "Units must be a whole number" });
    if (options.requiresBatchCodes && line.batchCode.trim() === "")
      problems.push({ key: line.key, field: "batchCode", message: "This vendor requires a batch code on every line" });
    if (line.expirationDate !== "" && !isCalendarDay(line.expirationDate))
      problems.push({ key: line.key, field: "expirationDate", message: "Enter a date as YYYY-MM-DD" });
  }
  return problems;
}

/** The lines as the API takes them (blank lines left out; quantities as numbers; empty optional fields omitted). */
export function toWriteLines(lines: DraftLine[]): WriteLineItem[] {
  return lines
    .filter((l) => !isBlank(l))
    .map((l) => ({
      product_id: l.productId ?? 0,
      [l.kind]: Number(l.quantity.trim()),
      ...(l.batchCode.trim() ? { batch_code: l.batchCode.trim() } : {}),
      ...(l.expirationDate ? { expiration_date: l.expirationDate } : {}),
    }));
}

/**
 * The running total of cases: cases as typed, units converted by the product's units per case when it is known.
 * Lines whose quantity is not a number count nothing.
 *
 * @example
 * totalCases([{ ...emptyLine("a"), productId: 1, quantity: "2" }, { ...emptyLine("b"), productId: 1, kind: "units", quantity: "16" }], new Map([[1, 8]])); // 4
 */
export function totalCases(lines: DraftLine[], unitsPerCase: Map<number, number>): number {
  let total = 0;
  for (const line of lines) {
    const quantity = line.quantity.trim();
    if (!QUANTITY.test(quantity)) continue;
    if (line.kind === "cases") total += Number(quantity);
    else {
      const per = line.productId === undefined ? undefined : unitsPerCase.get(line.productId);
      if (per) total += Number(quantity) / per;
    }
  }
  return Math.round(total * 1000) / 1000;
}

/** The field of a line the API names, in the editor's words. */
const API_FIELDS: Record<string, LineProblem["field"]> = {
  product_id: "product",
  cases: "quantity",
  units: "quantity",
  batch_code: "batchCode",
  expiration_date: "expirationDate",
};

/**
 * The API's field errors on lines (`purchase_transactions[3].batch_code`, or `index: 3`) placed on the editor's
 * lines: the index counts the lines sent, so blank lines are skipped when finding the line. Errors on the header
 * fields (`po_num`, `vendor_id`...) come back with their field name and no key.
 */
export function placeFieldErrors(
  fieldErrors: { field: string; detail: string; message?: string; index?: number }[],
  lines: DraftLine[],
): { lines: LineProblem[]; header: { field: string; message: string }[] } {
  const sent = lines.filter((l) => !isBlank(l));
  const placed: LineProblem[] = [];
  const header: { field: string; message: string }[] = [];
  for (const error of fieldErrors) {
    const message = error.message ?? error.detail;
    const match = /^purchase_transactions\[(\d+)\]\.?(\w+)?$/.exec(error.field);
    const index = match ? Number(match[1]) : error.field.startsWith("purchase_transactions") ? error.index : undefined;
    const line = index === undefined ? undefined : sent[index];
    if (line) placed.push({ key: line.key, field: API_FIELDS[match?.[2] ?? ""] ?? "product", message });
    else if (error.field.startsWith("purchase_transactions")) placed.push({ field: "lines", message });
    else header.push({ field: error.field, message });
  }
  return { lines: placed, header };
}

/**
 * How a product reads in the product field and its suggestions: supplier product number, name and product id (the
 * id makes it unique: supplier product numbers are not).
 *
 * @example
 * productLabel({ productId: 10001, name: "Strawberry Cough 14g", supplierProductNumber: "MS-FL-0001" }); // "MS-FL-0001 · Strawberry Cough 14g · #10001"
 */
export function productLabel(product: CatalogProduct): string {
  const number = product.supplierProductNumber?.trim();
  return `${number ? `${number} · ` : ""}${product.name} · #${product.productId}`;
}

/**
 * What tells a product apart beyond its label: its case size, package, state and status (the catalog repeats a
 * supplier product number across products, and "N/A" or "0" across many).
 *
 * @example
 * productDetails({ productId: 10005, name: "Zkittlez Quarter 7g", unitsPerCase: 12, packageName: "12/7g jar", state: "CA", status: "Active" }); // "12 per case · 12/7g jar · CA · Active"
 */
export function productDetails(product: CatalogProduct): string {
  return [
    product.unitsPerCase ? `${product.unitsPerCase} per case` : undefined,
    product.packageName,
    product.state,
    product.status,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * The products a typed supplier product number names when it names more than one: the editor offers each to choose
 * from (by name, id, case size and package) instead of guessing. None for a text that names one product, or none.
 *
 * @example
 * sharedNumber("N/A", catalog).length; // 2, where two products have the number "N/A"
 */
export function sharedNumber(text: string, catalog: CatalogProduct[]): CatalogProduct[] {
  const typed = text.trim().toLowerCase();
  if (!typed) return [];
  const numbered = catalog.filter((p) => p.supplierProductNumber?.trim().toLowerCase() === typed);
  return numbered.length > 1 ? numbered : [];
}

/**
 * The product a typed text names: a suggestion's label, a supplier product number that exactly one product of the
 * catalog has, or a product id ("10001", or "#10001" which is always an id). Anything else names none.
 */
export function matchProduct(text: string, catalog: CatalogProduct[]): CatalogProduct | undefined {
  const typed = text.trim();
  if (!typed) return undefined;
  const byId = (id: number) => catalog.find((p) => p.productId === id);
  // "#41" is always an id; otherwise a label, then the order of a spreadsheet's rows (sheet-import.ts): a unique
  // supplier product number, then an id.
  if (/^#\d+$/.test(typed)) return byId(Number(typed.slice(1)));
  const byLabel = catalog.find((p) => productLabel(p) === typed);
  if (byLabel) return byLabel;
  const numbered = catalog.filter((p) => p.supplierProductNumber?.trim().toLowerCase() === typed.toLowerCase());
  if (numbered.length === 1) return numbered[0];
  return /^\d+$/.test(typed) ? byId(Number(typed)) : undefined;
}

/**
 * A line counting units read in the unit it was most likely entered in: the API keeps a draft's quantities in units
 * only, so a count of whole cases of the product's case size is cases again (5 cases of 8 saved as 40 units reopen as
 * 5 cases), any other count stays units (7 units of an 8-unit case), as does a product whose case size is unknown or
 * one unit. A line counting cases is left as it is.
 *
 * @example
 * inEnteredUnit({ ...emptyLine("a"), productId: 11, kind: "units", quantity: "40" }, 8); // kind "cases", quantity "5"
 * inEnteredUnit({ ...emptyLine("a"), productId: 11, kind: "units", quantity: "7" }, 8); // unchanged: 7 units
 */
export function inEnteredUnit(line: DraftLine, unitsPerCase: number | undefined): DraftLine {
  if (line.kind !== "units" || unitsPerCase === undefined || !Number.isInteger(unitsPerCase) || unitsPerCase <= 1)
    return line;
  const units = Number(line.quantity.trim());
  if (!/^\d+$/.test(line.quantity.trim()) || units <= 0 || units % unitsPerCase !== 0) return line;
  return { ...line, kind: "cases", quantity: String(units / unitsPerCase) };
}

/**
 * A draft's lines as the API keeps them (in units, whatever was typed), each in the unit it was entered in where the
 * products' case sizes are known (`inEnteredUnit`), else in units.
 */
export function fromDraftLines(
  lines: { product_id: number; num_units: number; batch_code?: string | null; expiration_date?: string | null }[],
  makeKey: () => string = newLineKey,
  unitsPerCase: ReadonlyMap<number, number> = new Map(),
): DraftLine[] {
  return lines.map((l) =>
    inEnteredUnit(
      {
        key: makeKey(),
        productId: l.product_id,
        kind: "units",
        quantity: String(l.num_units),
        batchCode: l.batch_code ?? "",
        expirationDate: l.expiration_date?.slice(0, 10) ?? "",
      },
      unitsPerCase.get(l.product_id),
    ),
  );
}

/** The editor's line list operations, each returning a new list; a list is never left empty. */
export const lineList = {
  /** A new empty line after `key` (at the end without one, or when `key` is gone); its key is returned to focus it. */
  addAfter(lines: DraftLine[], key?: string, made: DraftLine = emptyLine()): { lines: DraftLine[]; added: string } {
    const found = key === undefined ? -1 : lines.findIndex((l) => l.key === key);
    const at = found === -1 ? lines.length : found + 1;
    return { lines: [...lines.slice(0, at), made, ...lines.slice(at)], added: made.key };
  },
  /** A copy of the line `key`, right after it. */
  duplicate(
    lines: DraftLine[],
    key: string,
    makeKey: () => string = newLineKey,
  ): { lines: DraftLine[]; added?: string } {
    const at = lines.findIndex((l) => l.key === key);
    if (at === -1) return { lines };
    const copy = { ...lines[at]!, key: makeKey() };
    return { lines: [...lines.slice(0, at + 1), copy, ...lines.slice(at + 1)], added: copy.key };
  },
  /** The list without the line `key` (one empty line when it was the last). */
  remove(lines: DraftLine[], key: string): DraftLine[] {
    const rest = lines.filter((l) => l.key !== key);
    return rest.length ? rest : [emptyLine()];
  },
  /** One line changed. */
  update(lines: DraftLine[], key: string, changes: Partial<Omit<DraftLine, "key">>): DraftLine[] {
    return lines.map((l) => (l.key === key ? { ...l, ...changes } : l));
  },
  /**
   * Pasted lines put in at `key` (the line pasted into: replaced when blank, followed otherwise; at the end without
   * one), up to the 200-line limit: the lines past it come back as `refused`.
   */
  paste(lines: DraftLine[], pasted: DraftLine[], key?: string): { lines: DraftLine[]; refused: number } {
    const at = key === undefined ? -1 : lines.findIndex((l) => l.key === key);
    // The blank line pasted into makes way only for lines actually taken.
    const replaced =
      at !== -1 && isBlank(lines[at]!) && pasted.length > 0 && lines.filter((l) => !isBlank(l)).length < MAX_LINE_ITEMS;
    const before = at === -1 ? lines : lines.slice(0, replaced ? at : at + 1);
    const after = at === -1 ? [] : lines.slice(at + 1);
    const room = Math.max(0, MAX_LINE_ITEMS - [...before, ...after].filter((l) => !isBlank(l)).length);
    const taken = pasted.slice(0, room);
    const kept = [
      ...before.filter((l, i) => !(at === -1 && i === before.length - 1 && isBlank(l) && taken.length > 0)),
      ...taken,
      ...after,
    ];
    return { lines: kept.length ? kept : [emptyLine()], refused: pasted.length - taken.length };
  },
};

/** The header of a purchase order as the editor holds it (ids unset until chosen). */
export interface DraftHeader {
  supplierId?: number;
  vendorId?: number;
  locationId?: number;
  /** YYYY-MM-DD, or empty. */
  deliveryDate: string;
  poNum: string;
  /** The supplier's user an Employee key orders on behalf of (created_by_user_id, sent on create only); unset: the key's own. */
  createdByUserId?: number;
}

/** The header fields by the API's names (for placing its field errors) and the editor's. */
export type HeaderField =
  | "supplier_id"
  | "vendor_id"
  | "to_location_id"
  | "delivery_date"
  | "po_num"
  | "created_by_user_id";

/**
 * The editor's checks of the header before anything is sent; `today` (YYYY-MM-DD) bounds the delivery date (undefined:
 * no bound, for a date the API will not check again).
 */
export function headerProblems(
  header: DraftHeader,
  today: string | undefined,
): { field: HeaderField; message: string }[] {
  const problems: { field: HeaderField; message: string }[] = [];
  if (header.supplierId === undefined) problems.push({ field: "supplier_id", message: "Choose a supplier" });
  if (header.vendorId === undefined) problems.push({ field: "vendor_id", message: "Choose a vendor" });
  if (header.locationId === undefined)
    problems.push({ field: "to_location_id", message: "Choose the destination warehouse" });
  if (!isCalendarDay(header.deliveryDate))
    problems.push({ field: "delivery_date", message: "Enter the requested delivery date" });
  else if (today !== undefined && header.deliveryDate < today)
    problems.push({ field: "delivery_date", message: `The delivery date cannot be before today (${today})` });
  if (header.poNum.trim() === "") problems.push({ field: "po_num", message: "Enter a PO number" });
  return problems;
}

// In a module of its own: the drafts' outcome lists (components/purchases/draft-outcomes.tsx) need it without the rest.
export { existingPurchaseOf } from "./existing-purchase";
