import type { Kysely } from "kysely";
import type { Database, InvoiceLineTable } from "../lib/sandbox/db/schema";

/**
 * An invoice written into a sandbox environment's database as the ERP's order entry makes one: status New, the store's
 * term, each line at the product's unit price with its cases from the product's units per case. What the order guide's
 * match test and `npm run bench:reorders` play the ERP's part with, in-process (the sandbox's operator endpoint
 * `POST /{env}/operator/invoices` does the same over HTTP once it is there).
 *
 * @example
 * await writeInvoice(sandbox.db, { customerId: 20001, date: "2026-11-21", lines: [{ productId: 5001, units: 20 }] });
 * // { invoiceId: 312345, invoiceNum: "INV-312345" }
 */
export async function writeInvoice(
  db: Kysely<Database>,
  input: {
    customerId: number;
    date: string;
    lines: readonly { productId: number; units: number }[];
    /** 1 New unless given (a test's canceled or returned invoice). */
    status?: number;
    at?: string;
  },
): Promise<{ invoiceId: number; invoiceNum: string }> {
  return db.transaction().execute(async (trx) => {
    const customer = await trx
      .selectFrom("customers")
      .select(["customer_id", "sales_rep_user_id"])
      .where("customer_id", "=", input.customerId)
      .executeTakeFirstOrThrow();
    const term = await trx
      .selectFrom("invoices")
      .select("term_id")
      .where("customer_id", "=", input.customerId)
      .orderBy("invoice_id", "desc")
      .executeTakeFirst();
    const { invoiceId } = await trx
      .selectFrom("invoices")
      .select((eb) => eb.fn.max("invoice_id").as("invoiceId"))
      .executeTakeFirstOrThrow();
    const { transId } = await trx
      .selectFrom("invoice_lines")
      .select((eb) => eb.fn.max("invoice_trans_id").as("transId"))
      .executeTakeFirstOrThrow();
    const id = Number(invoiceId ?? 0) + 1;
    const products = await trx
      .selectFrom("products")
      .select(["product_id", "supplier_id", "product_name", "wholesale_units_per_case", "unit_price_micros"])
      .where(
        "product_id",
        "in",
        input.lines.map((l) => l.productId),
      )
      .execute();
    const byId = new Map(products.map((p) => [p.product_id, p]));
    const at = input.at ?? `${input.date}T17:00:00.000Z`;
    const lines: InvoiceLineTable[] = input.lines.map((l, i) => {
      const p = byId.get(l.productId);
      if (!p) throw new Error(`no product ${l.productId}`);
      return {
        invoice_trans_id: Number(transId ?? 0) + 1 + i,
        invoice_id: id,
        customer_id: input.customerId,
        product_id: p.product_id,
        supplier_id: p.supplier_id,
        product_name: p.product_name,
        batch_code: `B${id}-${i + 1}`,
        num_units: l.units,
        ordered: l.units,
        back_order: 0,
        cases_centi: Math.round((l.units * 100) / Math.max(1, p.wholesale_units_per_case)),
        full_price_micros: p.unit_price_micros,
        discount_micros: 0,
        unit_price_micros: p.unit_price_micros,
        ext_price_micros: p.unit_price_micros * l.units,
        promotion_id: null,
        promotion_overridden: 0,
        reason_id: null,
        reason: null,
        purchase_trans_id: null,
        coa_url: null,
        time_updated: at,
      };
    });
    const total = lines.reduce((sum, l) => sum + l.ext_price_micros, 0);
    const invoiceNum = `INV-${id}`;
    await trx
      .insertInto("invoices")
      .values({
        invoice_id: id,
        invoice_num: invoiceNum,
        customer_id: input.customerId,
        term_id: term?.term_id ?? 1,
        status: input.status ?? 1,
        date: input.date,
        due_date: input.date,
        po_num: null,
        po_date: null,
        memo: null,
        ar_note: null,
        submitted_by_user_id: customer.sales_rep_user_id,
        built_by_user_id: customer.sales_rep_user_id,
        invoice_time_created: at,
        invoice_last_updated: at,
        revision_status: null,
        revision_updated_at: null,
        total_full_price_micros: total,
        total_ext_price_micros: total,
        total_discount_micros: 0,
        total_num_units: lines.reduce((sum, l) => sum + l.num_units, 0),
        total_cases_centi: lines.reduce((sum, l) => sum + l.cases_centi, 0),
        invoice_total_micros: total,
        open_balance_micros: total,
      })
      .execute();
    if (lines.length) await trx.insertInto("invoice_lines").values(lines).execute();
    const bySupplier = new Map<number, number>();
    for (const l of lines) bySupplier.set(l.supplier_id, (bySupplier.get(l.supplier_id) ?? 0) + l.ext_price_micros);
    if (bySupplier.size)
      await trx
        .insertInto("invoice_supplier_totals")
        .values([...bySupplier].map(([supplier_id, total_micros]) => ({ invoice_id: id, supplier_id, total_micros })))
        .execute();
    return { invoiceId: id, invoiceNum };
  });
}
