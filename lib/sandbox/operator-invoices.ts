import { Hono } from "hono";
import type { Kysely } from "kysely";
import * as z from "zod";
import { addDays } from "@/lib/format/days";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { type EnvironmentClock, isoDay } from "./clock";
import type { Database } from "./db/schema";
import type { Environment } from "./environments";
import { invoiceAsRead } from "./handlers/invoices";
import { hashKey } from "./keys";
import { idempotentWrite, jsonRequest, type OperatorEnv } from "./operator-request";
import { JSON_TYPE } from "./pipeline/context";
import { enterOrder } from "./order-entry";

/** The most lines an order takes, and units a line: the ERP's order entry is not a bulk loader. */
export const MAX_ORDER_LINES = 500;
export const MAX_LINE_UNITS = 99_999;
/** How far from the environment's today an order may be dated, either way. */
const MAX_DAYS_AWAY = 366;

/** Body of POST /{env}/operator/invoices (sandbox only, not part of the Data API), on the environment's `today`. */
function orderBody(today: string) {
  return z
    .strictObject({
      customerId: z.number().int().positive(),
      lines: z
        .array(
          z.strictObject({
            productId: z.number().int().positive(),
            units: z.number().int().min(1).max(MAX_LINE_UNITS),
          }),
        )
        .min(1)
        .max(MAX_ORDER_LINES),
      date: z.iso
        .date()
        .refine((day) => day >= addDays(today, -MAX_DAYS_AWAY) && day <= addDays(today, MAX_DAYS_AWAY), {
          message: `an order is dated within ${MAX_DAYS_AWAY} days of the environment's today (${today})`,
        })
        .optional(),
    })
    .superRefine((order, ctx) => {
      // A product once per order, as on every invoice the ERP makes: a second line of it is refused, not merged.
      const first = new Map<number, number>();
      order.lines.forEach((line, k) => {
        const earlier = first.get(line.productId);
        if (earlier === undefined) first.set(line.productId, k);
        else
          ctx.addIssue({
            code: "custom",
            path: ["lines", k, "productId"],
            message: `product ${line.productId} is already on line ${earlier}: one line per product`,
          });
      });
    });
}

/**
 * POST /{env}/operator/invoices: the ERP's order entry, played by the operator (`order-entry.ts`): 201
 * `{invoice, lines, deliveryDate}`, the invoice and its lines as the API reads them. An `Idempotency-Key` is honoured
 * as on the API's writes (24 hours, replay with `Idempotency-Replayed`, 409 for another body); without one, each POST
 * enters an order. The caller is already checked to be the operator.
 */
export function invoiceRoutes(options: {
  databases: Record<Environment, Kysely<Database>>;
  clocks: Record<Environment, EnvironmentClock>;
  operatorKey: string;
  basePath: string;
}) {
  const app = new Hono<OperatorEnv>();
  // Idempotency keys are kept per API key; the operator's are kept apart under its own key's hash.
  const keyHash = hashKey(`operator:${options.operatorKey}`);

  app.post("/:env/operator/invoices", async (c) => {
    const env = c.get("env");
    const db = options.databases[env];
    const now = options.clocks[env].now();
    const { raw, value } = await jsonRequest(c.req.raw);
    const parsed = orderBody(isoDay(now)).safeParse(value);
    if (!parsed.success) return c.json(validationErrorBody(parsed.error), 400);
    const order = parsed.data;

    const origin = new URL(c.req.url).origin;
    const assetUrl = (asset: string) => `${origin}${options.basePath}/${env}/${asset}`;
    return idempotentWrite({ db, keyHash, request: c.req.raw, raw, now }, async (trx) => {
      const entered = await enterOrder(trx, order, now);
      const read = await invoiceAsRead(trx, entered.invoiceId, assetUrl);
      return {
        status: 201,
        headers: { "Content-Type": JSON_TYPE },
        body: JSON.stringify({ ...read, deliveryDate: entered.deliveryDate }),
      };
    });
  });

  return app;
}
