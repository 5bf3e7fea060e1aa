import { addDays } from "@/lib/format/days";
import type { ApiRequest } from "@/lib/domain/api-query";
import { LAST_ORDER_DAYS } from "./today";

/**
 * What a rep's Today reads, each list asked for the rep's accounts by id (`CustomerIDs`, or the AR accounts'
 * `ARAccountIDs`) in batches of `ID_BATCH`, every page of 500: for the demo rep's 254 accounts, one request a list.
 * Backroom's server makes them (`readTodayData`) and hands the browser one compact answer.
 */

/** Ids per request (about 3 kB of query): the history sync's batch too. */
export const ID_BATCH = 400;
/** Pages of 500 walked per batch at most: a rep's accounts' last 90 days of invoices fit in far fewer. */
export const TODAY_PAGES = 10;

/** Every status: a last order is an order whatever became of it since (returns are left out by the model). */
const EVERY_STATUS = "1,2,3,4,5,7";

/**
 * Ids in batches for the id-list parameters, sorted (the same ids make the same requests, and the same cache keys).
 *
 * @example
 * idBatches([3, 1, 2], 2); // ["1,2", "3"]
 */
export function idBatches(ids: Iterable<number>, size = ID_BATCH): string[] {
  const sorted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0).sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; i += size) out.push(sorted.slice(i, i + size).join(","));
  return out;
}

/** The rep's active accounts' records. */
export const customersRequests = (ids: Iterable<number>): ApiRequest<"listCustomers">[] =>
  idBatches(ids).map((CustomerIDs) => ({
    operation: "listCustomers",
    query: { CustomerIDs, AccountStatuses: "Active" },
  }));

/** The AR aging rows of the accounts' AR accounts (recalculated once a day). */
export const agingRequests = (ids: Iterable<number>): ApiRequest<"listArAging">[] =>
  idBatches(ids).map((CustomerIDs) => ({ operation: "listArAging", query: { CustomerIDs } }));

/** Their invoices of the last LAST_ORDER_DAYS days, every status, for each store's last order. */
export const invoicesRequests = (ids: Iterable<number>, today: string): ApiRequest<"listInvoices">[] =>
  idBatches(ids).map((CustomerIDs) => ({
    operation: "listInvoices",
    query: { CustomerIDs, Statuses: EVERY_STATUS, StartDate: addDays(today, -LAST_ORDER_DAYS) },
  }));

/** The open invoices of the AR accounts the aging named: which store each account's balance is of. */
export const openInvoicesRequests = (arAccountIds: Iterable<number>): ApiRequest<"listOpenInvoices">[] =>
  idBatches(arAccountIds).map((ARAccountIDs) => ({ operation: "listOpenInvoices", query: { ARAccountIDs } }));
