import * as z from "zod";
import { pageOf } from "@/lib/domain/page-of";
import { requireDecimal, toDecimalString } from "@/lib/format/decimal";
import { formatMoney } from "@/lib/format/display";
import type { CollectionMethod, CreditRow } from "./view";

/**
 * What credit's writes and its staff list take: `PUT /api/credit/{arAccountId}` ({limit}), `POST
 * /api/collections/{arAccountId}/collected` and `GET /api/credit`'s query. zod 4, one schema for the route, the form
 * and the tests; every refusal names its field in plain words. Browser-safe.
 */

/**
 * The largest limit taken: ten million dollars. A cannabis retailer's trade credit with one distributor runs to tens
 * of thousands of dollars, rarely six figures; a limit above ten million is a slip of the keyboard (a few zeros too
 * many, or cents typed as dollars), and refusing it keeps "available" from looking unlimited by mistake.
 */
export const MAX_LIMIT = "10000000.00";
/** The largest amount a rep records as collected at one delivery: a million dollars (no check at a door is more). */
export const MAX_COLLECTED = "1000000.00";

const CENTS = /^\d+(?:\.\d{1,2})?$/;

type Rules = { positive: boolean; max: string };

/**
 * An amount in dollars and cents, as text or a JSON number: digits, and at most 2 decimals ("100.005", "-5", "1e3"
 * and "" are refused, each in its own words); written back as a cents string ("10000.00").
 */
function readDollars(value: unknown, what: string, rules: Rules, ctx: z.RefinementCtx): string {
  const example = `${what} is an amount in dollars, like 1250.00`;
  const refuse = (message: string) => {
    ctx.addIssue({ code: "custom", message, input: value });
    return z.NEVER;
  };
  if (typeof value !== "string" && typeof value !== "number") return refuse(`${example}.`);
  const text = String(value).trim();
  if (/^-\d*\.?\d+$/.test(text) && !/^-0*(?:\.0*)?$/.test(text)) return refuse(`${what} cannot be negative.`);
  if (/^\d+\.\d{3,}$/.test(text)) return refuse(`${what} has at most 2 decimals (cents).`);
  if (!CENTS.test(text)) return refuse(`${example} (digits, and at most 2 decimals).`);
  const micros = requireDecimal(text);
  if (rules.positive && micros <= 0n) return refuse(`${what} must be more than $0.00.`);
  if (micros > requireDecimal(rules.max)) return refuse(`${what} is at most ${formatMoney(rules.max)}.`);
  return toDecimalString(micros, 2);
}

/**
 * `PUT /api/credit/{arAccountId}`: the limit, 0 or more, at most 2 decimals, at most `MAX_LIMIT`; null removes it. A
 * limit of 0 is a limit (nothing on credit), not none.
 *
 * @example
 * LimitBody.parse({ limit: 10000 }); // { limit: "10000.00" }
 * LimitBody.parse({ limit: null }); // { limit: null }
 */
export const LimitBody = z.strictObject({
  limit: z
    .unknown()
    .refine((limit) => limit !== undefined, "The limit is missing: an amount in dollars, or null to remove it.")
    .transform((limit, ctx) =>
      limit === null ? null : readDollars(limit, "The limit", { positive: false, max: MAX_LIMIT }, ctx),
    ),
});
export type LimitBody = z.output<typeof LimitBody>;

/** How a rep collected, in the order the form offers them. */
export const COLLECTION_METHODS = [
  "check",
  "cash",
  "money-order",
  "ach",
  "card",
  "other",
] as const satisfies readonly CollectionMethod[];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string) => DAY.test(text) && new Date(`${text}T12:00:00Z`).toISOString().slice(0, 10) === text;

/**
 * `POST /api/collections/{arAccountId}/collected` (its Idempotency-Key in the header): the amount (more than 0, at most
 * 2 decimals, at most `MAX_COLLECTED`; the route also refuses more than the account's balance), how it was collected,
 * the check's number or the method's reference, the delivery's day and the store.
 *
 * @example
 * CollectedBody.parse({ amount: "1240", method: "check", reference: " 4417 " }); // { amount: "1240.00", method: "check", reference: "4417" }
 */
export const CollectedBody = z.strictObject({
  amount: z
    .unknown()
    .refine((amount) => amount !== undefined, "The amount is missing: what was collected, like 1250.00.")
    .transform((amount, ctx) => readDollars(amount, "The amount", { positive: true, max: MAX_COLLECTED }, ctx)),
  method: z.enum(COLLECTION_METHODS, { error: `The method is one of: ${COLLECTION_METHODS.join(", ")}.` }),
  reference: z
    .string({ error: "The reference is text: the check's number or the payment's reference." })
    .trim()
    .min(1, "The reference is empty: leave it out, or write the check's number.")
    .max(40, "The reference is at most 40 characters.")
    .optional(),
  deliveryDate: z
    .string({ error: "The delivery date is a day, like 2026-11-20." })
    .refine(isDay, "The delivery date is a day, like 2026-11-20.")
    .optional(),
  customerId: z
    .number({ error: "The customerId is a customer's number." })
    .int("The customerId is a whole number.")
    .positive("The customerId is positive.")
    .max(2_147_483_647, "The customerId is too large.")
    .optional(),
});
export type CollectedBody = z.output<typeof CollectedBody>;

/** What the staff's credit list sorts by (each descending or ascending by `dir`, as the collections list does). */
export const CREDIT_SORTS = ["used", "available", "score", "balance", "over60", "name"] as const;
export type CreditSort = (typeof CREDIT_SORTS)[number];
/** Its filters: over its limit (available below 0), or owing something over 60 days. */
export const CREDIT_OVER = ["limit", "60"] as const;

const FIELDS = {
  sort: z.enum(CREDIT_SORTS, { error: `sort is one of: ${CREDIT_SORTS.join(", ")}.` }).default("used"),
  dir: z.enum(["asc", "desc"], { error: "dir is asc or desc." }).default("desc"),
  over: z
    .enum(CREDIT_OVER, { error: 'over is "limit" (over its limit) or "60" (over 60 days), or left out.' })
    .optional()
    .describe("Only the accounts over their limit (less than nothing available), or owing something over 60 days."),
  q: z
    .string({ error: "q is text: a name or an id." })
    .trim()
    .max(200, "q is at most 200 characters.")
    .optional()
    .transform((q) => q || undefined)
    .describe("Words of the account's name, or an AR account's or customer's id; empty is none."),
  page: z.coerce
    .number({ error: "page is a page number, 1 or more." })
    .int("page is a whole number.")
    .min(1, "page is 1 or more.")
    .max(1_000_000, "page is at most 1,000,000.")
    .default(1),
};

/**
 * `GET /api/credit`'s query: sort (`CREDIT_SORTS`, default "used"), dir (asc or desc, default desc), over ("limit" or
 * "60"), q, page (1 or more). A bad value is refused on its field; other parameters are ignored.
 *
 * @example
 * CreditQuery.parse({ sort: "score", dir: "asc", over: "60" }); // { sort: "score", dir: "asc", over: "60", page: 1 }
 */
export const CreditQuery = z.object(FIELDS);
export type CreditQuery = z.output<typeof CreditQuery>;

/** The query as a page reads it from its address: a bad value falls back to its default rather than refuse the page. */
const LenientQuery = z.object({
  sort: FIELDS.sort.catch("used"),
  dir: FIELDS.dir.catch("desc"),
  over: FIELDS.over.catch(undefined),
  q: FIELDS.q.catch(undefined),
  page: FIELDS.page.catch(1),
});

/**
 * The credit list's query from a page's address parameters (the first of a repeated one), bad values at their defaults.
 *
 * @example
 * creditQuery({ sort: "nonsense", over: "60" }); // { sort: "used", dir: "desc", over: "60", page: 1 }
 */
export function creditQuery(params: Record<string, string | string[] | undefined> | URLSearchParams): CreditQuery {
  const entries =
    params instanceof URLSearchParams
      ? [...params.keys()].map((k) => [k, params.get(k)] as const)
      : Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v] as const);
  return LenientQuery.parse(Object.fromEntries(entries));
}

type Order = string | number | bigint | null;
const ORDER: Record<CreditSort, (row: CreditRow) => Order> = {
  used: (r) => r.used,
  available: (r) => (r.available === null ? null : requireDecimal(r.available)),
  score: (r) => r.score,
  balance: (r) => requireDecimal(r.balance),
  over60: (r) => requireDecimal(r.over60),
  name: (r) => r.name.toLocaleLowerCase("en-US"),
};

const negative = (text: string | null) => text !== null && requireDecimal(text) < 0n;
const owing = (text: string) => requireDecimal(text) > 0n;

function kept(row: CreditRow, query: CreditQuery): boolean {
  if (query.over === "limit" && !negative(row.available)) return false;
  if (query.over === "60" && !owing(row.over60)) return false;
  if (query.q === undefined) return true;
  const words = query.q.toLocaleLowerCase("en-US");
  return (
    [row.arAccountId, ...row.customerIds].map(String).includes(words) ||
    row.name.toLocaleLowerCase("en-US").includes(words)
  );
}

const compare = (a: Exclude<Order, null>, b: Exclude<Order, null>) =>
  typeof a === "string" || typeof b === "string"
    ? String(a).localeCompare(String(b), "en-US")
    : a < b
      ? -1
      : a > b
        ? 1
        : 0;

/**
 * The staff's credit list: the rows the query keeps (over its limit, over 60 days, a name or id), in its order (rows
 * without a value, such as no limit or no score, last either way; ties by name, then AR account), one page of 50.
 *
 * @example
 * creditListRows(rows, CreditQuery.parse({ sort: "used" })); // { rows: [the most used first, ...], total: 120, page: 1 }
 */
export function creditListRows(
  rows: readonly CreditRow[],
  query: CreditQuery,
): { rows: CreditRow[]; total: number; page: number } {
  const order = ORDER[query.sort];
  const sign = query.dir === "asc" ? 1 : -1;
  const byName = (a: CreditRow, b: CreditRow) =>
    compare(ORDER.name(a)!, ORDER.name(b)!) || a.arAccountId - b.arAccountId;
  const listed = rows
    .filter((row) => kept(row, query))
    .map((row) => ({ row, value: order(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value !== b.value) return a.value === null ? 1 : -1;
      } else {
        const by = compare(a.value, b.value) * sign;
        if (by !== 0) return by;
      }
      return byName(a.row, b.row);
    })
    .map(({ row }) => row);
  const page = pageOf(listed, query.page);
  return { rows: page.rows, total: listed.length, page: page.page };
}
