/**
 * The AR aging table's order and pages: a whole aging has thousands of rows (the demo staff's 4,863), so the
 * table shows 50 at a time, sorted by any of its columns, with the choice in the address (`sort`, `dir`, `page`) beside
 * the report's filters. The chart and the totals cover every row whatever the page. Pure and zod-free: the report in
 * the browser (a live aging) and the server (a snapshot) order the same rows the same way.
 */
import { compareDecimals } from "@/lib/format/decimal";
import type { ApiRequest } from "../api-query";
import {
  type AgingLine,
  type BucketId,
  type BucketInvoice,
  BUCKETS,
  CREDIT,
  largestLines,
  type Listed,
  listedAmount,
} from "./aging";
import { accountInvoicesRequest, AGING_PAGE_SIZE } from "./requests";
import { pageOf } from "../page-of";

/** The columns the table sorts by: the row's names, each bucket, the open credit and the total outstanding. */
export const AGING_SORTS = ["account", "supplier", ...BUCKETS.map((b) => b.id), "credit", "total"] as const;
export type AgingSort = (typeof AGING_SORTS)[number];

/** The table's choices: the column and direction it is sorted by, and its page. */
export interface AgingListQuery {
  sort: AgingSort;
  dir: "asc" | "desc";
  page: number;
}

/** The address's parameters of the table (the report's filters are the API's own parameters). */
export const AGING_LIST_PARAMS = ["sort", "dir", "page"] as const;

/** By default: the largest total outstanding first, page 1. */
export const AGING_LIST_DEFAULT: AgingListQuery = { sort: "total", dir: "desc", page: 1 };

type Params = URLSearchParams | Record<string, string | string[] | undefined>;
const get = (params: Params, name: string) => {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The table's choices in an address; a value it does not know falls back to the default.
 *
 * @example
 * agingListQuery(new URLSearchParams("sort=91&page=3")); // { sort: "91", dir: "desc", page: 3 }
 */
export function agingListQuery(params: Params): AgingListQuery {
  const sort = get(params, "sort");
  const dir = get(params, "dir");
  const page = Number(get(params, "page"));
  return {
    sort: (AGING_SORTS as readonly string[]).includes(sort ?? "") ? (sort as AgingSort) : AGING_LIST_DEFAULT.sort,
    dir: dir === "asc" || dir === "desc" ? dir : AGING_LIST_DEFAULT.dir,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The address's parameters with the table's choices set (defaults left out), the others as they were.
 *
 * @example
 * withAgingList(new URLSearchParams("States=CA"), { sort: "91", dir: "desc", page: 1 }).toString(); // "States=CA&sort=91"
 */
export function withAgingList(params: URLSearchParams, query: AgingListQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of AGING_LIST_PARAMS) {
    const value = String(query[name]);
    if (value === String(AGING_LIST_DEFAULT[name])) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/** The first press on a column: names A to Z, amounts largest first. */
export function firstDirection(sort: AgingSort): "asc" | "desc" {
  return sort === "account" || sort === "supplier" ? "asc" : "desc";
}

/** A line's amount in a sort's column. */
function amountOf(line: AgingLine, sort: Exclude<AgingSort, "account" | "supplier">): string {
  if (sort === "total") return line.amounts.total;
  if (sort === "credit") return listedAmount(line, CREDIT);
  return line.amounts.buckets[sort];
}

/**
 * The lines in the table's order: by the chosen column (names as `label` gives them), ties by the largest total, then
 * by AR account and supplier, so that every page of the same rows holds the same lines.
 *
 * @example
 * sortedLines(lines, { sort: "91", dir: "desc", page: 1 }, label)[0]; // the row with most over 90 days past due
 */
export function sortedLines(
  lines: readonly AgingLine[],
  query: Pick<AgingListQuery, "sort" | "dir">,
  label: (line: AgingLine, column: "account" | "supplier") => string,
): AgingLine[] {
  const sign = query.dir === "asc" ? 1 : -1;
  const { sort } = query;
  const keyed = lines.map((line) => ({
    line,
    name: sort === "account" || sort === "supplier" ? label(line, sort) : "",
  }));
  return keyed
    .sort((a, b) => {
      const by =
        sort === "account" || sort === "supplier"
          ? a.name.localeCompare(b.name, "en-US")
          : compareDecimals(amountOf(a.line, sort), amountOf(b.line, sort));
      if (by !== 0) return by * sign;
      const total = compareDecimals(b.line.amounts.total, a.line.amounts.total);
      if (total !== 0) return total;
      return (
        (a.line.arAccountId ?? 0) - (b.line.arAccountId ?? 0) || (a.line.supplierId ?? 0) - (b.line.supplierId ?? 0)
      );
    })
    .map(({ line }) => line);
}

/**
 * One page of the sorted lines.
 *
 * @example
 * agingPage(lines, query, label); // { rows: [...50 lines], page: 2, pages: 98 }
 */
export function agingPage(
  lines: readonly AgingLine[],
  query: AgingListQuery,
  label: (line: AgingLine, column: "account" | "supplier") => string,
) {
  return pageOf(sortedLines(lines, query, label), query.page);
}

/**
 * The rows of a whole aging that a supplier filter keeps (`SupplierIDs`, comma-separated, as the API takes it); all of
 * them without one.
 *
 * @example
 * ofSuppliers(rows, "101,102"); // the rows of suppliers 101 and 102
 */
export function ofSuppliers<T extends { SupplierID?: number | null }>(
  rows: readonly T[],
  supplierIds: string | undefined,
): T[] {
  const only = supplierIds?.split(",").filter(Boolean).map(Number);
  return only?.length ? rows.filter((r) => r.SupplierID != null && only.includes(r.SupplierID)) : [...rows];
}

/**
 * The invoices to ask for by id to name the report's accounts (`picked`: `accountInvoices` of its rows): all of them in
 * one request when they fit (500), else those of the accounts the report shows (the chart's bars and the table's
 * page, ordered by the names known without them: `label`), so a whole aging of thousands of accounts costs one request
 * a page.
 *
 * @example
 * namesToAsk(accountInvoices(rows), linesOf(rows), agingListQuery(params), label); // { operation: "listInvoices", query: { InvoiceIDs: "…" } }
 */
export function namesToAsk(
  picked: Map<number, number>,
  lines: readonly AgingLine[],
  list: AgingListQuery,
  label: (line: AgingLine, column: "account" | "supplier") => string,
): ApiRequest<"listInvoices"> | undefined {
  if (picked.size <= AGING_PAGE_SIZE) return accountInvoicesRequest(picked.keys());
  const shown = new Set(
    [...largestLines([...lines]).shown, ...agingPage(lines, list, label).rows].map((line) => line.arAccountId),
  );
  return accountInvoicesRequest([...picked].flatMap(([invoice, account]) => (shown.has(account) ? [invoice] : [])));
}

/** Invoices a bucket of the report's total lists at most when the report is drawn on the server. */
export const MAX_LISTED = 500;

/**
 * A line with every list of more than `max` invoices left out and counted instead (`unlisted`): what the server sends
 * of a whole aging's total, whose buckets hold thousands.
 *
 * @example
 * withoutLongLists(totalLine(lines)).unlisted; // { current: 5120, "1-30": 2210 }
 */
export function withoutLongLists(line: AgingLine, max = MAX_LISTED): AgingLine {
  const unlisted: Partial<Record<Listed["id"], number>> = {};
  const invoices = Object.fromEntries(
    BUCKETS.map((b) => {
      const list = line.invoices[b.id];
      if (list.length <= max) return [b.id, list];
      unlisted[b.id] = list.length;
      return [b.id, []];
    }),
  ) as Record<BucketId, BucketInvoice[]>;
  let credits = line.credits;
  if (credits.invoices.length > max) {
    unlisted.credit = credits.invoices.length;
    credits = { invoices: [], unread: credits.unread };
  }
  return Object.keys(unlisted).length === 0 ? line : { ...line, invoices, credits, unlisted };
}
