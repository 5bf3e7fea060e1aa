import type { Kysely } from "kysely";
import type { FieldError } from "@/lib/data-api/error-read";
import type { Database } from "./db/schema";
import { rejection } from "./handler";
import type { KeyScope } from "./keys";

/** A line as written (v2 names). */
export interface WriteLine {
  product_id: number;
  cases?: number | null;
  units?: number | null;
  batch_code?: string | null;
  expiration_date?: string | null;
}

/** A purchase order as it would stand after the write: the fields the rules look at. */
export interface PurchaseOrderInput {
  supplier_id: number;
  vendor_id: number;
  to_location_id: number;
  delivery_date: string;
  po_num: string;
  lines: WriteLine[];
}

/** A line ready to store: quantities in units and hundredths of cases, and whether the warehouse must activate it. */
export interface CheckedLine {
  product_id: number;
  cases: number | null;
  units: number | null;
  num_units: number;
  cases_centi: number;
  batch_code: string | null;
  expiration_date: string | null;
  needs_activation: 0 | 1;
}

export interface CheckedPurchaseOrder {
  lines: CheckedLine[];
  /** The readiness rules a submit checks, failed: no line items, a quantity not positive, a batch code missing. */
  notReady: FieldError[];
  /** Total cases over all lines. */
  totalCases: number;
}

export interface CheckOptions {
  /** The environment's day (YYYY-MM-DD): delivery dates before it are refused. */
  today: string;
  /** Whether delivery_date is being written (a PATCH that leaves it alone does not re-check an old date). */
  checksDeliveryDate: boolean;
  /** The purchase being edited: its own po_num is no duplicate. */
  self?: string;
}

const lineField = (index: number, field: string) => `purchase_transactions[${index}].${field}`;

/**
 * Checks a purchase order against the data, for create, validate and PATCH:
 * - 403 SUPPLIER_NOT_AUTHORIZED when supplier_id is not one of a Supplier key's suppliers;
 * - 422 with every field error at once for what refers to nothing usable: supplier, vendor of that supplier at that
 *   destination, active vendor, products of the supplier sold in the destination's state, whole units, delivery date;
 * - 409 DUPLICATE_PO_NUMBER, naming the existing purchase, when the vendor already has the po_num.
 * The readiness rules (a submit's) are answered, not thrown: a draft may be saved unfinished.
 *
 * @example
 * const { lines, notReady, totalCases } = await checkPurchaseOrder(trx, scope, input, { today: "2026-11-21", checksDeliveryDate: true });
 */
export async function checkPurchaseOrder(
  db: Kysely<Database>,
  scope: KeyScope,
  input: PurchaseOrderInput,
  options: CheckOptions,
): Promise<CheckedPurchaseOrder> {
  if (scope.type === "Supplier" && !scope.supplierIds.includes(input.supplier_id)) {
    const detail = `This key is not authorized for supplier ${input.supplier_id}`;
    throw rejection(403, "SUPPLIER_NOT_AUTHORIZED", detail, [
      { field: "supplier_id", code: "SUPPLIER_NOT_AUTHORIZED", detail },
    ]);
  }
  const errors: FieldError[] = [];
  const add = (field: string, code: string, detail: string, extra: Partial<FieldError> = {}) =>
    errors.push({ field, code, detail, ...extra });

  const supplier = await db
    .selectFrom("suppliers")
    .select(["supplier_id", "active"])
    .where("supplier_id", "=", input.supplier_id)
    .executeTakeFirst();
  if (!supplier) add("supplier_id", "UNKNOWN_SUPPLIER", `No supplier ${input.supplier_id}`);
  else if (!supplier.active) add("supplier_id", "SUPPLIER_INACTIVE", `Supplier ${input.supplier_id} is not active`);

  const location = await db
    .selectFrom("locations")
    .select(["location_id", "state"])
    .where("location_id", "=", input.to_location_id)
    .executeTakeFirst();
  const vendors = await db
    .selectFrom("vendors")
    .select(["location_id", "active", "require_po_batch_codes"])
    .where("vendor_id", "=", input.vendor_id)
    .where("supplier_id", "=", input.supplier_id)
    .execute();
  const vendor = vendors.find((v) => v.location_id === input.to_location_id);
  if (!location) add("to_location_id", "UNKNOWN_LOCATION", `No warehouse ${input.to_location_id}`);
  if (vendors.length === 0)
    add("vendor_id", "UNKNOWN_VENDOR", `Vendor ${input.vendor_id} is not a vendor of supplier ${input.supplier_id}`);
  else if (location && !vendor)
    add(
      "to_location_id",
      "VENDOR_NOT_AT_LOCATION",
      `Vendor ${input.vendor_id} does not deliver to warehouse ${input.to_location_id}`,
    );
  else if (vendor && !vendor.active) add("vendor_id", "VENDOR_INACTIVE", `Vendor ${input.vendor_id} is not active`);

  if (options.checksDeliveryDate && input.delivery_date < options.today) {
    add(
      "delivery_date",
      "DELIVERY_DATE_IN_PAST",
      `delivery_date ${input.delivery_date} is before today (${options.today})`,
    );
  }

  const ids = [...new Set(input.lines.map((l) => l.product_id))];
  const products = ids.length
    ? await db
        .selectFrom("products")
        .select(["product_id", "supplier_id", "state", "status_id", "wholesale_units_per_case"])
        .where("product_id", "in", ids)
        .execute()
    : [];
  const stocked =
    ids.length && location
      ? new Set(
          (
            await db
              .selectFrom("inventory")
              .select("product_id")
              .where("location_id", "=", location.location_id)
              .where("product_id", "in", ids)
              .execute()
          ).map((r) => r.product_id),
        )
      : new Set<number>();

  const lines: CheckedLine[] = [];
  input.lines.forEach((line, index) => {
    const product = products.find((p) => p.product_id === line.product_id);
    const at = { index, ProductID: line.product_id };
    if (!product || product.supplier_id !== input.supplier_id) {
      add(
        lineField(index, "product_id"),
        "UNKNOWN_PRODUCT",
        `Product ${line.product_id} is not in supplier ${input.supplier_id}'s catalog`,
        at,
      );
      return;
    }
    if (product.status_id === 0)
      add(lineField(index, "product_id"), "PRODUCT_DISCONTINUED", `Product ${line.product_id} is discontinued`, at);
    if (location && product.state !== location.state) {
      add(
        lineField(index, "product_id"),
        "PRODUCT_NOT_IN_STATE",
        `Product ${line.product_id} is sold in ${product.state}, not in ${location.state} where warehouse ${location.location_id} is`,
        at,
      );
    }
    const perCase = product.wholesale_units_per_case;
    const byCases = line.cases !== undefined && line.cases !== null;
    const quantity = byCases ? line.cases! : (line.units ?? 0);
    // Rounded to a millionth first: 0.29 cases of 100 is 28.999999999999996 in floating point, and 29 units.
    const numUnits = byCases ? Math.round(quantity * perCase * 1e6) / 1e6 : quantity;
    if (!Number.isSafeInteger(numUnits)) {
      const field = byCases ? "cases" : "units";
      add(
        lineField(index, field),
        "NOT_WHOLE_UNITS",
        byCases
          ? `${quantity} cases of ${perCase} units is not a whole number of units`
          : `units must be a whole number`,
        at,
      );
      return;
    }
    const batch = line.batch_code?.trim() ? line.batch_code.trim() : null;
    lines.push({
      product_id: line.product_id,
      cases: byCases ? quantity : null,
      units: byCases ? null : quantity,
      num_units: numUnits,
      cases_centi: Math.round((numUnits * 100) / perCase),
      batch_code: batch,
      expiration_date: line.expiration_date ?? null,
      needs_activation: stocked.has(line.product_id) ? 0 : 1,
    });
  });
  if (errors.length)
    throw rejection(
      422,
      "UNPROCESSABLE",
      `The purchase order refers to data it cannot use (${errors.length} problem${errors.length === 1 ? "" : "s"}).`,
      errors,
    );

  await assertPoNumFree(db, input.vendor_id, input.po_num, options.self);
  // Every input line has its checked line now (a line that could not be checked threw above), index for index.
  const notReady = readinessOf(lines, vendor?.require_po_batch_codes === 1);
  return { lines, notReady, totalCases: lines.reduce((sum, l) => sum + l.cases_centi, 0) / 100 };
}

/** 409 DUPLICATE_PO_NUMBER when the vendor already has a purchase with this po_num (other than `self`). */
export async function assertPoNumFree(
  db: Kysely<Database>,
  vendorId: number,
  poNum: string,
  self?: string,
): Promise<void> {
  const existing = await db
    .selectFrom("purchases")
    .select("purchase_global_id")
    .where("vendor_id", "=", vendorId)
    .where("po_num", "=", poNum)
    .$if(self !== undefined, (q) => q.where("purchase_global_id", "!=", self!))
    .executeTakeFirst();
  if (existing) throw duplicatePoNumber(vendorId, poNum, existing.purchase_global_id);
}

/** 409 DUPLICATE_PO_NUMBER, naming the purchase that holds the po_num when it is known. */
export function duplicatePoNumber(vendorId: number, poNum: string, existing: string | undefined) {
  const detail = `po_num ${poNum} is already used for vendor ${vendorId}${existing ? ` by purchase ${existing}` : ""}`;
  return rejection(
    409,
    "DUPLICATE_PO_NUMBER",
    detail,
    [{ field: "po_num", code: "DUPLICATE_PO_NUMBER", detail }],
    existing ? { purchase_global_id: existing } : {},
  );
}

/** The readiness rules on stored draft lines, for submit. */
export function readinessOf(
  lines: { num_units: number; cases: number | null; batch_code: string | null; product_id: number }[],
  requiresBatchCodes: boolean,
): FieldError[] {
  const problems: FieldError[] = [];
  if (lines.length === 0)
    problems.push({
      field: "purchase_transactions",
      code: "NO_LINE_ITEMS",
      detail: "A purchase order needs at least one line item",
    });
  lines.forEach((line, index) => {
    const at = { index, ProductID: line.product_id };
    if (line.num_units <= 0)
      problems.push({
        field: lineField(index, line.cases === null ? "units" : "cases"),
        code: "QUANTITY_NOT_POSITIVE",
        detail: "Quantities must be positive",
        ...at,
      });
    if (requiresBatchCodes && !line.batch_code)
      problems.push({
        field: lineField(index, "batch_code"),
        code: "BATCH_CODE_REQUIRED",
        detail: "The vendor requires a batch code on every line",
        ...at,
      });
  });
  return problems;
}
