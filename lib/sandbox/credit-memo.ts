import type { Kysely } from "kysely";
import type { FieldError } from "@/lib/data-api/error-read";
import { addDays } from "@/lib/format/days";
import { toExactDecimalString } from "@/lib/format/decimal";
import { isoDay } from "./clock";
import { nextId } from "./db/counters";
import type { Database, InvoiceLineTable } from "./db/schema";
import { rejection } from "./handler";
import { RETURN_REASONS } from "./seed/invoice-lines";
import { FIRST_INVOICE_ID, FIRST_INVOICE_NUM } from "./seed/invoices";
import { termDays } from "./seed/places";

/** A credit memo as the ERP issues it against one invoice of a store: per product, the units back and the amount. */
export interface Credit {
  customerId: number;
  invoiceNum: string;
  /** `units` 0 is a price credit: no goods back. `amount` in micro-dollars, above zero. */
  lines: { productId: number; units: number; amountMicros: bigint }[];
  /** Each line's `Reason`; "Credit memo" when left out. */
  reason?: string;
  /** The credit's day, YYYY-MM-DD; the environment's UTC today when left out. */
  date?: string;
}

export const DEFAULT_CREDIT_REASON = "Credit memo";
/** The ERP's reason code of a credit memo's line whose reason is none of the seed's return reasons. */
export const CREDIT_MEMO_REASON_ID = 15;
/** The invoice status of a return, which a credit memo is. */
const RETURNED = 4;

/**
 * Issues a credit memo as the ERP does for a store (`POST /{env}/operator/credits`): a new invoice in status Returned
 * (4), numbered after the last in the seed's one sequence, shaped like the seed's Returned credits (negative units and
 * amounts, each line with a return reason, its open balance negative until a payment nets it in). It references the
 * invoice it credits as `PONum` = that invoice's number (`Memo` "Credit memo for invoice INV-…"), and each line
 * carries the credited line's supplier, batch, purchase line and certificate. A line with units is priced per unit
 * (`UnitPrice` = `FullPrice` = amount ÷ units, no discount, so `ExtPrice` = `NumUnits` × `UnitPrice`); a price
 * credit (units 0) has no unit price (`UnitPrice` = `FullPrice` = 0) and its whole amount in `ExtPrice`. Units back
 * go where the seed's returned units are: into the store's warehouse, unsellable (`Inventory` and `Unsellable` up
 * alike, so `OnFloorInventory` and `AvailableUnits` stay). The invoice credited is left as it was.
 *
 * Refuses with 422 UNPROCESSABLE, every problem a field error, before writing anything: an unknown customer; an
 * invoice number that is not one of the store's; a Returned invoice (a credit is not credited); a product not on the
 * invoice; more units, or a larger amount, than the invoice's lines of the product less what earlier credits
 * referencing it gave back; a date before the invoice's. Run it in a transaction: its writes are then all or nothing.
 *
 * @example
 * const { invoiceId } = await issueCredit(trx, { customerId: 20001, invoiceNum: "INV-100123", lines: [{ productId: 10001, units: 2, amountMicros: 45_000_000n }] }, now);
 */
export async function issueCredit(db: Kysely<Database>, credit: Credit, now: Date): Promise<{ invoiceId: number }> {
  const day = credit.date ?? isoDay(now);
  const { customer, credited, left } = await checkedCredit(db, credit, day);
  const stamp = now.toISOString();
  const invoiceId = await nextId(db, "invoice_id");
  const reason = credit.reason ?? DEFAULT_CREDIT_REASON;
  const reasonId = RETURN_REASONS.find(([, text]) => text === reason)?.[0] ?? CREDIT_MEMO_REASON_ID;
  const lines: InvoiceLineTable[] = [];
  for (const { productId, units, amountMicros } of credit.lines) {
    const from = left.get(productId)!;
    const amount = Number(amountMicros);
    // The body's check leaves only amounts that divide into whole micro-dollars per unit.
    const unit = units > 0 ? amount / units : 0;
    lines.push({
      invoice_trans_id: await nextId(db, "invoice_trans_id"),
      invoice_id: invoiceId,
      customer_id: customer.customer_id,
      product_id: productId,
      supplier_id: from.supplier_id,
      product_name: from.product_name,
      batch_code: from.batch_code,
      num_units: -units,
      ordered: -units,
      back_order: 0,
      cases_centi: Math.round((-units * 100) / from.perCase),
      full_price_micros: unit,
      discount_micros: 0,
      unit_price_micros: unit,
      ext_price_micros: -amount,
      promotion_id: null,
      promotion_overridden: 0,
      reason_id: reasonId,
      reason,
      purchase_trans_id: from.purchase_trans_id,
      coa_url: from.coa_url,
      time_updated: stamp,
    });
  }

  const ext = lines.reduce((sum, l) => sum + l.ext_price_micros, 0);
  await db
    .insertInto("invoices")
    .values({
      invoice_id: invoiceId,
      invoice_num: `INV-${FIRST_INVOICE_NUM + invoiceId - FIRST_INVOICE_ID}`,
      customer_id: customer.customer_id,
      term_id: credited.term_id,
      status: RETURNED,
      date: day,
      due_date: addDays(day, termDays(credited.term_id)),
      // How a credit names the invoice it credits: its number as the credit's PO, that invoice's day as the PO's.
      po_num: credited.invoice_num,
      po_date: credited.date,
      memo: `Credit memo for invoice ${credited.invoice_num}`,
      ar_note: null,
      // The store's rep raises the credit in the ERP, as the rep enters its orders.
      submitted_by_user_id: customer.sales_rep_user_id,
      built_by_user_id: customer.sales_rep_user_id,
      invoice_time_created: stamp,
      invoice_last_updated: stamp,
      revision_status: null,
      revision_updated_at: null,
      total_full_price_micros: lines.reduce((sum, l) => sum + l.num_units * l.full_price_micros, 0),
      total_ext_price_micros: ext,
      total_discount_micros: 0,
      total_num_units: lines.reduce((sum, l) => sum + l.num_units, 0),
      total_cases_centi: lines.reduce((sum, l) => sum + l.cases_centi, 0),
      invoice_total_micros: ext,
      open_balance_micros: ext,
    })
    .execute();
  await db.insertInto("invoice_lines").values(lines).execute();
  const bySupplier = new Map<number, number>();
  for (const l of lines) bySupplier.set(l.supplier_id, (bySupplier.get(l.supplier_id) ?? 0) + l.ext_price_micros);
  await db
    .insertInto("invoice_supplier_totals")
    .values(
      [...bySupplier.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([supplier_id, total_micros]) => ({ invoice_id: invoiceId, supplier_id, total_micros })),
    )
    .execute();
  // The goods back are in the warehouse and not sellable: Inventory and Unsellable up alike.
  for (const l of lines) {
    if (l.num_units === 0) continue;
    await db
      .updateTable("inventory")
      .set((eb) => ({
        inventory: eb("inventory", "-", l.num_units),
        unsellable: eb("unsellable", "-", l.num_units),
        time_updated: stamp,
      }))
      .where("location_id", "=", customer.location_id)
      .where("product_id", "=", l.product_id)
      .execute();
  }
  return { invoiceId };
}

/** The store, the invoice credited and what is left to credit of it, once every line is one the ERP can credit. */
async function checkedCredit(db: Kysely<Database>, credit: Credit, day: string) {
  const customer = await db
    .selectFrom("customers")
    .select(["customer_id", "location_id", "sales_rep_user_id"])
    .where("customer_id", "=", credit.customerId)
    .executeTakeFirst();
  if (!customer) throw invalid([problem("customerId", "UNKNOWN_CUSTOMER", `No customer ${credit.customerId}.`)]);
  const credited = await db
    .selectFrom("invoices")
    .select(["invoice_id", "invoice_num", "status", "date", "term_id"])
    .where("invoice_num", "=", credit.invoiceNum)
    .where("customer_id", "=", customer.customer_id)
    .executeTakeFirst();
  if (!credited)
    throw invalid([
      problem(
        "invoiceNum",
        "INVOICE_NOT_FOUND",
        `No invoice ${credit.invoiceNum} of customer ${customer.customer_id}: a credit memo credits one of the store's invoices.`,
      ),
    ]);
  if (credited.status === RETURNED)
    throw invalid([
      problem(
        "invoiceNum",
        "INVOICE_IS_CREDIT",
        `Invoice ${credit.invoiceNum} is Returned (a credit itself): only a sale is credited.`,
      ),
    ]);
  const left = await creditable(db, customer.customer_id, credited.invoice_id, credited.invoice_num);
  const problems = credit.lines.flatMap(({ productId, units, amountMicros }, k): FieldError[] => {
    const at = (field: string, code: string, detail: string) => ({
      ...problem(`lines[${k}].${field}`, code, detail),
      index: k,
    });
    const line = left.get(productId);
    if (!line)
      return [at("productId", "NOT_ON_INVOICE", `Product ${productId} is not on invoice ${credited.invoice_num}.`)];
    const found: FieldError[] = [];
    if (units > line.units)
      found.push(
        at(
          "units",
          "MORE_THAN_INVOICED",
          `${units} units of product ${productId}: invoice ${credited.invoice_num} has ${line.units} left to credit.`,
        ),
      );
    if (amountMicros > BigInt(line.extMicros))
      found.push(
        at(
          "amount",
          "MORE_THAN_INVOICED",
          `Invoice ${credited.invoice_num}'s lines of product ${productId} have ${dollars(line.extMicros)} left to credit.`,
        ),
      );
    return found;
  });
  if (day < credited.date)
    problems.push(
      problem("date", "BEFORE_INVOICE", `A credit is dated on or after the invoice it credits (${credited.date}).`),
    );
  if (problems.length) throw invalid(problems);

  return { customer, credited, left };
}

/**
 * Per product of the invoice, what is left to credit: its lines' units and ExtPrice less what the store's earlier
 * credits referencing the invoice (Returned, `PONum` its number) gave back; with the first line's supplier, batch and
 * certificate, which a credit line carries.
 */
async function creditable(db: Kysely<Database>, customerId: number, invoiceId: number, invoiceNum: string) {
  const invoiced = await db
    .selectFrom("invoice_lines as l")
    .innerJoin("products as p", "p.product_id", "l.product_id")
    .select([
      "l.product_id",
      "l.supplier_id",
      "l.product_name",
      "l.batch_code",
      "l.purchase_trans_id",
      "l.coa_url",
      "l.num_units",
      "l.ext_price_micros",
      "p.wholesale_units_per_case",
    ])
    .where("l.invoice_id", "=", invoiceId)
    .orderBy("l.invoice_trans_id")
    .execute();
  const left = new Map<
    number,
    Omit<(typeof invoiced)[number], "num_units" | "ext_price_micros" | "wholesale_units_per_case"> & {
      units: number;
      extMicros: number;
      perCase: number;
    }
  >();
  for (const { num_units, ext_price_micros, wholesale_units_per_case, ...line } of invoiced) {
    const seen = left.get(line.product_id);
    if (seen) {
      seen.units += num_units;
      seen.extMicros += ext_price_micros;
    } else
      left.set(line.product_id, {
        ...line,
        units: num_units,
        extMicros: ext_price_micros,
        perCase: Math.max(wholesale_units_per_case, 1),
      });
  }
  const earlier = await db
    .selectFrom("invoice_lines as l")
    .innerJoin("invoices as i", "i.invoice_id", "l.invoice_id")
    .select(["l.product_id", "l.num_units", "l.ext_price_micros"])
    .where("i.customer_id", "=", customerId)
    .where("i.status", "=", RETURNED)
    .where("i.po_num", "=", invoiceNum)
    .execute();
  for (const line of earlier) {
    const from = left.get(line.product_id);
    if (!from) continue;
    // A credit's units and amounts are negative: adding them takes off what it gave back.
    from.units += line.num_units;
    from.extMicros += line.ext_price_micros;
  }
  return left;
}

const dollars = (micros: number) => `$${toExactDecimalString(BigInt(micros))}`;

function problem(field: string, code: string, detail: string): FieldError {
  return { field, code, detail };
}

function invalid(fieldErrors: FieldError[]) {
  return rejection(
    422,
    "UNPROCESSABLE",
    fieldErrors.length === 1 ? fieldErrors[0]!.detail : "The credit memo cannot be issued.",
    fieldErrors,
  );
}
