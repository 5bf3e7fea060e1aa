import type { DataApiClient, DataApiResult, RecordOf } from "@/lib/data-api/client";
import type { OperationId } from "@/lib/data-api/registry";
import type { StaleNote } from "@/lib/data-api/response-meta";
import { addDecimals } from "@/lib/format/decimal";
import { type ApiRequest, apiQueryOptions, apiWalkOptions, STALE, type Walked } from "@/lib/domain/api-query";
import { amountsOf, type AgingRow } from "@/lib/domain/ar-aging/aging";
import { repsRequest, statesRequest } from "@/lib/domain/delivery/requests";
import { scheduleFallbackRequest, withSchedules } from "@/lib/domain/delivery/schedule-fallback";
import { repCustomerIds } from "@/lib/domain/my-accounts";
import { NOTES_MAX_CUSTOMERS, type NotesOf } from "@/lib/domain/notes/note-rules";
import type { CollectStop } from "@/lib/domain/credit/view";
import type { DisputeDigest } from "@/lib/domain/disputes/digest";
import type { ReorderRequest } from "@/lib/domain/order-guide/shared-list";
import { oldestStale } from "@/lib/domain/stale";
import { agingRequests, customersRequests, invoicesRequests, openInvoicesRequests, TODAY_PAGES } from "./requests";
import { lastOrders, type TodayHealth, type TodayInput, type TodayOpenInvoice } from "./today";

/**
 * A rep's Today as one answer: Backroom's server reads the lists through its proxy (`readTodayData`: 11
 * requests for the demo rep's 254 accounts) and keeps of them what the page draws, so the browser gets one compact
 * answer (`GET /api/today`, or the page's HTML) instead of every invoice's forty fields: 2.9 MB of HTML before, for the
 * demo rep, over a phone's 1.6 Mbps. The same answer is what "Save for offline" keeps on the device.
 */
export interface TodayData {
  repId: number;
  /** The rep's name, as `/salesReps` has it; undefined when the rep is not among the key's active reps. */
  repName?: string;
  /** The rep's accounts (`/salesReps` Customers), sorted. */
  accountIds: number[];
  /** The model's input, compact (`compactInput`): the customers' `TODAY_CUSTOMER_FIELDS`, the rest what the model reads. */
  input: Omit<TodayInput, "now" | "health" | "customers"> & { customers: RecordOf<"listCustomers">[] };
  /** The accounts' health from the key's history, where it keeps one (the server reads it from its database). */
  health?: TodayHealth[];
  /** When the lists were read (ms since the epoch): what "as of" says offline. */
  readAt: number;
  /** Whether every list was walked whole (a rep's accounts' lists are far within the walk's bound). */
  complete: boolean;
  /** The oldest last-known answer among them, when the proxy served one (the API spent or away). */
  stale?: StaleNote;
  /**
   * The open reorder requests of the rep's stores the person sees as their rep (`GET /api/order-guide/reorders?rep=&status=open`'s
   * reader, Backroom's own records), newest first; undefined when they could not be read.
   */
  reorders?: ReorderRequest[];
  /**
   * The disputes not resolved of the rep's stores the person sees as their rep (Backroom's own records, the stores'),
   * oldest first; undefined when they could not be read.
   */
  disputes?: DisputeDigest[];
  /**
   * "Collect before the drop": the deliveries today and tomorrow to accounts over 60 days or over their limit, with
   * what to collect and what was already recorded for them (Backroom's own records and the credit's limits), soonest
   * first; undefined when they could not be read.
   */
  collect?: CollectStop[];
}

/**
 * The fields of a customer's record Today keeps (its cards, its model, and a customer's page from the device): who and
 * where it is, its hold, schedule and status, its chain, its rep and its collection agent. The rest (the rep's email
 * and phone, a picture's address, when it was updated) is read online, on the customer's own page.
 */
export const TODAY_CUSTOMER_FIELDS = [
  "CustomerID",
  "CustomerName",
  "CustomerNameAlt",
  "ChainName",
  "LicenseNum",
  "Address",
  "State",
  "LocationID",
  "AccountStatus",
  "OnHold",
  "DeliveryMinimum",
  "DeliveryDays",
  "NextDeliveryDates",
  "DeliveryDates",
  "SalesRepName",
  "CollectionAgentFullName",
] as const;

/**
 * What the model needs of the lists, and only that: one aging row per AR account (its suppliers' rows added exactly,
 * accounts owing nothing left out), one open invoice per AR account and store (which store an account is), one
 * invoice per store (its last order, returns aside). `todayModel` draws the same of it as of the whole lists.
 *
 * @example
 * todayModel({ ...compactInput(raw), now }); // deepEquals todayModel({ ...raw, now })
 */
export function compactInput(raw: Omit<TodayInput, "now" | "health">): Omit<TodayInput, "now" | "health"> {
  const accounts = new Map<number, { rows: AgingRow[]; close?: string }>();
  for (const row of raw.aging) {
    if (row.ARAccountID == null) continue;
    const at = accounts.get(row.ARAccountID) ?? { rows: [] };
    at.rows.push(row);
    if (typeof row.CloseDate === "string" && (!at.close || row.CloseDate > at.close)) at.close = row.CloseDate;
    accounts.set(row.ARAccountID, at);
  }
  const aging: AgingRow[] = [];
  // The model reads the aging's close as the newest CloseDate of all rows: it is kept once, on the first row.
  const newest = [...accounts.values()].reduce<string | undefined>(
    (at, { close }) => (close && (!at || close > at) ? close : at),
    undefined,
  );
  for (const [id, { rows }] of accounts) {
    const amounts = rows.map(amountsOf);
    const sum = (values: string[]) => addDecimals(...values);
    const bucket = (b: "current" | "1-30" | "31-60" | "61-90" | "91") => sum(amounts.map((a) => a.buckets[b]));
    const row = {
      ARAccountID: id,
      ...(aging.length === 0 && newest ? { CloseDate: newest } : {}),
      CurrentDue: bucket("current"),
      Due_1_30: bucket("1-30"),
      Due_31_60: bucket("31-60"),
      Due_61_90: bucket("61-90"),
      Due_91: bucket("91"),
      OpenCredit: sum(amounts.map((a) => a.openCredit)),
      TotalBalanceOutstanding: sum(amounts.map((a) => a.total)),
    } as AgingRow;
    // An account owing nothing and holding no credit draws nothing.
    if (
      [
        row.CurrentDue,
        row.Due_1_30,
        row.Due_31_60,
        row.Due_61_90,
        row.Due_91,
        row.OpenCredit,
        row.TotalBalanceOutstanding,
      ].some((v) => Number(v) !== 0)
    )
      aging.push(row);
  }

  const pairs = new Map<string, TodayOpenInvoice>();
  for (const invoice of raw.openInvoices) {
    if (invoice.ARAccountID == null || invoice.CustomerID == null) continue;
    pairs.set(`${invoice.ARAccountID}:${invoice.CustomerID}`, {
      ARAccountID: invoice.ARAccountID,
      CustomerID: invoice.CustomerID,
    });
  }

  return {
    customerIds: raw.customerIds,
    customers: raw.customers,
    states: raw.states,
    aging,
    openInvoices: [...pairs.values()],
    invoices: [...lastOrders(raw.invoices).values()].map((i) => ({
      InvoiceID: i.InvoiceID,
      CustomerID: i.CustomerID,
      InvoiceNum: i.InvoiceNum,
      Date: i.Date,
      Status: i.Status,
    })),
  };
}

/**
 * Reads a rep's Today through a Data API client (the server's: its proxy, as the person) and makes it compact.
 * `today` is the viewer's day (the invoices' StartDate). Throws the API's failure as the client does (a DataApiError).
 *
 * @example
 * const data = await readTodayData(requestApi(request, deps), 1008, "2026-11-25");
 */
export async function readTodayData(
  api: DataApiClient,
  repId: number,
  today: string,
  {
    signal,
    reps: known,
  }: {
    signal?: AbortSignal /** `/salesReps` as the caller has read it already (a page's other region). */;
    reps?: DataApiResult<RecordOf<"listSalesReps">>;
  } = {},
): Promise<TodayData> {
  const context = { signal: signal ?? new AbortController().signal };
  const once = <K extends OperationId>(request: ApiRequest<K>) => apiQueryOptions(api, request, 0).queryFn(context);
  const walk = async <K extends OperationId>(requests: ApiRequest<K>[]) => {
    const walked: Walked<RecordOf<K>>[] = await Promise.all(
      requests.map((r) => apiWalkOptions(api, r, 0, TODAY_PAGES).queryFn(context)),
    );
    return {
      records: walked.flatMap((w) => w.records),
      complete: walked.every((w) => w.complete),
      stale: oldestStale(walked.map((w) => w.stale)),
    };
  };
  const reps = known ?? (await once(repsRequest));
  const rep = reps.records.find((r) => r.UserID === repId);
  const idList = repCustomerIds(reps.records, repId);
  const ids = idList ? idList.split(",").filter(Boolean).map(Number) : [];
  const [customers, states, aging, invoices] = await Promise.all([
    walk(customersRequests(ids)),
    once(statesRequest),
    walk(agingRequests(ids)),
    walk(invoicesRequests(ids, today)),
  ]);
  const arAccounts = [...new Set(aging.records.flatMap((r) => (r.ARAccountID != null ? [r.ARAccountID] : [])))];
  const fallback = scheduleFallbackRequest(customers.records, {});
  const [openInvoices, schedules] = await Promise.all([
    walk(openInvoicesRequests(arAccounts)),
    fallback ? once(fallback).catch(() => undefined) : undefined,
  ]);
  return {
    repId,
    repName: rep?.Name ?? undefined,
    accountIds: ids,
    input: {
      ...compactInput({
        customerIds: ids,
        customers: customers.records,
        states: states.records,
        aging: aging.records,
        openInvoices: openInvoices.records,
        invoices: invoices.records,
      }),
      customers: withSchedules(customers.records, schedules?.records ?? []).map(keptCustomer),
    },
    readAt: Date.now(),
    complete: customers.complete && aging.complete && invoices.complete && openInvoices.complete,
    stale: oldestStale([
      reps.meta.stale,
      states.meta.stale,
      customers.stale,
      aging.stale,
      invoices.stale,
      openInvoices.stale,
    ]),
  };
}

/**
 * A customer's `TODAY_CUSTOMER_FIELDS`, its delivery dates once: the API sends them as a list (`DeliveryDates`) and as
 * text (`NextDeliveryDates`); the model takes either, so the list goes when the text names the same days.
 */
function keptCustomer(customer: RecordOf<"listCustomers">): RecordOf<"listCustomers"> {
  const kept = Object.fromEntries(
    TODAY_CUSTOMER_FIELDS.filter((f) => f in customer).map((f) => [f, customer[f]]),
  ) as RecordOf<"listCustomers">;
  const list = kept.DeliveryDates;
  if (Array.isArray(list) && typeof kept.NextDeliveryDates === "string" && list.join(";") === kept.NextDeliveryDates)
    delete kept.DeliveryDates;
  return kept;
}

/** The key Today's answer is cached (and kept on the device) under: the rep and the day it was asked for. */
export const todayDataKey = (repId: number, day: string) => ["backroom", "today", String(repId), day] as const;

/** How long Today's answer stays fresh in the browser: its invoices' (the working lists'). */
export const TODAY_DATA_STALE = STALE.working;

/** The latest notes of each account kept with Today: the last visit's on its card, three on its page offline. */
const NOTES_PER_ACCOUNT = 3;

/**
 * Which notes Today reads with its answer (its accounts', up to `NOTES_MAX_CUSTOMERS`, the latest three each): the
 * page's server reads them for the first paint and the browser under the same key.
 *
 * @example
 * todayNotesOf([20001, 20002]); // { customerIds: [20001, 20002], latest: 3 }
 */
export const todayNotesOf = (accountIds: readonly number[]): NotesOf => ({
  customerIds: accountIds.slice(0, NOTES_MAX_CUSTOMERS),
  latest: NOTES_PER_ACCOUNT,
});
