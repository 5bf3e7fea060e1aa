import "server-only";
import * as z from "zod";
import type {
  CollectedStatus,
  CollectedView,
  CollectionMethod,
  CollectStop,
  CreditList,
  CreditRow,
  CreditSide,
  CreditView,
  LimitChange,
  Reliability,
  ScoreAdvice,
  ScoreComponent,
  ScoreComponentKey,
} from "@/lib/domain/credit/view";

/**
 * What credit's routes answer (and collections' collected routes, and Today's collect stops), as zod schemas for their
 * specs (`/api/openapi.json`; every answer is checked by them under test), each held to the type the code builds the
 * answer as by `satisfies`. Kept on the server: the types (lib/domain/credit/view.ts) are shared with the pages, which
 * load no zod for them. Money is a decimal string with 2 decimals (cents).
 */

const cents = (what: string) => z.string().describe(`${what} (decimal dollars, 2 decimals).`);
const centsOrNull = (what: string) => z.string().nullable().describe(`${what} (decimal dollars, 2 decimals).`);

const CreditSideAnswer = z.enum(["staff", "rep", "store"]) satisfies z.ZodType<CreditSide>;

const ScoreComponentKeyAnswer = z.enum([
  "daysBeyondTerms",
  "paidOnTime",
  "over60",
  "trend",
]) satisfies z.ZodType<ScoreComponentKey>;

const ScoreComponentAnswer = z.object({
  key: ScoreComponentKeyAnswer,
  label: z.string(),
  weight: z.number().describe("Its weight in the score, in percent (the four add up to 100)."),
  value: z
    .number()
    .nullable()
    .describe(
      "Its figure: days beyond terms (1 decimal); a share 0 to 1 for paidOnTime and over60; for trend, the days beyond " +
        "terms of the 275 days before less those of the last 90. Null when the history holds nothing to measure it by.",
    ),
  points: z.number().describe("The part's points, 0 to 100, before its weight."),
  words: z.string(),
}) satisfies z.ZodType<ScoreComponent>;

const ScoreAdviceAnswer = z.object({
  component: ScoreComponentKeyAnswer,
  text: z.string(),
  amount: centsOrNull("The amount the step concerns, when it is one"),
  gain: z.number().describe("The score's gain were the step taken now (whole points)."),
}) satisfies z.ZodType<ScoreAdvice>;

const ReliabilityAnswer = z
  .object({
    score: z.number().nullable().describe("0 to 100; null with too little history (no invoice due in the window)."),
    asOf: z.string().describe("The day it was computed for (YYYY-MM-DD: the snapshot's aging close)."),
    invoices: z.number().describe("Invoices due in the window that it judges."),
    invoiced: cents("Their value"),
    components: z.array(ScoreComponentAnswer),
    advice: z.array(ScoreAdviceAnswer).describe("The steps that would raise it, the largest gain first."),
  })
  .describe(
    "The payment-reliability score, from the API's history of the last 365 days.",
  ) satisfies z.ZodType<Reliability>;

const LimitChangeAnswer = z.object({
  at: z.string(),
  by: z.string().describe("The person's name."),
  from: centsOrNull("The limit before; null: none"),
  to: centsOrNull("The limit after; null: none"),
}) satisfies z.ZodType<LimitChange>;

const creditFields = {
  arAccountId: z.number(),
  name: z.string().describe('The account\'s name as the collections list names it ("Acme and 2 more").'),
  customerIds: z.array(z.number()),
  limit: centsOrNull("The limit the distributor's staff set, or null: none set (then nothing is available)"),
  balance: cents("The aging's TotalBalanceOutstanding, at its close"),
  openLists: cents("Reorder lists sent for the account's stores and not yet invoiced"),
  openListCount: z.number(),
  available: centsOrNull("limit − balance − openLists (negative: over the limit); null without a limit"),
  over60: cents("What is more than 60 days past due"),
  toCollect: cents(
    "What to collect at the next delivery: the over-60 balance or what brings it under its limit, the larger; 0: none",
  ),
  asOf: z.string().nullable().describe("The aging's close the balance is of (YYYY-MM-DD)."),
};

export const CreditViewAnswer = z.object({
  ...creditFields,
  side: CreditSideAnswer.describe("The asker's part: the distributor's staff, the store's rep, or the store."),
  reliability: ReliabilityAnswer.nullable(),
  history: z
    .array(LimitChangeAnswer)
    .describe("Who set the limit and when; staff and the rep only (the store sees none: [])."),
}) satisfies z.ZodType<CreditView>;

const CreditRowAnswer = z.object({
  ...creditFields,
  score: z.number().nullable().describe("The payment-reliability score, 0 to 100; null with too little history."),
  components: z.array(ScoreComponentAnswer),
  used: z
    .number()
    .nullable()
    .describe("The share of the limit in use, (balance + open lists) / limit, 4 decimals; null without a limit."),
}) satisfies z.ZodType<CreditRow>;

export const CreditListAnswer = z.object({
  rows: z.array(CreditRowAnswer),
  total: z.number().describe("Rows in all (the filters kept)."),
  page: z.number().describe("The page (50 rows)."),
  asOf: z.string().nullable(),
  pending: z.boolean().describe("The snapshot is still being walked (the list is empty until it is in)."),
}) satisfies z.ZodType<CreditList>;

const CollectionMethodAnswer = z.enum([
  "check",
  "cash",
  "money-order",
  "ach",
  "card",
  "other",
]) satisfies z.ZodType<CollectionMethod>;

const CollectedStatusAnswer = z.enum(["waiting", "matched", "unmatched"]) satisfies z.ZodType<CollectedStatus>;

export const CollectedViewAnswer = z.object({
  id: z.string(),
  arAccountId: z.number(),
  customerId: z.number().nullable(),
  amount: cents("What was collected"),
  method: CollectionMethodAnswer,
  reference: z.string().nullable().describe("The check's number, or the method's reference."),
  deliveryDate: z.string().nullable().describe("The delivery it was collected at (YYYY-MM-DD)."),
  recordedAt: z.string(),
  recordedBy: z.string().describe("The person's name."),
  status: CollectedStatusAnswer.describe("Where it stands against the API's payments."),
  payment: z
    .object({ paymentId: z.number(), paymentInvoiceNum: z.string(), amount: z.string(), postDate: z.string() })
    .nullable()
    .describe("The payment it was matched to."),
  matchedAt: z.string().nullable(),
  dueBy: z
    .string()
    .describe('The day it is "unmatched" from, if not matched before: 5 business days after it was recorded.'),
  photo: z
    .object({ href: z.string(), type: z.string(), bytes: z.number() })
    .nullable()
    .describe("The check's photo: its address, media type and size."),
}) satisfies z.ZodType<CollectedView>;

export const CollectStopAnswer = z.object({
  arAccountId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  deliveryDate: z.string().describe("The delivery's day (YYYY-MM-DD)."),
  reasons: z.array(z.enum(["over60", "overLimit"])).describe("Why: over 60 days, over its limit, or both."),
  over60: cents("What is more than 60 days past due"),
  available: centsOrNull("What is left of its limit; null without one"),
  toCollect: cents("What to collect"),
  collected: z.array(CollectedViewAnswer).describe("What was already recorded as collected for this delivery."),
}) satisfies z.ZodType<CollectStop>;
