import type { Kysely } from "kysely";
import type { FieldError } from "@/lib/data-api/error-read";
import { addDays, localDay } from "@/lib/format/days";
import { isoDay } from "./clock";
import { nextId } from "./db/counters";
import type { Database, InvoiceLineTable } from "./db/schema";
import { nextDeliveryDate } from "./delivery";
import { rejection } from "./handler";
import { dayPrices } from "./handlers/customer-pricing";
import { availableUnits } from "./handlers/inventory";
import { FIRST_INVOICE_ID, FIRST_INVOICE_NUM } from "./seed/invoices";
import { termDays } from "./seed/places";

/** An order as the ERP's order entry takes it: the store, its lines, and the day it is entered (UTC today by default). */
export interface Order {
  customerId: number;
  lines: { productId: number; units: number }[];
  date?: string;
}

/** The invoice an order became, and the delivery it goes on (null for a store without delivery days). */
export interface EnteredOrder {
  invoiceId: number;
  deliveryDate: string | null;
}

/** The term of an account on hold (`places.ts`), on every invoice it is given while on hold. */
const ON_HOLD_TERM = 6;
/** A store never invoiced before has no term of its own yet: it buys cash on delivery. */
const FIRST_ORDER_TERM = 1;
const OUT_OF_STOCK = { id: 1, reason: "Out of stock" } as const;

/**
 * Enters an order as the ERP's order entry does: one New invoice for the store, numbered after the last (ids and
 * `INV-` numbers in one sequence, as the seed numbers them), dated the order's day, due by the store's term, with a
 * line per product at the store's price of that day (`dayPrices`: what `/customerPricing` answers). Each line is filled
 * from what the store's warehouse has available (whole cases of a product sold by the case) and the rest is
 * back-ordered ("Out of stock"); the filled units are pre-sold there (`PreSales`), as a New invoice's units are in the
 * seed. The delivery is the store's next delivery date after the order's day in its state (`nextDeliveryDate`); the
 * API's invoice has no field for it.
 *
 * Refuses with 400 VALIDATION_FAILED, every problem a field error, before writing anything: an unknown or not Active
 * customer; an unknown product, one not Active (only Active products have a store price), of another state, or never
 * stocked at the store's warehouse; units that are not whole cases of a product sold by the case, or below a product's
 * minimum order. Run it in a transaction: its writes are then all or nothing.
 *
 * @example
 * const { invoiceId, deliveryDate } = await enterOrder(trx, { customerId: 20001, lines: [{ productId: 10001, units: 24 }] }, now);
 */
export async function enterOrder(db: Kysely<Database>, order: Order, now: Date): Promise<EnteredOrder> {
  const customer = await orderingCustomer(db, order.customerId);
  const { products, stock } = await checkedLines(db, customer, order.lines);
  const day = order.date ?? isoDay(now);
  const stamp = now.toISOString();
  const invoiceId = await nextId(db, "invoice_id");
  const prices = await dayPrices(
    db,
    day,
    customer.customer_id,
    order.lines.map((l) => l.productId),
  );
  const lines: InvoiceLineTable[] = [];
  for (const { productId, units } of order.lines) {
    const p = products.get(productId)!;
    const price = prices.get(productId);
    // The checks leave only products /customerPricing prices for the store (Active, of its state).
    if (!price) throw new Error(`order entry: product ${productId} has no price for customer ${customer.customer_id}`);
    const perCase = Math.max(p.wholesale_units_per_case, 1);
    const available = Math.max(availableUnits(stock.get(productId)!), 0);
    const filled = Math.min(units, p.case_only ? available - (available % perCase) : available);
    const short = units - filled;
    lines.push({
      invoice_trans_id: await nextId(db, "invoice_trans_id"),
      invoice_id: invoiceId,
      customer_id: customer.customer_id,
      product_id: productId,
      supplier_id: p.supplier_id,
      product_name: p.product_name,
      // A New invoice's lines are not yet filled: no batch, no purchase line, no certificate.
      batch_code: "",
      num_units: filled,
      ordered: units,
      back_order: short,
      cases_centi: Math.round((filled * 100) / perCase),
      full_price_micros: price.fullMicros,
      discount_micros: price.fullMicros - price.unitMicros,
      unit_price_micros: price.unitMicros,
      ext_price_micros: filled * price.unitMicros,
      promotion_id: price.promotionId,
      promotion_overridden: 0,
      reason_id: short > 0 ? OUT_OF_STOCK.id : null,
      reason: short > 0 ? OUT_OF_STOCK.reason : null,
      purchase_trans_id: null,
      coa_url: null,
      time_updated: stamp,
    });
  }

  const termId = customer.on_hold ? ON_HOLD_TERM : await houseTerm(db, customer.customer_id);
  const ext = lines.reduce((sum, l) => sum + l.ext_price_micros, 0);
  await db
    .insertInto("invoices")
    .values({
      invoice_id: invoiceId,
      invoice_num: `INV-${FIRST_INVOICE_NUM + invoiceId - FIRST_INVOICE_ID}`,
      customer_id: customer.customer_id,
      term_id: termId,
      status: 1,
      date: day,
      due_date: addDays(day, termDays(termId)),
      po_num: null,
      po_date: null,
      memo: null,
      ar_note: null,
      // The store's rep enters the order and builds the invoice.
      submitted_by_user_id: customer.sales_rep_user_id,
      built_by_user_id: customer.sales_rep_user_id,
      invoice_time_created: stamp,
      invoice_last_updated: stamp,
      revision_status: null,
      revision_updated_at: null,
      total_full_price_micros: lines.reduce((sum, l) => sum + l.num_units * l.full_price_micros, 0),
      total_ext_price_micros: ext,
      total_discount_micros: lines.reduce((sum, l) => sum + l.num_units * l.discount_micros, 0),
      total_num_units: lines.reduce((sum, l) => sum + l.num_units, 0),
      total_cases_centi: lines.reduce((sum, l) => sum + l.cases_centi, 0),
      invoice_total_micros: ext,
      open_balance_micros: ext,
    })
    .execute();
  await writeLines(db, customer.location_id, lines, stamp);

  // The delivery after the order's day in the store's state: for today, the API's first NextDeliveryDates.
  const from = order.date ?? localDay(now, customer.time_zone);
  return { invoiceId, deliveryDate: nextDeliveryDate(customer.delivery_days, from) };
}

type Customer = Awaited<ReturnType<typeof orderingCustomer>>;

/** The store an order is for, refused when it is unknown or not Active. */
async function orderingCustomer(db: Kysely<Database>, customerId: number) {
  const customer = await db
    .selectFrom("customers as c")
    .innerJoin("states as s", "s.state", "c.state")
    .select([
      "c.customer_id",
      "c.location_id",
      "c.state",
      "c.account_status",
      "c.on_hold",
      "c.sales_rep_user_id",
      "c.delivery_days",
      "s.time_zone",
    ])
    .where("c.customer_id", "=", customerId)
    .executeTakeFirst();
  if (!customer) throw invalid([problem("customerId", "UNKNOWN_CUSTOMER", `No customer ${customerId}.`)]);
  if (customer.account_status !== "Active")
    throw invalid([
      problem(
        "customerId",
        "CUSTOMER_NOT_ACTIVE",
        `Customer ${customerId} is ${customer.account_status}: orders are taken for Active accounts only.`,
      ),
    ]);
  return customer;
}

/** The order's products and the warehouse's inventory rows of them, once every line is one the ERP can take. */
async function checkedLines(db: Kysely<Database>, customer: Customer, lines: Order["lines"]) {
  const ids = lines.map((l) => l.productId);
  const products = new Map(
    (
      await db
        .selectFrom("products")
        .select([
          "product_id",
          "supplier_id",
          "product_name",
          "state",
          "status_id",
          "case_only",
          "wholesale_units_per_case",
          "min_order_units",
        ])
        .where("product_id", "in", ids)
        .execute()
    ).map((p) => [p.product_id, p]),
  );
  const stock = new Map(
    (
      await db
        .selectFrom("inventory")
        .selectAll()
        .where("location_id", "=", customer.location_id)
        .where("product_id", "in", ids)
        .execute()
    ).map((i) => [i.product_id, i]),
  );
  const problems = lines.flatMap(({ productId, units }, k): FieldError[] => {
    const p = products.get(productId);
    const at = (field: string, code: string, detail: string) => [
      { ...problem(`lines[${k}].${field}`, code, detail), index: k },
    ];
    if (!p) return at("productId", "UNKNOWN_PRODUCT", `No product ${productId}.`);
    if (p.status_id !== 1)
      return at(
        "productId",
        "PRODUCT_NOT_ACTIVE",
        `Product ${productId} is not Active (StatusID ${p.status_id}): it has no store price.`,
      );
    if (p.state !== customer.state)
      return at(
        "productId",
        "PRODUCT_NOT_IN_STATE",
        `Product ${productId} is sold in ${p.state}, not in the store's state ${customer.state}.`,
      );
    if (!stock.has(productId))
      return at(
        "productId",
        "PRODUCT_NOT_STOCKED",
        `Product ${productId} has never been stocked at warehouse ${customer.location_id}, which serves the store.`,
      );
    const perCase = Math.max(p.wholesale_units_per_case, 1);
    if (p.case_only && units % perCase !== 0)
      return at(
        "units",
        "NOT_WHOLE_CASES",
        `Product ${productId} is sold by the case of ${perCase} units: ${units} is not whole cases.`,
      );
    if (!p.case_only && units < p.min_order_units)
      return at("units", "BELOW_MINIMUM_ORDER", `Product ${productId}'s minimum order is ${p.min_order_units} units.`);
    return [];
  });
  if (problems.length) throw invalid(problems);
  return { products, stock };
}

/** Writes the invoice's lines and its totals per supplier, and pre-sells the filled units at the store's warehouse. */
async function writeLines(db: Kysely<Database>, locationId: number, lines: InvoiceLineTable[], stamp: string) {
  const bySupplier = new Map<number, number>();
  for (const l of lines) bySupplier.set(l.supplier_id, (bySupplier.get(l.supplier_id) ?? 0) + l.ext_price_micros);
  await db.insertInto("invoice_lines").values(lines).execute();
  await db
    .insertInto("invoice_supplier_totals")
    .values(
      [...bySupplier.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([supplier_id, total_micros]) => ({ invoice_id: lines[0]!.invoice_id, supplier_id, total_micros })),
    )
    .execute();
  for (const l of lines) {
    if (l.num_units === 0) continue;
    await db
      .updateTable("inventory")
      .set((eb) => ({ pre_sales: eb("pre_sales", "+", l.num_units), time_updated: stamp }))
      .where("location_id", "=", locationId)
      .where("product_id", "=", l.product_id)
      .execute();
  }
}

/**
 * The store's usual term, which every invoice of an account not on hold carries (the seed's house term): its latest
 * invoice's, other than the on-hold term it may have had; for a store never invoiced, COD.
 */
async function houseTerm(db: Kysely<Database>, customerId: number): Promise<number> {
  const latest = await db
    .selectFrom("invoices")
    .select("term_id")
    .where("customer_id", "=", customerId)
    .where("term_id", "!=", ON_HOLD_TERM)
    .orderBy("invoice_id", "desc")
    .executeTakeFirst();
  return latest?.term_id ?? FIRST_ORDER_TERM;
}

function problem(field: string, code: string, detail: string): FieldError {
  return { field, code, detail };
}

function invalid(fieldErrors: FieldError[]) {
  return rejection(
    400,
    "VALIDATION_FAILED",
    fieldErrors.length === 1 ? fieldErrors[0]!.detail : "The order cannot be entered.",
    fieldErrors,
  );
}
