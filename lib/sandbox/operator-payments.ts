import { Hono } from "hono";
import type { Kysely } from "kysely";
import * as z from "zod";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { addDays } from "@/lib/format/days";
import { parseDecimal } from "@/lib/format/decimal";
import { postCashReceipt } from "./cash-receipt";
import { type EnvironmentClock, isoDay } from "./clock";
import type { Database } from "./db/schema";
import type { Environment } from "./environments";
import { rejection } from "./handler";
import { applicationRecord, availableBalanceSql, paymentRecord } from "./handlers/payments";
import { hashKey } from "./keys";
import { idempotentWrite, jsonRequest, type OperatorEnv } from "./operator-request";
import { JSON_TYPE } from "./pipeline/context";

/** How far from the environment's today a payment may be posted, either way (as a credit). */
const MAX_DAYS_AWAY = 366;
const MICROS_PER_CENT = 10_000n;

/**
 * The amount: decimal dollars as text, whole cents ("420.00", "420.5", "420"). Its sign is checked after the shape
 * (422 below): a figure of the right form that no receipt can have.
 */
const Amount = z.string().transform((text, ctx) => {
  const micros = parseDecimal(text);
  if (micros === undefined) {
    ctx.addIssue({ code: "custom", message: 'amount is decimal dollars as text, e.g. "420.00"' });
    return z.NEVER;
  }
  if (micros % MICROS_PER_CENT !== 0n) {
    ctx.addIssue({ code: "custom", message: "amount has at most 2 decimals" });
    return z.NEVER;
  }
  return micros;
});

/** Body of POST /{env}/operator/payments (sandbox only, not part of the Data API), on the environment's `today`. */
function paymentBody(today: string) {
  return z.strictObject({
    arAccountId: z.number().int().positive(),
    amount: Amount,
    reference: z.string().trim().min(1).max(100),
    date: z.iso
      .date()
      .refine((day) => day >= addDays(today, -MAX_DAYS_AWAY) && day <= addDays(today, MAX_DAYS_AWAY), {
        message: `a payment is posted within ${MAX_DAYS_AWAY} days of the environment's today (${today})`,
      })
      .optional(),
    apply: z.boolean().default(true),
  });
}

/**
 * POST /{env}/operator/payments: the ERP's cash receipt, played by the operator (`cash-receipt.ts`): 201 `{payment,
 * applications}`, the payment as `/payments` reads it and its applications as `/payments/applications` reads them.
 * An `Idempotency-Key` is honoured as on the other operator writes; without one, each POST posts a payment. The
 * caller is already checked to be the operator.
 */
export function paymentRoutes(options: {
  databases: Record<Environment, Kysely<Database>>;
  clocks: Record<Environment, EnvironmentClock>;
  operatorKey: string;
}) {
  const app = new Hono<OperatorEnv>();
  // The operator's keys, one set for its writes (as `operator-credits.ts`): a key sent to another route is another body.
  const keyHash = hashKey(`operator:${options.operatorKey}`);

  app.post("/:env/operator/payments", async (c) => {
    const env = c.get("env");
    const db = options.databases[env];
    const now = options.clocks[env].now();
    const { raw, value } = await jsonRequest(c.req.raw);
    const parsed = paymentBody(isoDay(now)).safeParse(value);
    if (!parsed.success) return c.json(validationErrorBody(parsed.error), 400);
    const { amount, ...receipt } = parsed.data;

    return idempotentWrite({ db, keyHash, request: c.req.raw, raw, now }, async (trx) => {
      if (amount <= 0n)
        throw rejection(422, "UNPROCESSABLE", "A payment's amount is above zero: a reversal is not a receipt.", [
          { field: "amount", code: "NOT_POSITIVE", detail: "A payment's amount is above zero." },
        ]);
      const { paymentId } = await postCashReceipt(trx, { ...receipt, amountMicros: amount }, now);
      const payment = await trx
        .selectFrom("payments as p")
        .innerJoin("payment_types as t", "t.payment_type_id", "p.payment_type_id")
        .selectAll("p")
        .select(["t.name as type_name", availableBalanceSql(trx).as("available_micros")])
        .where("p.payment_id", "=", paymentId)
        .executeTakeFirstOrThrow();
      const applications = await trx
        .selectFrom("payment_applications")
        .selectAll()
        .where("payment_id", "=", paymentId)
        .orderBy("id")
        .execute();
      return {
        status: 201,
        headers: { "Content-Type": JSON_TYPE },
        body: JSON.stringify({ payment: paymentRecord(payment), applications: applications.map(applicationRecord) }),
      };
    });
  });

  return app;
}
