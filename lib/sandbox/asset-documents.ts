import type { Kysely } from "kysely";
import type { Database } from "./db/schema";
import { pdfDocument } from "./documents";
import { centi } from "./format";

/** The PDFs the records link to (invoices, certificates of analysis, purchase orders), drawn from the database. */

/** Money as people read it on a document: cents, rounded from micro-units in integers. */
const dollars = (micros: number) => `$${centi(Math.round(micros / 10_000))}`;

/**
 * The answer for a document that does not exist.
 *
 * @example
 * return notFound(); // 404 { Error: "Not found" }
 */
export const notFound = () => Response.json({ Error: "Not found" }, { status: 404 });

const pdf = (bytes: string, name: string) =>
  new Response(bytes, {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${name}"` },
  });

/**
 * An invoice's PDF: its customer, days, lines and totals; 404 for an invoice number not in the database.
 *
 * @example
 * await invoicePdf(db, "INV-100234"); // application/pdf, inline; filename="INV-100234.pdf"
 */
export async function invoicePdf(db: Kysely<Database>, num: string): Promise<Response> {
  const invoice = await db
    .selectFrom("invoices as i")
    .innerJoin("customers as cu", "cu.customer_id", "i.customer_id")
    .select([
      "i.invoice_id",
      "i.invoice_num",
      "i.date",
      "i.due_date",
      "i.invoice_total_micros",
      "i.open_balance_micros",
      "cu.customer_name",
      "cu.address",
      "i.po_num",
    ])
    .where("i.invoice_num", "=", num)
    .executeTakeFirst();
  if (!invoice) return notFound();
  const lines = await db
    .selectFrom("invoice_lines")
    .select(["product_name", "num_units", "unit_price_micros", "ext_price_micros"])
    .where("invoice_id", "=", invoice.invoice_id)
    .orderBy("invoice_trans_id")
    .execute();
  return pdf(
    pdfDocument(`Invoice ${invoice.invoice_num}`, [
      `${invoice.customer_name}, ${invoice.address}`,
      `Date ${invoice.date.slice(0, 10)}   Due ${invoice.due_date.slice(0, 10)}   PO ${invoice.po_num ?? "-"}`,
      "",
      ...lines.map(
        (l) => `${l.num_units} x ${l.product_name} @ ${dollars(l.unit_price_micros)} = ${dollars(l.ext_price_micros)}`,
      ),
      "",
      `Total ${dollars(invoice.invoice_total_micros)}   Open balance ${dollars(invoice.open_balance_micros)}`,
    ]),
    `${invoice.invoice_num}.pdf`,
  );
}

/**
 * A batch's certificate of analysis; a batch no longer in the warehouse still has one (for the invoices that
 * carried it).
 *
 * @example
 * await certificatePdf(db, "GR240611-3F"); // filename="COA-GR240611-3F.pdf"
 */
export async function certificatePdf(db: Kysely<Database>, batch: string): Promise<Response> {
  const row = await db
    .selectFrom("inventory_batches as b")
    .innerJoin("products as p", "p.product_id", "b.product_id")
    .select([
      "b.batch_code",
      "b.laboratory",
      "b.potency_type",
      "b.thc_potency_centi",
      "b.cbd_potency_centi",
      "b.total_cannabinoids_centi",
      "b.harvest_date",
      "b.pack_date",
      "p.product_name",
    ])
    .where("b.batch_code", "=", batch)
    .executeTakeFirst();
  const lines = row
    ? [
        `Product: ${row.product_name}`,
        `Laboratory: ${row.laboratory}`,
        `THC ${row.thc_potency_centi / 100}  CBD ${row.cbd_potency_centi / 100}  Total cannabinoids ${row.total_cannabinoids_centi / 100} (${row.potency_type})`,
        `Harvested ${row.harvest_date ?? "-"}   Packed ${row.pack_date ?? "-"}`,
        "Result: PASS (sandbox document)",
      ]
    : [
        "This batch has left the warehouse; its certificate is kept for the invoices that carried it.",
        "Result: PASS (sandbox document)",
      ];
  return pdf(pdfDocument(`Certificate of analysis, batch ${batch}`, lines), `COA-${batch}.pdf`);
}

/**
 * A purchase order's PDF. The link embeds the ERP's access token: without the right one, the document does not exist.
 *
 * @example
 * await purchasePdf(db, globalId, token); // filename="PO-GR-1001.pdf"
 */
export async function purchasePdf(db: Kysely<Database>, id: string, token: string | undefined): Promise<Response> {
  const purchase = await db.selectFrom("purchases").selectAll().where("purchase_global_id", "=", id).executeTakeFirst();
  if (!purchase?.public_pdf_link || purchase.public_pdf_link !== `assets/purchases/${id}.pdf?token=${token ?? ""}`)
    return notFound();
  const lines = await db
    .selectFrom("purchase_lines as l")
    .innerJoin("products as p", "p.product_id", "l.product_id")
    .select(["p.product_name", "l.num_units", "l.batch_code"])
    .where("l.purchase_global_id", "=", id)
    .orderBy("l.purchase_trans_id")
    .execute();
  return pdf(
    pdfDocument(`Purchase order ${purchase.po_num}`, [
      `Purchase ${purchase.purchase_id ?? "-"}   Status ${purchase.status}   Delivery ${purchase.delivery_date ?? purchase.post_date?.slice(0, 10) ?? "-"}`,
      "",
      ...lines.map((l) => `${l.num_units} x ${l.product_name}${l.batch_code ? `  batch ${l.batch_code}` : ""}`),
    ]),
    `${purchase.po_num}.pdf`,
  );
}
