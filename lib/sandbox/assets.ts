import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { Database } from "./db/schema";
import { pdfDocument, svgPicture } from "./documents";
import { type Environment, isEnvironment } from "./environments";
import { centi } from "./format";

/** Money as people read it on a document: cents, rounded from micro-units in integers. */
const dollars = (micros: number) => `$${centi(Math.round(micros / 10_000))}`;

/**
 * GET /{env}/assets/...: the documents and pictures the records link to (product images, profile pictures, invoice
 * PDFs, certificates of analysis, purchase PDFs). Like the live service's links they take no API key; a purchase PDF
 * takes the ERP token embedded in its link. Brand asset archives are not made (404).
 */
export function assetRoutes(databases: Record<Environment, Kysely<Database>>) {
  const app = new Hono();
  const notFound = () => Response.json({ Error: "Not found" }, { status: 404 });
  const pdf = (bytes: string, name: string) =>
    new Response(bytes, {
      headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${name}"` },
    });
  const svg = (body: string) => new Response(body, { headers: { "Content-Type": "image/svg+xml; charset=utf-8" } });

  app.get("/:env/assets/products/:id/:variant", async (c) => {
    const env = c.req.param("env");
    const variant = c.req.param("variant");
    if (!isEnvironment(env) || !/^\d+$/.test(c.req.param("id")) || (variant !== "thumb.svg" && variant !== "full.svg"))
      return notFound();
    const product = await databases[env]
      .selectFrom("products")
      .select(["product_name", "brand_name", "package_name"])
      .where("product_id", "=", Number(c.req.param("id")))
      .executeTakeFirst();
    if (!product) return notFound();
    return svg(
      svgPicture(
        product.product_name,
        variant === "full.svg" ? `${product.brand_name} · ${product.package_name}` : undefined,
        variant === "full.svg" ? 600 : 160,
      ),
    );
  });

  app.get("/:env/assets/customers/:file", async (c) => {
    const env = c.req.param("env");
    const id = /^(\d+)\.svg$/.exec(c.req.param("file"))?.[1];
    if (!isEnvironment(env) || !id) return notFound();
    const customer = await databases[env]
      .selectFrom("customers")
      .select("customer_name")
      .where("customer_id", "=", Number(id))
      .executeTakeFirst();
    return customer ? svg(svgPicture(customer.customer_name, undefined, 160)) : notFound();
  });

  app.get("/:env/assets/invoices/:file", async (c) => {
    const env = c.req.param("env");
    const num = /^(.+)\.pdf$/.exec(c.req.param("file"))?.[1];
    if (!isEnvironment(env) || !num) return notFound();
    const db = databases[env];
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
          (l) =>
            `${l.num_units} x ${l.product_name} @ ${dollars(l.unit_price_micros)} = ${dollars(l.ext_price_micros)}`,
        ),
        "",
        `Total ${dollars(invoice.invoice_total_micros)}   Open balance ${dollars(invoice.open_balance_micros)}`,
      ]),
      `${invoice.invoice_num}.pdf`,
    );
  });

  app.get("/:env/assets/coa/:file", async (c) => {
    const env = c.req.param("env");
    const batch = /^(.+)\.pdf$/.exec(c.req.param("file"))?.[1];
    if (!isEnvironment(env) || !batch) return notFound();
    const row = await databases[env]
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
  });

  app.get("/:env/assets/purchases/:file", async (c) => {
    const env = c.req.param("env");
    const id = /^(.+)\.pdf$/.exec(c.req.param("file"))?.[1];
    if (!isEnvironment(env) || !id) return notFound();
    const db = databases[env];
    const purchase = await db
      .selectFrom("purchases")
      .selectAll()
      .where("purchase_global_id", "=", id)
      .executeTakeFirst();
    // The link embeds the ERP's access token: without the right one, the document does not exist.
    if (
      !purchase?.public_pdf_link ||
      purchase.public_pdf_link !== `assets/purchases/${id}.pdf?token=${c.req.query("token") ?? ""}`
    )
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
  });

  return app;
}
