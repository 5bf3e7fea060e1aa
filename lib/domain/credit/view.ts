/**
 * Credit as its routes answer it (`GET /api/credit`, `GET /api/credit/{arAccountId}`, `POST
 * /api/collections/{arAccountId}/collected`) and its pages show it. The Data API has no credit limit: Backroom keeps
 * it, set by the distributor's staff, shared with the store and its rep by the shared-record rule
 * (`lib/server/core/parties.ts`). The score is the API's own payment history, read with the daily snapshot. Money is a
 * decimal string with 2 decimals (cents); null where nothing is known. Each shape's zod schema (`…Answer`), what the
 * routes' specs say they answer, is on the server (lib/server/credit/answers.ts), held to the type at compile time.
 */
/** The asker's part: the distributor's staff, the store's rep (its Employee-key members linked to it), the store. */
export type CreditSide = "staff" | "rep" | "store";

/** One of the score's four parts, with its published weight, its figure and the points it gives (0 to 100). */
export type ScoreComponentKey = "daysBeyondTerms" | "paidOnTime" | "over60" | "trend";

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

/** What would raise the score: a step the store can take, the amount it concerns, and the points it would add. */
export interface ScoreAdvice {
  component: ScoreComponentKey;
  text: string;
  /** The amount the step concerns (cents), when it is one ("Pay the $1,240.00 over 60 days"). */
  amount: string | null;
  /** The score's gain were the step taken now (whole points). */
  gain: number;
}

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

/** A change of an account's limit, as it happened. */
export interface LimitChange {
  at: string;
  /** The person's name. */
  by: string;
  /** Cents; null: no limit. */
  from: string | null;
  to: string | null;
}

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

/** A row of the staff's credit list (`GET /api/credit`). */
export type CreditRow = Omit<CreditView, "history" | "side" | "reliability"> & {
  score: number | null;
  components: ScoreComponent[];
  /** The share of the limit in use (balance + open lists) / limit, 4 decimals; null without a limit. */
  used: number | null;
};

export interface CreditList {
  rows: CreditRow[];
  /** Rows in all (the filters kept), and the page (50 rows). */
  total: number;
  page: number;
  asOf: string | null;
  /** The snapshot is still being walked (the list is empty until it is in). */
  pending: boolean;
}

/** How a rep collected at the door. */
export type CollectionMethod = "check" | "cash" | "money-order" | "ach" | "card" | "other";

/** Where a recorded collection stands against the API's payments. */
export type CollectedStatus = "waiting" | "matched" | "unmatched";

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
