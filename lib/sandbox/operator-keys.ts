import { Hono } from "hono";
import type { Kysely } from "kysely";
import * as z from "zod";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import type { Clock } from "./clock";
import type { Database } from "./db/schema";
import type { Environment } from "./environments";
import { storeKey } from "./keys";
import { jsonBody, type OperatorEnv } from "./operator-request";

/** Body of POST /{env}/operator/keys (sandbox only, not part of the Data API). */
const NewKeyBody = z
  .strictObject({
    type: z.enum(["Employee", "Customer", "Supplier"]),
    company: z.string().trim().min(1).max(200),
    customerIds: z.array(z.number().int().positive()).min(1).max(500).optional(),
    supplierIds: z.array(z.number().int().positive()).min(1).max(500).optional(),
    /** The key's own hourly limit, as the operator grants a caller who needs more volume. */
    rateLimit: z.number().int().min(1).max(1_000_000).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type === "Customer" && !body.customerIds)
      ctx.addIssue({ code: "custom", path: ["customerIds"], message: "a Customer key needs customerIds" });
    if (body.type === "Supplier" && !body.supplierIds)
      ctx.addIssue({ code: "custom", path: ["supplierIds"], message: "a Supplier key needs supplierIds" });
    if (body.type !== "Customer" && body.customerIds)
      ctx.addIssue({ code: "custom", path: ["customerIds"], message: "only Customer keys take customerIds" });
    if (body.type !== "Supplier" && body.supplierIds)
      ctx.addIssue({ code: "custom", path: ["supplierIds"], message: "only Supplier keys take supplierIds" });
  });

/**
 * POST /{env}/operator/keys: issue a key scoped to customers or suppliers, as the real operator does on request.
 * Answers {key}, the only time it is shown. The caller is already checked to be the operator.
 */
export function keyRoutes(options: {
  databases: Record<Environment, Kysely<Database>>;
  clocks: Record<Environment, Clock>;
}) {
  const app = new Hono<OperatorEnv>();

  app.post("/:env/operator/keys", async (c) => {
    const env = c.get("env");
    const db = options.databases[env];
    const raw = await jsonBody(c.req.raw);
    const parsed = NewKeyBody.safeParse(raw);
    if (!parsed.success) return c.json(validationErrorBody(parsed.error), 400);
    const body = parsed.data;

    const missing = await missingIds(db, body.customerIds, body.supplierIds);
    if (missing) return c.json({ Error: missing }, 422);

    const now = options.clocks[env].now().toISOString();
    const key = await db.transaction().execute(async (trx) => {
      const { max } = await trx
        .selectFrom("users")
        .select((eb) => eb.fn.max("user_id").as("max"))
        .executeTakeFirstOrThrow();
      const userId = Number(max ?? 0) + 1;
      const role = body.type === "Employee" ? "Admin" : body.type;
      await trx
        .insertInto("users")
        .values({
          user_id: userId,
          site_user_id: userId,
          user_active: 1,
          svc_live_access: 0,
          power_user: 0,
          email: `api-key-${userId}@sandbox.invalid`,
          full_name: `${body.company} (API key)`,
          role,
          job_title: null,
          department: null,
        })
        .execute();
      if (body.customerIds)
        await trx
          .insertInto("user_customers")
          .values(body.customerIds.map((customer_id) => ({ user_id: userId, customer_id })))
          .execute();
      if (body.supplierIds)
        await trx
          .insertInto("user_suppliers")
          .values(body.supplierIds.map((supplier_id) => ({ user_id: userId, supplier_id })))
          .execute();
      return storeKey(trx, env, {
        type: body.type,
        company: body.company,
        userId,
        customerIds: body.customerIds,
        supplierIds: body.supplierIds,
        createdAt: now,
        rateLimit: body.rateLimit,
      });
    });
    return c.json({ key }, 201);
  });

  return app;
}

async function missingIds(
  db: Kysely<Database>,
  customerIds?: number[],
  supplierIds?: number[],
): Promise<string | undefined> {
  if (customerIds) {
    const found = await db
      .selectFrom("customers")
      .select("customer_id")
      .where("customer_id", "in", customerIds)
      .execute();
    const unknown = customerIds.filter((id) => !found.some((f) => f.customer_id === id));
    if (unknown.length) return `Unknown customer ids: ${unknown.join(", ")}`;
  }
  if (supplierIds) {
    const found = await db
      .selectFrom("suppliers")
      .select("supplier_id")
      .where("supplier_id", "in", supplierIds)
      .execute();
    const unknown = supplierIds.filter((id) => !found.some((f) => f.supplier_id === id));
    if (unknown.length) return `Unknown supplier ids: ${unknown.join(", ")}`;
  }
  return undefined;
}
