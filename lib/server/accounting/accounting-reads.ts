import "server-only";
import type { CallInput, DataApiClient, QueryOf, RecordOf } from "@/lib/data-api/client";
import type { OperationId } from "@/lib/data-api/registry";
import type { BillsInput } from "@/lib/domain/accounting/bills";
import type { PaymentsInput } from "@/lib/domain/accounting/bill-payments";
import { addDays } from "@/lib/format/days";

/**
 * What an export reads (issue 40), through whichever typed client the caller holds (a route's goes through the proxy
 * with the person's session; the scheduled mail's through the background's reads). Every list is walked to its end,
 * 500 a page, with no last-known copy (a file for the books is one moment's answers).
 *
 * Bills, in three rounds: the customers (names, states), the states (zones) and the terms; the invoices of the period
 * (a day either side: the API bounds by its own dates, the books by the customer's calendar day); their lines, and the
 * lines' products (their type picks the account), 400 ids a request. Payments, in one or two: the AR accounts of a
 * chosen store (its aging), then the confirmed allocations and the payments.
 */

/** Ids a request names (about 3 kB of query). */
const ID_BATCH = 400;
/** Every account status: a store that closed still has its bills. */
const ACCOUNT_STATUSES: ("Active" | "Inactive" | "OutOfBus")[] = ["Active", "Inactive", "OutOfBus"];

export interface Reader {
  all<K extends OperationId>(id: K, query: QueryOf<K>): Promise<RecordOf<K>[]>;
  batched<K extends OperationId>(
    id: K,
    name: string,
    ids: readonly number[],
    query: QueryOf<K>,
  ): Promise<RecordOf<K>[]>;
  /** Requests made (pages walked). */
  readonly requests: number;
}

export function reader(api: DataApiClient): Reader {
  let requests = 0;
  const all = async <K extends OperationId>(id: K, query: QueryOf<K>): Promise<RecordOf<K>[]> => {
    const records: RecordOf<K>[] = [];
    // Lists take no path parameters: the input is a query alone (CallInput's path member is resolved per operation).
    const input = { query: { ...query, PageSize: 500 }, acceptStale: false } as unknown as CallInput<K>;
    for await (const page of api.pages(id, input)) {
      requests++;
      records.push(...page.records);
    }
    return records;
  };
  return {
    all,
    async batched(id, name, ids, query) {
      const out = [];
      for (let i = 0; i < ids.length; i += ID_BATCH)
        out.push(...(await all(id, { ...query, [name]: ids.slice(i, i + ID_BATCH) } as typeof query)));
      return out;
    },
    get requests() {
      return requests;
    },
  };
}

export interface BillsReadOptions {
  from: string;
  to: string;
  statuses: readonly number[];
  /** One store's (an Employee key must name one); every store the key covers when absent. */
  customerId?: number;
}

/**
 * The answers the bills of a period are made of.
 *
 * @example
 * const input = await readBills(reader(api), { from: "2026-10-01", to: "2026-10-31", statuses: [1, 2, 3, 4, 5, 7] });
 */
export async function readBills(read: Reader, options: BillsReadOptions): Promise<BillsInput> {
  const stores = options.customerId !== undefined ? { CustomerIDs: [options.customerId] } : {};
  const [customers, states, terms, invoices] = await Promise.all([
    read.all("listCustomers", { ...stores, AccountStatuses: ACCOUNT_STATUSES }),
    read.all("listStates", {}),
    read.all("listInvoiceCreditTerms", {}),
    read.all("listInvoices", {
      ...stores,
      Statuses: [...options.statuses],
      StartDate: addDays(options.from, -1),
      EndDate: addDays(options.to, 1),
    }),
  ]);
  const invoiceIds = [...new Set(invoices.flatMap((i) => (i.InvoiceID != null ? [i.InvoiceID] : [])))];
  const lines = invoiceIds.length ? await read.batched("listInvoiceTransactions", "InvoiceIDs", invoiceIds, {}) : [];
  const productIds = [...new Set(lines.flatMap((l) => (l.ProductID != null ? [l.ProductID] : [])))].sort(
    (a, b) => a - b,
  );
  const products = productIds.length ? await read.batched("listProducts", "ProductIDs", productIds, {}) : [];
  return { invoices, lines, products, terms, customers, states };
}

export interface PaymentsRead {
  input: PaymentsInput;
  /** The chosen store's AR accounts (its aging's), when a store was chosen. */
  arAccountIds?: number[];
  /** The zone the allocations' days are read in: the (first) store's state's. */
  timeZone: string;
}

/**
 * The answers the bill payments are made of.
 *
 * @example
 * const { input, timeZone } = await readPayments(reader(api), {});
 */
export async function readPayments(read: Reader, options: { customerId?: number }): Promise<PaymentsRead> {
  const stores = options.customerId !== undefined ? { CustomerIDs: [options.customerId] } : {};
  const [customers, states, aging] = await Promise.all([
    read.all("listCustomers", { ...stores, AccountStatuses: ACCOUNT_STATUSES }),
    read.all("listStates", {}),
    options.customerId !== undefined ? read.all("listArAging", stores) : Promise.resolve(undefined),
  ]);
  const arAccountIds = aging
    ? [...new Set(aging.flatMap((a) => (a.ARAccountID != null ? [a.ARAccountID] : [])))]
    : undefined;
  const accounts = arAccountIds ? { ARAccountIDs: arAccountIds } : {};
  const [applications, payments] =
    arAccountIds && arAccountIds.length === 0
      ? [[], []]
      : await Promise.all([
          read.all("listPaymentApplications", { ...accounts, Statuses: ["Confirmed"] }),
          read.all("listPayments", accounts),
        ]);
  const state = customers.find((c) => c.State)?.State;
  const timeZone = states.find((s) => s.StateAbbreviation === state)?.TimeZone ?? "UTC";
  return { input: { payments, applications }, arAccountIds, timeZone };
}
