import * as z from "zod";
import type { Field } from "@/lib/data-api/fields";
import { Customer } from "@/lib/data-api/records/customers";
import { State } from "@/lib/data-api/records/directory";
import { ARAging, Invoice } from "@/lib/data-api/records/invoices";
import { OpenInvoice } from "@/lib/data-api/records/payments";
import { CollectStopAnswer } from "@/lib/domain/credit/view";
import { DISPUTE_REASONS } from "@/lib/domain/disputes/dispute";
import type { DisputeDigest } from "@/lib/domain/disputes/digest";
import type { ReorderRequest } from "@/lib/domain/order-guide/shared-list";
import type { StaleNote } from "@/lib/data-api/response-meta";
import { TIERS } from "@/lib/domain/insights/insights-tables";
import type { TodayHealth } from "./today";
import { TODAY_CUSTOMER_FIELDS, type TodayData } from "./today-data";

/**
 * `GET /api/today`'s answer (`TodayData`) as a zod schema, held to the type at compile time: the Data API's records as
 * Today keeps them (sparse: each field as the Data API documents it, or null, or left out) and Backroom's own sections.
 */

type Sparse<F extends Record<string, Field>, K extends keyof F> = z.ZodObject<{
  [P in K]: z.ZodOptional<z.ZodNullable<F[P]["doc"]>>;
}>;

/** The fields `keys` of a Data API record, each as documented, null or left out. */
function sparse<F extends Record<string, Field>, const K extends keyof F & string>(
  record: { fields: F },
  keys: readonly K[],
): Sparse<F, K> {
  return z.object(
    Object.fromEntries(keys.map((k) => [k, record.fields[k]!.doc.nullable().optional()])),
  ) as unknown as Sparse<F, K>;
}

const TodayHealthAnswer = z.object({
  customerId: z.number(),
  tier: z.enum(TIERS),
  lastOrder: z.string().nullable(),
  daysSince: z.number().nullable(),
  medianReorderDays: z.number().nullable(),
  cadenceDays: z
    .number()
    .nullable()
    .optional()
    .describe("The median days between orders from three orders at least (the reorder cadence's)."),
}) satisfies z.ZodType<TodayHealth>;

const StaleAnswer = z
  .object({
    reason: z.enum(["rate-limited", "api-error", "timeout", "unreachable"]),
    at: z.string().describe("When the copy was read from the API (ISO)."),
    until: z.string().optional().describe("When the API's budget returns (ISO), when the API said."),
  })
  .describe(
    "The oldest last-known answer among the lists, when the proxy served one (the API spent or away).",
  ) satisfies z.ZodType<StaleNote>;

const ReorderAnswer = z.object({
  id: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  stage: z.enum(["sent", "acknowledged", "entered", "withdrawn"]),
  sentAt: z.string(),
  sentBy: z.string(),
  lineCount: z.number(),
  totalCases: z.number(),
  total: z.string(),
  matchWords: z.string(),
  matchStatus: z.enum(["waiting", "invoiced", "partly", "not-invoiced"]),
}) satisfies z.ZodType<ReorderRequest>;

const DisputeDigestAnswer = z.object({
  id: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  invoiceId: z.number(),
  invoiceNum: z.string(),
  status: z.enum(["open", "acknowledged", "resolved"]),
  reasons: z.array(z.enum(DISPUTE_REASONS)),
  amount: z.string().describe("The lines' amounts (cents)."),
  open: z.string().describe("What is still in dispute: the amount less what the ERP credited (cents)."),
  openedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
}) satisfies z.ZodType<DisputeDigest>;

export const TodayDataAnswer = z.object({
  repId: z.number(),
  repName: z
    .string()
    .optional()
    .describe("The rep's name, as `/salesReps` has it; absent when the rep is not among the key's active reps."),
  accountIds: z.array(z.number()).describe("The rep's accounts (`/salesReps` Customers), sorted."),
  input: z
    .object({
      customerIds: z.array(z.number()),
      customers: z.array(sparse(Customer, TODAY_CUSTOMER_FIELDS)).describe("The fields of its records Today shows."),
      states: z
        .array(
          sparse(State, ["StateAbbreviation", "StateName", "OrderCutOffTime", "OrderCutOffDaysInAdvance", "TimeZone"]),
        )
        .describe("The states' order cut-offs."),
      aging: z
        .array(
          sparse(ARAging, [
            "ARAccountID",
            "CloseDate",
            "CurrentDue",
            "Due_1_30",
            "Due_31_60",
            "Due_61_90",
            "Due_91",
            "OpenCredit",
            "TotalBalanceOutstanding",
          ]),
        )
        .describe(
          "One AR aging row per AR account, its suppliers' rows added (accounts owing nothing left out); the aging's " +
            "close on the first.",
        ),
      openInvoices: z
        .array(sparse(OpenInvoice, ["InvoiceID", "CustomerID", "ARAccountID", "OpenBalance"]))
        .describe("One open invoice per AR account and store: which store an account is."),
      invoices: z
        .array(sparse(Invoice, ["InvoiceID", "CustomerID", "InvoiceNum", "Date", "Status", "InvoiceTotal"]))
        .describe("Each store's last order of the 90 days before `day` (returns aside)."),
      day: z.string().optional(),
    })
    .describe("What Today's model reads, compact."),
  health: z
    .array(TodayHealthAnswer)
    .optional()
    .describe("The accounts' health from the key's history, where it keeps one."),
  readAt: z.number().describe("When the lists were read (ms since the epoch)."),
  complete: z.boolean().describe("Whether every list was walked whole."),
  stale: StaleAnswer.optional(),
  reorders: z
    .array(ReorderAnswer)
    .optional()
    .describe(
      "The open reorder requests of the rep's stores the person sees as their rep (as `GET " +
        "/api/order-guide/reorders?rep=&status=open` answers them), newest first; absent when they could not be read.",
    ),
  disputes: z
    .array(DisputeDigestAnswer)
    .optional()
    .describe("The disputes not resolved of the same stores, oldest first; absent when they could not be read."),
  collect: z
    .array(CollectStopAnswer)
    .optional()
    .describe(
      '"Collect before the drop": the deliveries today and tomorrow to accounts over 60 days or over their limit, ' +
        "with what to collect and what was already recorded, soonest first; absent when they could not be read.",
    ),
}) satisfies z.ZodType<TodayData>;
