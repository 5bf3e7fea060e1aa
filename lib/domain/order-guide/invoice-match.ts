import type { RecordOf } from "@/lib/data-api/client";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import {
  askedProduct,
  type LineMatch,
  lineFilled,
  type ListMatch,
  type MatchedInvoice,
  type MatchStatus,
  matchWords,
  NOT_INVOICED_DAYS,
  type SharedLine,
} from "./shared-list";

/**
 * What the ERP invoiced against a store's reorder lists, line by product. The Data API has no sales order: a list is
 * Backroom's record, and the store's invoices are its outcome. Pure: the order guide's match job reads the invoices and
 * their lines and keeps what this answers on each list.
 *
 * The rules, in order:
 * 1. An invoice counts for a store's lists when it is that store's (its `CustomerID`), made after a list was sent (its
 *    `InvoiceTimeCreated` at or after `sentAt`; a sparse invoice without one: dated, its `Date`, on or after the UTC
 *    day of `sentAt`, since the ERP's day runs behind UTC's in the evening), and neither Returned (status 4: a credit) nor
 *    Canceled (a status the API lists under no id: any status but 1, 2, 3, 5 and 7). An invoice without a customer,
 *    an id or a date counts for nothing; one without a status counts (the reads ask for the counted statuses only).
 * 2. Each line of a list asks its product now (`askedProduct`: an accepted substitute's, else its own; a proposed or
 *    declined substitute leaves the original) for its cases now; a line at 0 cases is left out.
 * 3. The invoices are taken oldest first (by date, then id), each line's `Cases` (a decimal; a line without readable
 *    cases, or with none, gives nothing: the API's NumUnits are never turned into cases here) going to the store's
 *    lists oldest first, each up to what it still asks of that product; what is left over goes to no list.
 * 4. A list's invoices are those that gave it any cases, oldest first; its lines say the cases asked and invoiced
 *    (2 decimals: an invoice's line may be a part case).
 * 5. Its status: nothing invoiced against it is "not-invoiced" once `NOT_INVOICED_DAYS` have passed since it was sent,
 *    else "waiting"; every line filled (`lineFilled`) is "invoiced"; anything between, "partly".
 */

/** The statuses an invoice counts in (1 New, 2 Locked for Routing, 3 Loaded, 5 Balanced, 7 Verified): what the reads ask for. */
export const INVOICED_STATUSES = "1,2,3,5,7";
const COUNTED = new Set(INVOICED_STATUSES.split(",").map(Number));

const CASE = 1_000_000n;
const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A list as the matcher reads it: its store, when it was sent, its lines now. */
export interface ListToMatch {
  id: string;
  customerId: number;
  sentAt: string;
  lines: readonly Pick<SharedLine, "productId" | "cases" | "substitute">[];
}

export type InvoiceRecord = Partial<RecordOf<"listInvoices">>;
export type InvoiceLineRecord = Partial<RecordOf<"listInvoiceTransactions">>;

/**
 * An invoice's day (YYYY-MM-DD of its `Date`, the ERP's calendar day), or undefined when it has none readable.
 *
 * @example
 * invoiceDay({ Date: "2026-11-21T00:00:00" }); // "2026-11-21"
 */
export const invoiceDay = (invoice: Pick<InvoiceRecord, "Date">): string | undefined => {
  const day = typeof invoice.Date === "string" ? invoice.Date.slice(0, 10) : undefined;
  return day && DAY.test(day) ? day : undefined;
};

/** Whether an invoice of this status counts against a list: not Returned, not Canceled. */
export const invoiceCounts = (status: unknown): boolean => typeof status !== "number" || COUNTED.has(status);

/**
 * Each list's match (by list id) against the invoices and their lines, at `now` (see the rules above).
 *
 * @example
 * matchLists([{ id: "l1", customerId: 20001, sentAt: "2026-11-20T17:00:00.000Z", lines }], invoices, lines, now).get("l1");
 * // { status: "partly", invoices: [{ invoiceNum: "INV-9", invoiceId: 9, date: "2026-11-21" }], lines: [...], checkedAt: now }
 */
export function matchLists(
  lists: readonly ListToMatch[],
  invoices: readonly InvoiceRecord[],
  lines: readonly InvoiceLineRecord[],
  now: Date,
): Map<string, ListMatch> {
  // Each list's lines asked, with what is still to fill (micro-cases), oldest list first in its store.
  const state = lists
    .map((list) => ({
      list,
      sentDay: list.sentAt.slice(0, 10),
      sentAt: new Date(Date.parse(list.sentAt)).toISOString(),
      lines: list.lines
        .filter((line) => line.cases > 0)
        .map((line) => ({ productId: askedProduct(line), asked: line.cases, filled: 0n })),
      invoices: new Map<number, MatchedInvoice>(),
    }))
    .sort((a, b) => a.list.sentAt.localeCompare(b.list.sentAt) || a.list.id.localeCompare(b.list.id));
  const byStore = new Map<number, typeof state>();
  for (const s of state) byStore.set(s.list.customerId, [...(byStore.get(s.list.customerId) ?? []), s]);

  const counted = new Map<
    number,
    { invoiceId: number; customerId: number; day: string; num: string; createdAt: string | undefined }
  >();
  for (const invoice of invoices) {
    const day = invoiceDay(invoice);
    if (typeof invoice.InvoiceID !== "number" || typeof invoice.CustomerID !== "number" || !day) continue;
    if (!invoiceCounts(invoice.Status) || !byStore.has(invoice.CustomerID)) continue;
    const created =
      typeof invoice.InvoiceTimeCreated === "string" ? Date.parse(invoice.InvoiceTimeCreated) : Number.NaN;
    counted.set(invoice.InvoiceID, {
      invoiceId: invoice.InvoiceID,
      customerId: invoice.CustomerID,
      day,
      createdAt: Number.isNaN(created) ? undefined : new Date(created).toISOString(),
      // A sparse invoice without its number is named by its id.
      num:
        typeof invoice.InvoiceNum === "string" && invoice.InvoiceNum ? invoice.InvoiceNum : String(invoice.InvoiceID),
    });
  }
  const linesOf = new Map<number, InvoiceLineRecord[]>();
  const seen = new Set<number>();
  for (const line of lines) {
    if (typeof line.InvoiceID !== "number" || !counted.has(line.InvoiceID)) continue;
    // The same line read twice (two overlapping reads) counts once.
    if (typeof line.InvoiceTransID === "number") {
      if (seen.has(line.InvoiceTransID)) continue;
      seen.add(line.InvoiceTransID);
    }
    linesOf.set(line.InvoiceID, [...(linesOf.get(line.InvoiceID) ?? []), line]);
  }

  const ordered = [...counted.values()].sort((a, b) => a.day.localeCompare(b.day) || a.invoiceId - b.invoiceId);
  for (const invoice of ordered) {
    const candidates = byStore
      .get(invoice.customerId)!
      .filter((s) => (invoice.createdAt !== undefined ? s.sentAt <= invoice.createdAt : s.sentDay <= invoice.day));
    const invoiceLines = (linesOf.get(invoice.invoiceId) ?? []).sort(
      (a, b) => (a.InvoiceTransID ?? 0) - (b.InvoiceTransID ?? 0),
    );
    for (const line of invoiceLines) {
      if (typeof line.ProductID !== "number") continue;
      let left = (typeof line.Cases === "string" ? parseDecimal(line.Cases) : undefined) ?? 0n;
      for (const s of candidates) {
        for (const asked of s.lines) {
          if (left <= 0n) break;
          const open = BigInt(asked.asked) * CASE - asked.filled;
          if (asked.productId !== line.ProductID || open <= 0n) continue;
          const take = left < open ? left : open;
          asked.filled += take;
          left -= take;
          s.invoices.set(invoice.invoiceId, {
            invoiceNum: invoice.num,
            invoiceId: invoice.invoiceId,
            date: invoice.day,
          });
        }
      }
    }
  }

  const checkedAt = now.toISOString();
  const out = new Map<string, ListMatch>();
  for (const s of state) {
    const lineMatches: LineMatch[] = s.lines.map((l) => ({
      productId: l.productId,
      asked: l.asked,
      invoiced: toDecimalString(l.filled, 2),
    }));
    const any = s.lines.some((l) => l.filled > 0n);
    const status: MatchStatus = !any
      ? now.getTime() - Date.parse(s.list.sentAt) >= NOT_INVOICED_DAYS * DAY_MS
        ? "not-invoiced"
        : "waiting"
      : lineMatches.every(lineFilled)
        ? "invoiced"
        : "partly";
    out.set(s.list.id, {
      status,
      // Oldest first, as they were taken.
      invoices: ordered.flatMap((i) => s.invoices.get(i.invoiceId) ?? []),
      lines: lineMatches,
      checkedAt,
    });
  }
  return out;
}

/**
 * Whether two matches say the same (status, invoices, lines), whenever each was checked: a match that says the same
 * is not a change of the list.
 *
 * @example
 * sameMatch({ ...match, checkedAt: "2026-11-21T10:00:00.000Z" }, { ...match, checkedAt: "2026-11-21T10:10:00.000Z" }); // true
 */
export function sameMatch(a: ListMatch | null, b: ListMatch | null): boolean {
  const said = (m: ListMatch | null) => m && JSON.stringify({ status: m.status, invoices: m.invoices, lines: m.lines });
  return said(a) === said(b);
}

/**
 * A match as its list's history tells it: its words and the invoices matched.
 *
 * @example
 * matchDetail(match); // "Partly invoiced: 9 of 10 lines, 1 short (invoice INV-1042)"
 */
export function matchDetail(match: ListMatch): string {
  const words = matchWords(match);
  const nums = match.invoices.map((i) => i.invoiceNum);
  return nums.length ? `${words} (${nums.length === 1 ? "invoice" : "invoices"} ${nums.join(", ")})` : words;
}

/**
 * Whether a match found is a change of its list (its version, the ETag, moves): not when it says what the kept one says,
 * nor when none was kept and it waits (a list waits for its invoice from the start: its ETag holds until one comes).
 *
 * @example
 * matchChanged(null, waiting); // false
 * matchChanged(waiting, partly); // true
 */
export const matchChanged = (kept: ListMatch | null, found: ListMatch): boolean =>
  !sameMatch(kept, found) && !(kept === null && found.status === "waiting");

/**
 * What a match found adds to its list's history (`matchDetail`), or null when it says nothing new: its words and
 * invoices as before, or waiting as it was from the start.
 *
 * @example
 * matchEvent(null, partly); // "Partly invoiced: 9 of 10 lines, 1 short (invoice INV-1042)"
 * matchEvent(partly, { ...partly, checkedAt: later }); // null
 */
export function matchEvent(kept: ListMatch | null, found: ListMatch): string | null {
  const said = (m: ListMatch | null) => (!m || m.status === "waiting" ? null : matchDetail(m));
  return said(kept) === said(found) ? null : matchDetail(found);
}
