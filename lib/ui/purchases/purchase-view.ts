import { casesText } from "@/lib/domain/purchases/fields";

/**
 * A purchase as a purchasing manager reads it, from a v2 record (snake_case) or a v1 one (PascalCase): the header's
 * facts and totals, and each line's product, cases and units, batch code and amounts. Pure: the page renders it, the
 * unit tests check it. Every other field stays on the page behind "All fields", but its secrets (`PURCHASE_SECRETS`).
 */

type Row = Record<string, unknown>;

/** A field by its v2 name or, on a v1 record, its v1 name. */
function read(row: Row, v2: string, v1: string): unknown {
  return row[v2] ?? row[v1];
}
function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== ""
    ? value
    : typeof value === "number"
      ? String(value)
      : undefined;
}
function id(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value)
    ? value
    : typeof value === "string" && /^\d{1,15}$/.test(value)
      ? Number(value)
      : undefined;
}

export interface PurchaseHeader {
  poNum?: string;
  status?: string;
  /** The ERP's id (null on a draft until the ERP has imported it). */
  erpId?: number;
  globalId?: string;
  vendorId?: number;
  /** The record's own name, when it has one (a draft's is null: the page names the vendor from its id). */
  vendorName?: string;
  warehouseId?: number;
  warehouseName?: string;
  /** The requested delivery date (YYYY-MM-DD): not a documented field, sent by a service that keeps it. */
  deliveryDate?: string;
  created?: string;
  lastEdited?: string;
  posted?: string;
  received?: string;
  invoiceDate?: string;
  due?: string;
  terms?: string;
  receivingNum?: string;
  shipmentNum?: string;
  memo?: string;
  cases?: string;
  freight?: string;
  tax?: string;
  otherCost?: string;
  total?: string;
  /** The PDF's address, to open: never shown as text. */
  pdf?: string;
}

/**
 * The header of a purchase (v1 or v2) by what it means.
 *
 * @example
 * purchaseHeader({ po_num: "PO-1", status: "InProgress", vendor_id: 9001, delivery_date: "2026-12-14" }).deliveryDate; // "2026-12-14"
 */
export function purchaseHeader(row: Row): PurchaseHeader {
  const day = (v2: string, v1: string) => text(read(row, v2, v1));
  return {
    poNum: text(read(row, "po_num", "PONum")),
    status: text(read(row, "status", "Status")),
    erpId: id(read(row, "purchase_id", "PurchaseID")),
    globalId: text(read(row, "purchase_global_id", "PurchaseGlobalID")),
    vendorId: id(read(row, "vendor_id", "VendorID")),
    vendorName: text(read(row, "vendor_name", "VendorName")),
    warehouseId: id(read(row, "to_location_id", "ToLocationID")),
    warehouseName: text(read(row, "to_location_name", "ToLocationName")),
    deliveryDate: text(read(row, "delivery_date", "DeliveryDate"))?.slice(0, 10),
    created: day("time_created", "TimeCreated"),
    lastEdited: day("last_edit_time", "LastEditTime"),
    posted: day("post_date", "PostDate"),
    received: day("receive_date", "ReceiveDate"),
    invoiceDate: day("invoice_date", "InvoiceDate"),
    due: day("due_date", "DueDate"),
    terms: text(read(row, "terms", "Terms")),
    receivingNum: text(read(row, "receiving_num", "ReceivingNum")),
    shipmentNum: text(read(row, "shipment_num", "ShipmentNum")),
    memo: text(read(row, "memo", "Memo")),
    cases: text(read(row, "total_cases", "TotalCases")),
    freight: text(read(row, "freight", "Freight")),
    tax: text(read(row, "tax", "Tax")),
    otherCost: text(read(row, "other_cost", "OtherCost")),
    total: text(read(row, "total", "Total")),
    pdf: text(read(row, "public_pdf_link", "PublicPDFLink")),
  };
}

/** What the page knows of a line's product (from the catalog): its name, number, case size and package. */
export interface LineProduct {
  name?: string;
  supplierProductNumber?: string;
  unitsPerCase?: number;
  packageName?: string;
}

export interface PurchaseLine {
  key: string;
  productId?: number;
  /** Cases: the ERP's on a posted line; on a draft, its units over the product's units per case, once that is known. */
  cases?: string;
  units?: string;
  /** Units ordered (a posted line; its units are what came). */
  ordered?: string;
  batchCode?: string;
  expires?: string;
  unitCost?: string;
  extended?: string;
  needsActivation?: boolean;
}

/**
 * A purchase's lines (a v2 draft's, the ERP's posted lines in v2 or v1), cases and units side by side. A draft keeps
 * its quantities in units: its cases are counted as the editor counts them, by the product's `WholesaleUnitsPerCase`.
 *
 * @example
 * purchaseLines([{ id: 1, product_id: 7, num_units: 36 }], new Map([[7, { unitsPerCase: 12 }]])).lines[0].cases; // "3"
 */
export function purchaseLines(
  rows: Row[],
  products: ReadonlyMap<number, LineProduct>,
): { posted: boolean; lines: PurchaseLine[] } {
  const posted = rows.some((l) => "purchase_trans_id" in l || "PurchaseTransID" in l);
  const lines = rows.map((row, index): PurchaseLine => {
    const productId = id(read(row, "product_id", "ProductID"));
    const units = text(read(row, "num_units", "NumUnits"));
    const perCase = productId === undefined ? undefined : products.get(productId)?.unitsPerCase;
    const draftCases =
      !posted && units !== undefined && perCase && /^\d+(\.\d+)?$/.test(units)
        ? casesText(Number(units) / perCase)
        : undefined;
    const needs = read(row, "needs_activation", "NeedsActivation");
    return {
      key: `${text(read(row, "purchase_trans_id", "PurchaseTransID")) ?? text(row.id) ?? "line"}:${index}`,
      productId,
      cases: posted ? text(read(row, "cases", "Cases")) : draftCases,
      units,
      ordered: text(read(row, "ordered", "Ordered")),
      batchCode: text(read(row, "batch_code", "BatchCode")),
      expires: text(read(row, "expiration_date", "ExpirationDate")),
      unitCost: text(read(row, "fob", "FOB")),
      extended: text(read(row, "ext_price", "ExtPrice")),
      needsActivation: typeof needs === "boolean" ? needs : undefined,
    };
  });
  return { posted, lines };
}

/**
 * The ids of the products on a purchase's lines, for one request of the catalog (`ProductIDs`, at most 500).
 *
 * @example
 * lineProductIds([{ product_id: 9 }, { product_id: 3 }, { product_id: 9 }]); // [3, 9]
 */
export function lineProductIds(rows: Row[]): number[] {
  const ids = new Set<number>();
  for (const row of rows) {
    const productId = id(read(row, "product_id", "ProductID"));
    if (productId !== undefined) ids.add(productId);
  }
  return [...ids].sort((a, b) => a - b).slice(0, 500);
}
