/**
 * Credit as its routes answer it (`GET /api/credit`, `GET /api/credit/{arAccountId}`, `POST
 * /api/collections/{arAccountId}/collected`) and its pages show it. The Data API has no credit limit: Backroom keeps
 * it, set by the distributor's staff, shared with the store and its rep by the shared-record rule
 * (`lib/server/core/parties.ts`). The score is the API's own payment history, read with the daily snapshot. Money is a
 * decimal string with 2 decimals (cents); null where nothing is known. Each shape has its zod schema beside it (`…Answer`),
 * what the routes' specs say they answer, held to the type at compile time.
 */
import * as z from "zod";

const cents = (what: string) => z.string().describe(`${what} (decimal dollars, 2 decimals).`);
const centsOrNull = (what: string) => z.string().nullable().describe(`${what} (decimal dollars, 2 decimals).`);

/** The asker's part: the distributor's staff, the store's rep (its Employee-key members linked to it), the store. */
export type CreditSide = "staff" | "rep" | "store";
export const CreditSideAnswer = z.enum(["staff", "rep", "store"]) satisfies z.ZodType<CreditSide>;

/** One of the score's four parts, with its published weight, its figure and the points it gives (0 to 100). */
export type ScoreComponentKey = "daysBeyondTerms" | "paidOnTime" | "over60" | "trend";
const ScoreComponentKeyAnswer = z.enum([
  "daysBeyondTerms",
  "paidOnTime",
  "over60",
  "trend",
]) satisfies z.ZodType<ScoreComponentKey>;

export interface ScoreComponent {
  key: ScoreComponentKey;
  /** "Days paid beyond terms", "Paid by the due date", "Over 60 days now", "Trend". */
  label: string;
  /** Its weight in the score, in percent (the four add up to 100). */
  weight: number;
  /**
   * Its figure: days (1 decimal) for daysBeyondTerms; a share 0 to 1 (4 decimals) for paidOnTime and over60; for
   * trend, the days beyond terms of the 275 days before less those of the last 90 (positive: paying sooner). Null
   * when the history holds nothing to measure it by (the part then gives its neutral points, said in `words`).
   */
  value: number | null;
  /** The part's points, 0 to 100, before its weight. */
  points: number;
  /** The figure in words: "paid 12.4 days past due on average, weighted by amount". */
  words: string;
}
export const ScoreComponentAnswer = z.object({
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

/** What would raise the score: a step the store can take, the amount it concerns, and the points it would add. */
export interface ScoreAdvice {
  component: ScoreComponentKey;
  text: string;
  /** The amount the step concerns (cents), when it is one ("Pay the $1,240.00 over 60 days"). */
  amount: string | null;
  /** The score's gain were the step taken now (whole points). */
  gain: number;
}
const ScoreAdviceAnswer = z.object({
  component: ScoreComponentKeyAnswer,
  text: z.string(),
  amount: centsOrNull("The amount the step concerns, when it is one"),
  gain: z.number().describe("The score's gain were the step taken now (whole points)."),
}) satisfies z.ZodType<ScoreAdvice>;

/** The payment-reliability score of an AR account: 0 to 100, from the API's history of the last 365 days. */
export interface Reliability {
  /** Null with too little history: no invoice due in the window. */
  score: number | null;
  /** The day it was computed for (YYYY-MM-DD: the snapshot's aging close). */
  asOf: string;
  /** Invoices due in the window that it judges, and their value (cents). */
  invoices: number;
  invoiced: string;
  components: ScoreComponent[];
  /** The steps that would raise it, the largest gain first. */
  advice: ScoreAdvice[];
}
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

/** A change of an account's limit, as it happened. */
export interface LimitChange {
  at: string;
  /** The person's name. */
  by: string;
  /** Cents; null: no limit. */
  from: string | null;
  to: string | null;
}
const LimitChangeAnswer = z.object({
  at: z.string(),
  by: z.string().describe("The person's name."),
  from: centsOrNull("The limit before; null: none"),
  to: centsOrNull("The limit after; null: none"),
}) satisfies z.ZodType<LimitChange>;

/** An AR account's credit as the asker's side sees it. */
export interface CreditView {
  arAccountId: number;
  /** The account's name as the collections list names it ("Acme and 2 more"). */
  name: string;
  customerIds: number[];
  side: CreditSide;
  /** The limit the distributor's staff set (cents), or null: none set (then nothing is "available"). */
  limit: string | null;
  /** The aging's TotalBalanceOutstanding, at its close. */
  balance: string;
  /** Reorder lists sent for the account's stores and not yet invoiced (their totals, less what was invoiced). */
  openLists: string;
  openListCount: number;
  /** limit − balance − openLists (negative: over the limit); null without a limit. */
  available: string | null;
  /** What is more than 60 days past due (61–90 and 91+). */
  over60: string;
  /** What to collect at the next delivery: the over-60 balance or what brings it under its limit, the larger; 0: none. */
  toCollect: string;
  reliability: Reliability | null;
  /** Who set the limit and when; staff and the rep only (the store sees none: []). */
  history: LimitChange[];
  /** The aging's close the balance is of (YYYY-MM-DD). */
  asOf: string | null;
}
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

/** A row of the staff's credit list (`GET /api/credit`). */
export type CreditRow = Omit<CreditView, "history" | "side" | "reliability"> & {
  score: number | null;
  components: ScoreComponent[];
  /** The share of the limit in use (balance + open lists) / limit, 4 decimals; null without a limit. */
  used: number | null;
};
const CreditRowAnswer = z.object({
  ...creditFields,
  score: z.number().nullable().describe("The payment-reliability score, 0 to 100; null with too little history."),
  components: z.array(ScoreComponentAnswer),
  used: z
    .number()
    .nullable()
    .describe("The share of the limit in use, (balance + open lists) / limit, 4 decimals; null without a limit."),
}) satisfies z.ZodType<CreditRow>;

export interface CreditList {
  rows: CreditRow[];
  /** Rows in all (the filters kept), and the page (50 rows). */
  total: number;
  page: number;
  asOf: string | null;
  /** The snapshot is still being walked (the list is empty until it is in). */
  pending: boolean;
}
export const CreditListAnswer = z.object({
  rows: z.array(CreditRowAnswer),
  total: z.number().describe("Rows in all (the filters kept)."),
  page: z.number().describe("The page (50 rows)."),
  asOf: z.string().nullable(),
  pending: z.boolean().describe("The snapshot is still being walked (the list is empty until it is in)."),
}) satisfies z.ZodType<CreditList>;

/** How a rep collected at the door. */
export type CollectionMethod = "check" | "cash" | "money-order" | "ach" | "card" | "other";
const CollectionMethodAnswer = z.enum([
  "check",
  "cash",
  "money-order",
  "ach",
  "card",
  "other",
]) satisfies z.ZodType<CollectionMethod>;

/** Where a recorded collection stands against the API's payments. */
export type CollectedStatus = "waiting" | "matched" | "unmatched";
const CollectedStatusAnswer = z.enum(["waiting", "matched", "unmatched"]) satisfies z.ZodType<CollectedStatus>;

/** What the rep collected at a delivery (`POST /api/collections/{arAccountId}/collected`), and its match. */
export interface CollectedView {
  id: string;
  arAccountId: number;
  customerId: number | null;
  amount: string;
  method: CollectionMethod;
  /** The check's number, or the method's reference. */
  reference: string | null;
  deliveryDate: string | null;
  recordedAt: string;
  recordedBy: string;
  status: CollectedStatus;
  /** The payment it was matched to, and when. */
  payment: { paymentId: number; paymentInvoiceNum: string; amount: string; postDate: string } | null;
  matchedAt: string | null;
  /** The day it is "unmatched" from, if not matched before: 5 business days after it was recorded. */
  dueBy: string;
  photo: { href: string; type: string; bytes: number } | null;
}
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

/** A delivery today or tomorrow to an account to collect from (Today's and the plan's "Collect before the drop"). */
export interface CollectStop {
  arAccountId: number;
  customerId: number;
  customerName: string;
  /** The delivery's day (YYYY-MM-DD). */
  deliveryDate: string;
  /** Why: over 60 days, over its limit, or both. */
  reasons: ("over60" | "overLimit")[];
  over60: string;
  available: string | null;
  toCollect: string;
  /** What was already recorded as collected for this delivery. */
  collected: CollectedView[];
}

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
