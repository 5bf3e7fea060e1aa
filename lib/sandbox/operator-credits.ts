import { Hono } from "hono";
import type { Kysely } from "kysely";
import * as z from "zod";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { addDays } from "@/lib/format/days";
import { parseDecimal } from "@/lib/format/decimal";
import { type EnvironmentClock, isoDay } from "./clock";
import { issueCredit } from "./credit-memo";
import type { Database } from "./db/schema";
import type { Environment } from "./environments";
import { invoiceAsRead } from "./handlers/invoices";
import { hashKey } from "./keys";
import { idempotentWrite, jsonRequest, type OperatorEnv } from "./operator-request";
import { MAX_LINE_UNITS, MAX_ORDER_LINES } from "./operator-invoices";
import { JSON_TYPE } from "./pipeline/context";

/** How far from the environment's today a credit may be dated, either way (as an order). */
const MAX_DAYS_AWAY = 366;
const MICROS_PER_CENT = 10_000n;

/** A line's amount: decimal dollars as text, above zero, whole cents ("45.00", "45.5", "45"). */
const Amount = z.string().transform((text, ctx) => {
  const micros = parseDecimal(text);
  if (micros === undefined) {
    ctx.addIssue({ code: "custom", message: 'amount is decimal dollars as text, e.g. "45.00"' });
    return z.NEVER;
  }
  if (micros <= 0n) {
    ctx.addIssue({ code: "custom", message: "amount is above zero: the credit's sign is the ERP's" });
    return z.NEVER;
  }
  if (micros % MICROS_PER_CENT !== 0n) {
    ctx.addIssue({ code: "custom", message: "amount has at most 2 decimals" });
    return z.NEVER;
  }
  return micros;
});

/** Body of POST /{env}/operator/credits (sandbox only, not part of the Data API), on the environment's `today`. */
function creditBody(today: string) {
  return z
    .strictObject({
      customerId: z.number().int().positive(),
      invoiceNum: z.string().trim().min(1).max(50),
      lines: z
        .array(
          z.strictObject({
            productId: z.number().int().positive(),
            units: z.number().int().min(0).max(MAX_LINE_UNITS),
            amount: Amount,
          }),
        )
        .min(1)
        .max(MAX_ORDER_LINES),
      reason: z.string().trim().min(1).max(100).optional(),
      date: z.iso
        .date()
        .refine((day) => day >= addDays(today, -MAX_DAYS_AWAY) && day <= addDays(today, MAX_DAYS_AWAY), {
          message: `a credit is dated within ${MAX_DAYS_AWAY} days of the environment's today (${today})`,
        })
        .optional(),
    })
    .superRefine((credit, ctx) => {
      const first = new Map<number, number>();
      credit.lines.forEach((line, k) => {
        // A product once per credit, as on the invoices it credits: a second line of it is refused, not merged.
        const earlier = first.get(line.productId);
        if (earlier === undefined) first.set(line.productId, k);
        else
          ctx.addIssue({
            code: "custom",
            path: ["lines", k, "productId"],
            message: `product ${line.productId} is already on line ${earlier}: one line per product`,
          });
        // ExtPrice = NumUnits × UnitPrice holds exactly, UnitPrice to the API's 6 decimals.
        if (line.units > 0 && line.amount % BigInt(line.units) !== 0n)
          ctx.addIssue({
            code: "custom",
            path: ["lines", k, "amount"],
            message: `amount ÷ units is the credit's unit price, which has at most 6 decimals: ${line.units} units do not divide it`,
          });
      });
    });
}

/**
 * POST /{env}/operator/credits: the ERP's credit memo against one of a store's invoices, played by the operator
 * (`credit-memo.ts`): 201 `{invoice, lines}`, the credit and its lines as the API reads them. An `Idempotency-Key` is
 * honoured as on the order entry's (`operator-invoices.ts`); without one, each POST issues a credit. The caller is
 * already checked to be the operator.
 */
export function creditRoutes(options: {
  databases: Record<Environment, Kysely<Database>>;
  clocks: Record<Environment, EnvironmentClock>;
  operatorKey: string;
  basePath: string;
}) {
  const app = new Hono<OperatorEnv>();
  // The operator's keys, one set for its writes: the same key sent to another route is another body (409).
  const keyHash = hashKey(`operator:${options.operatorKey}`);

  app.post("/:env/operator/credits", async (c) => {
    const env = c.get("env");
    const db = options.databases[env];
    const now = options.clocks[env].now();
    const { raw, value } = await jsonRequest(c.req.raw);
    const parsed = creditBody(isoDay(now)).safeParse(value);
    if (!parsed.success) return c.json(validationErrorBody(parsed.error), 400);
    const { lines, ...credit } = parsed.data;

    const origin = new URL(c.req.url).origin;
    const assetUrl = (asset: string) => `${origin}${options.basePath}/${env}/${asset}`;
    return idempotentWrite({ db, keyHash, request: c.req.raw, raw, now }, async (trx) => {
      const { invoiceId } = await issueCredit(
        trx,
        { ...credit, lines: lines.map((l) => ({ productId: l.productId, units: l.units, amountMicros: l.amount })) },
        now,
      );
      const read = await invoiceAsRead(trx, invoiceId, assetUrl);
      return { status: 201, headers: { "Content-Type": JSON_TYPE }, body: JSON.stringify(read) };
    });
  });

  return app;
}
