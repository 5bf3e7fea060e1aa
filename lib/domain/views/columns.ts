import type { RecordMeta } from "@/lib/data-api/meta";
import {
  formatBoolean,
  formatDate,
  formatDateTime,
  formatDay,
  formatMoney,
  formatQuantity,
  MISSING,
} from "@/lib/format/display";
import { csvDateTime, csvDay, csvMoney, csvQuantity } from "@/lib/format/csv-values";
import { detailHref, hasDetailPage } from "./detail-paths";
import { LOOKUPS } from "./filters";
import { sentinelWords } from "./sentinels";

/** How a column's values are shown (and written to CSV). */
/** `day`: a calendar day sent as a timestamp (DueDate, PostDate), shown as the day it names in every zone. */
export type ColumnKind = "text" | "money" | "quantity" | "number" | "date" | "day" | "datetime" | "boolean" | "list";

/**
 * A column of a table. `Cell` is what a richer cell is drawn as: the domain draws none (`never`, as `columnsOf` makes
 * them), the browser's columns draw React (lib/ui/views/columns.ts: `ColumnSpec` with `ReactNode`); code that reads
 * a column's text or CSV takes either (`unknown`).
 */
export interface ColumnSpec<R = Record<string, unknown>, Cell = unknown> {
  /** The record's field name, or a name of the view's own for a computed column. */
  id: string;
  header: string;
  kind: ColumnKind;
  /** The documentation's definition of the field, shown as help. */
  help?: string;
  /** A richer cell (a link, a badge); the formatted text is used where it is absent and in CSV. */
  cell?: (row: R, timeZone: string | undefined) => Cell;
  /** The value as text, when it is not simply the field's (computed columns, nested values). */
  text?: (row: R, timeZone: string | undefined) => string;
  /** Right-aligned with tabular figures. */
  numeric?: boolean;
  /**
   * Wraps over lines in a column of readable width rather than widening the table: a list's values always do, a text
   * that holds several (dates joined by ";") says so here (`true`); a record's name (`"name"`) wraps at its spaces
   * only where the table would not fit otherwise, with no minimum width.
   */
  wrap?: boolean | "name";
  /** An id shown by its name (or a list of ids, each by its name): the lookup (`CustomerIDs`) that names it. */
  named?: string;
  /** The page the value links to (a record's name or id to the record's page); undefined leaves it text. */
  href?: (row: R) => string | undefined;
  /** Not a field of the API's record: computed by the view (days of cover) or joined (a brand's share). */
  derived?: boolean;
}

/**
 * Id fields, and what they are ids of: the id list that names their kind (`CustomerIDs`: the lookup that names them,
 * the filter that selects them, the page they link to), the header of a column that shows them by name, and the
 * fields of a record that carry the name itself (an invoice's CustomerName); `code` when that name is a number of one
 * word (an invoice's, a purchase order's), which does not wrap. An id with a lookup is shown by its name
 * unless the record carries it; an id whose record carries its name stays an id, and both link to the record's page.
 */
const ID_FIELDS: Record<string, { kind: string; header?: string; names: readonly string[]; code?: true }> = {
  CustomerID: { kind: "CustomerIDs", header: "Customer", names: ["CustomerName"] },
  ProductID: { kind: "ProductIDs", header: "Product", names: ["ProductName"] },
  LocationID: { kind: "LocationIDs", header: "Warehouse", names: ["Location"] },
  ToLocationID: { kind: "LocationIDs", header: "Warehouse", names: ["ToLocationName"] },
  SupplierID: { kind: "SupplierIDs", header: "Supplier", names: ["Supplier", "SupplierName"] },
  VendorID: { kind: "VendorIDs", header: "Vendor", names: ["VendorName"] },
  UserID: { kind: "UserIDs", header: "User", names: ["FullName", "Name"] },
  SalesRepUserID: { kind: "UserIDs", header: "Sales rep", names: ["SalesRepName"] },
  SubmittedByUserID: { kind: "UserIDs", header: "Submitted by", names: ["SubmittedByUserName"] },
  BuiltByUserID: { kind: "UserIDs", header: "Built by", names: ["BuiltByUserName"] },
  RequestedByUserID: { kind: "UserIDs", header: "Requested by", names: [] },
  InvoiceID: { kind: "InvoiceIDs", names: ["InvoiceNum"], code: true },
  PurchaseID: { kind: "PurchaseIDs", names: ["PONum"], code: true },
  PromotionID: { kind: "PromotionIDs", names: ["PromotionName"] },
};
/** Id lists (`number[]`) of a record shown by name, each linked (a user's CustomerIDs, a promotion's ProductIDs). */
const NAMED_LISTS: Record<string, string> = {
  CustomerIDs: "Customers",
  SupplierIDs: "Suppliers",
  LocationIDs: "Warehouses",
  ProductIDs: "Products",
};

const MONEY = /(Total|Price|Balance|Amount|Due|Credit|Debit|Discount|Freight|Tax|Cost|Outstanding|^FOB$|^Fob$)/;
const NOT_MONEY = /(Cases|Units|Potency|Cannabinoids|Days|DOI)/;

/** Words of snake_case names written in capitals. */
const ACRONYMS = new Set(["id", "pdf", "url", "api", "fob", "coa", "erp", "po"]);

/**
 * "InvoiceNum" → "Invoice no.", "CustomerID" → "Customer ID", "Due_31_60" → "Due 31–60", "COA_URL" → "COA URL",
 * and v2's snake_case the same way: "shipment_num" → "Shipment no.", "fob" → "FOB", "term_id" → "Term ID".
 */
export function humanize(field: string): string {
  const range = /^(\w+?)_(\d+)_(\d+)$/.exec(field);
  if (range) return `${humanize(range[1]!)} ${range[2]}–${range[3]}`;
  const plus = /^(\w+?)_(\d+)$/.exec(field);
  if (plus) return `${humanize(plus[1]!)} ${plus[2]}+`;
  if (/^[a-z][a-z0-9_]*$/.test(field)) {
    return field
      .split("_")
      .filter(Boolean)
      .map((w, i) =>
        w === "num" ? "no." : ACRONYMS.has(w) ? w.toUpperCase() : i === 0 ? w[0]!.toUpperCase() + w.slice(1) : w,
      )
      .join(" ");
  }
  const words = field
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(" ")
    .filter(Boolean)
    .map((w, i) => (w === "Num" ? "no." : /^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : i === 0 ? w : w.toLowerCase()));
  return words.join(" ");
}

/** "total_cases" → "TotalCases", "vendor_id" → "VendorID"; a PascalCase name stays as it is. */
function pascalOf(name: string): string {
  if (!name.includes("_") && /^[A-Z]/.test(name)) return name;
  return name.replace(/_id$/, "_ID").replace(/(^|_)([a-zA-Z])/g, (_, __, c: string) => c.toUpperCase());
}

/** A column's kind from the field's documented type and name. */
function kindOf(name: string, label: string): ColumnKind {
  const base = label.replace(/\?$/, "");
  if (base.endsWith("[]")) return "list";
  if (base === "dec-string") return MONEY.test(name) && !NOT_MONEY.test(name) ? "money" : "quantity";
  if (base === "date-time") return /Date$/.test(name) ? "day" : "datetime";
  if (base === "date") return "date";
  if (base === "boolean") return "boolean";
  if (base === "number") return /ID$/.test(name) ? "text" : "number";
  return "text";
}

/**
 * Columns for every field of a record, each with its documented definition as help; `overrides` change or add.
 *
 * @example
 * columnsOf(Invoice, { InvoiceNum: { header: "Invoice" } });
 */
export function columnsOf<R, Cell = never>(
  record: RecordMeta,
  overrides: Record<string, Partial<ColumnSpec<R, Cell>>> = {},
  extra: ColumnSpec<R, Cell>[] = [],
): ColumnSpec<R, Cell>[] {
  const links = recordLinks<R>(record);
  const columns = Object.entries(record.fields).map(([name, field]): ColumnSpec<R, Cell> => {
    // v2 records name fields in snake_case ("total_cases", "vendor_id"): their kinds and names follow the v1 name.
    const v1 = pascalOf(name);
    const kind = kindOf(v1, field.label);
    const base: ColumnSpec<R, Cell> = {
      id: name,
      header: humanize(name),
      kind,
      help: field.description,
      numeric: kind === "money" || kind === "quantity" || kind === "number",
    };
    return { ...base, ...links.get(name), ...overrides[name] };
  });
  return [...columns, ...extra];
}

/**
 * How a record's ids and names link, by field: an id with a lookup and no name beside it is shown by name (`named`,
 * linked by NamedId); an id whose record carries its name, and that name, link to the record's page (`href`); a list
 * of ids (`number[]`) is shown by names, each linked. A name wraps (`wrap`): the longest store's name of the page
 * ("Desert Cannabis Co. - Santa Rosa") would otherwise set its column's width and push a laptop's last column out.
 */
function recordLinks<R>(record: RecordMeta): Map<string, Partial<ColumnSpec<R, never>>> {
  const links = new Map<string, Partial<ColumnSpec<R, never>>>();
  for (const [name, field] of Object.entries(record.fields)) {
    const v1 = pascalOf(name);
    const list = NAMED_LISTS[v1];
    if (list && field.label.startsWith("number[]")) links.set(name, { named: v1, header: list });
    const id = ID_FIELDS[v1];
    if (!id || !field.label.startsWith("number") || field.label.startsWith("number[]")) continue;
    // By their v1 names only: a v2 purchase's vendor_name is null on a draft, so its vendor_id is named by lookup.
    const nameFields = id.names.filter((n) => n in record.fields);
    const href = (row: R) => detailHref(id.kind, (row as Record<string, unknown>)[name]);
    if (LOOKUPS[id.kind] && nameFields.length === 0) {
      links.set(name, { named: id.kind, wrap: "name", ...(id.header ? { header: id.header } : {}) });
      continue;
    }
    if (!hasDetailPage(id.kind)) continue;
    links.set(name, { href });
    for (const nameField of nameFields)
      if (!links.has(nameField)) links.set(nameField, { href, ...(id.code ? {} : { wrap: "name" as const }) });
  }
  return links;
}

/** A value shown as text: every kind formatted exactly, a missing value as "—", never "undefined". */
export function formatValue(kind: ColumnKind, value: unknown, timeZone?: string): string {
  if (value === undefined || value === null || value === "") return MISSING;
  switch (kind) {
    case "money":
      return formatMoney(value as string);
    case "quantity":
    case "number":
      return formatQuantity(value as string);
    case "date":
      return formatDate(String(value), timeZone);
    case "day":
      return formatDay(String(value));
    case "datetime":
      return formatDateTime(String(value), timeZone);
    case "boolean":
      return formatBoolean(value as boolean);
    case "list":
      return Array.isArray(value)
        ? value.length
          ? value.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(", ")
          : MISSING
        : String(value);
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

/** A row's value of a column as text (table and CSV): a field's sentinel (`sentinels.ts`) in words, "never counted". */
export function cellText<R>(column: ColumnSpec<R>, row: R, timeZone?: string): string {
  if (column.text) return column.text(row, timeZone);
  const value = (row as Record<string, unknown>)[column.id];
  return sentinelWords(column.id, value) ?? formatValue(column.kind, value, timeZone);
}

/**
 * A row's value of a column for CSV, as the table shows it in a form spreadsheets read: money in cents, never rounded
 * (`1308.57`, `3546.085` where the ERP holds a sub-cent digit; no currency sign), quantities exact (`7.5`), days as
 * YYYY-MM-DD (an invoice's Date sent as `2026-08-28T00:00:00.000Z` is `2026-08-28`), times as YYYY-MM-DD HH:MM in the
 * person's zone, words as the table has them; a missing value is an empty cell. A sentinel date (2000-01-01 "never
 * counted", 3000-12-31 "open-ended") stays a date: words would turn a column of dates into text for the spreadsheet.
 *
 * @example
 * csvText({ id: "InvoiceTotal", header: "Invoice total", kind: "money" }, { InvoiceTotal: "1308.570000" }); // "1308.57"
 */
export function csvText<R>(column: ColumnSpec<R>, row: R, timeZone?: string): string {
  const raw = (row as Record<string, unknown>)[column.id] as string | number | null | undefined;
  if (!column.text)
    switch (column.kind) {
      case "money":
        return csvMoney(raw);
      case "quantity":
        return csvQuantity(raw);
      case "number":
        return raw === undefined || raw === null ? "" : String(raw);
      case "date":
      case "day":
        return csvDay(raw);
      case "datetime":
        return csvDateTime(raw, timeZone);
    }
  const shown = cellText(column, row, timeZone);
  return shown === MISSING ? "" : shown;
}

/**
 * A row's value of a column exactly as the API sent it (the export's "All API fields"): figures with the wire's
 * decimals, timestamps as sent, other values as the table shows them.
 *
 * @example
 * rawCsvText({ id: "Date", header: "Invoice date", kind: "day" }, { Date: "2026-08-28T00:00:00.000Z" }); // "2026-08-28T00:00:00.000Z"
 */
export function rawCsvText<R>(column: ColumnSpec<R>, row: R, timeZone?: string): string {
  const raw = (row as Record<string, unknown>)[column.id];
  if (!column.text && ["money", "quantity", "number", "date", "day", "datetime"].includes(column.kind))
    return raw === undefined || raw === null ? "" : String(raw);
  const shown = cellText(column, row, timeZone);
  return shown === MISSING ? "" : shown;
}
