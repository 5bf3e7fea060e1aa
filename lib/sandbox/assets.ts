import { Hono } from "hono";
import type { Kysely } from "kysely";
import { certificatePdf, invoicePdf, notFound, purchasePdf } from "./asset-documents";
import type { Database } from "./db/schema";
import { svgPicture } from "./documents";
import { type Environment, isEnvironment } from "./environments";

const svg = (body: string) => new Response(body, { headers: { "Content-Type": "image/svg+xml; charset=utf-8" } });

/**
 * GET /{env}/assets/...: the documents and pictures the records link to (product images, profile pictures, invoice
 * PDFs, certificates of analysis, purchase PDFs: `asset-documents.ts`). Like the live service's links they take no API
 * key; a purchase PDF takes the ERP token embedded in its link. Brand asset archives are not made (404).
 *
 * @example
 * app.route("/", assetRoutes(databases)); // GET /test/assets/products/100001/thumb.svg
 */
export function assetRoutes(databases: Record<Environment, Kysely<Database>>) {
  const app = new Hono();

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
    return invoicePdf(databases[env], num);
  });

  app.get("/:env/assets/coa/:file", async (c) => {
    const env = c.req.param("env");
    const batch = /^(.+)\.pdf$/.exec(c.req.param("file"))?.[1];
    if (!isEnvironment(env) || !batch) return notFound();
    return certificatePdf(databases[env], batch);
  });

  app.get("/:env/assets/purchases/:file", async (c) => {
    const env = c.req.param("env");
    const id = /^(.+)\.pdf$/.exec(c.req.param("file"))?.[1];
    if (!isEnvironment(env) || !id) return notFound();
    return purchasePdf(databases[env], id, c.req.query("token"));
  });

  return app;
}
