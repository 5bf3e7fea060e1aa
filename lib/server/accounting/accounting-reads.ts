import "server-only";
import type { CallInput, DataApiClient, QueryOf, RecordOf } from "@/lib/data-api/client";
import type { OperationId } from "@/lib/data-api/registry";
import type { BillsInput } from "@/lib/domain/accounting/bills";
import type { PaymentsInput } from "@/lib/domain/accounting/bill-payments";
import { addDays } from "@/lib/format/days";
import { ALL_INVOICE_STATUSES } from "@/lib/domain/accounting/bills";

/**
 * What an export reads, through whichever typed client the caller holds (a route's goes through the proxy
 * with the person's session; the scheduled mail's through the background's reads). Every list is walked to its end,
 * 500 a page, with no last-known copy (a file for the books is one moment's answers).
 *
 * Bills, in three rounds: the customers (names, states), the states (zones) and the terms; the invoices of the period
 * (a day either side: the API bounds by its own dates, the books by the customer's calendar day); their lines, and the
 * lines' products (their type picks the account), 400 ids a request. Payments, in two rounds (the stores' invoices,
 * the confirmed allocations and the payments; the lines of the invoices the allocations name), or for one store three
 * (its AR accounts first, through the allocations toward its invoices).
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
    ids: readonly (number | string)[],
    query: QueryOf<K>,
    /** Ids a request names (400 by default). */
    batch?: number,
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
    async batched(id, name, ids, query, batch = ID_BATCH) {
      const out = [];
      for (let i = 0; i < ids.length; i += batch)
        out.push(...(await all(id, { ...query, [name]: ids.slice(i, i + batch) } as typeof query)));
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
  /** The zone the allocations' days are read in: the (first) store's state's. */
  timeZone: string;
  /** One store's AR accounts (an Employee key's, or a Customer key's chosen store); every one the key reads when absent. */
  arAccountIds?: number[];
  /**
   * The bills the payments' allocations name, as the bills files take them: each invoice an allocation targets, with
   * its lines, so that a bill held back from every bills file (an update being applied) is known as one.
   */
  targets: BillsInput;
}

/** Invoice numbers a request names (about 3 kB of query: they are longer than ids). */
const NUMBER_BATCH = 200;

/**
 * The answers the payments are made of: every payment and confirmed allocation the key reads; for one store, those of
 * its AR accounts (the API ties a store to its AR account only through the allocations toward its invoices). Then the
 * invoices those allocations name, with their lines: whether each is a bill some bills file holds.
 *
 * @example
 * const { input, timeZone, targets } = await readPayments(reader(api), {});
 */
export async function readPayments(read: Reader, options: { customerId?: number }): Promise<PaymentsRead> {
  const stores = options.customerId !== undefined ? { CustomerIDs: [options.customerId] } : {};
  const [customers, states, invoices, terms] = await Promise.all([
    read.all("listCustomers", { ...stores, AccountStatuses: ACCOUNT_STATUSES }),
    read.all("listStates", {}),
    // Every invoice of the stores: an allocation may pay one of any age.
    read.all("listInvoices", { ...stores, Statuses: [...ALL_INVOICE_STATUSES] }),
    read.all("listInvoiceCreditTerms", {}),
  ]);
  const state = customers.find((c) => c.State)?.State;
  const timeZone = states.find((s) => s.StateAbbreviation === state)?.TimeZone ?? "UTC";
  let payments;
  let applications;
  let arAccountIds: number[] | undefined;
  if (options.customerId === undefined) {
    [applications, payments] = await Promise.all([
      read.all("listPaymentApplications", { Statuses: ["Confirmed"] }),
      read.all("listPayments", {}),
    ]);
  } else {
    const numbers = [...new Set(invoices.flatMap((i) => (i.InvoiceNum ? [i.InvoiceNum] : [])))];
    const toward = numbers.length
      ? await read.batched(
          "listPaymentApplications",
          "TargetInvoiceNums",
          numbers,
          { Statuses: ["Confirmed"] },
          NUMBER_BATCH,
        )
      : [];
    arAccountIds = [...new Set(toward.flatMap((a) => (a.ARAccountID != null ? [a.ARAccountID] : [])))];
    [applications, payments] = arAccountIds.length
      ? await Promise.all([
          read.batched("listPaymentApplications", "ARAccountIDs", arAccountIds, { Statuses: ["Confirmed"] }),
          read.batched("listPayments", "ARAccountIDs", arAccountIds, {}),
        ])
      : [[], []];
  }
  const named = new Set(applications.flatMap((a) => (a.TargetInvoiceNum ? [a.TargetInvoiceNum.trim()] : [])));
  const targeted = invoices.filter((i) => i.InvoiceNum && named.has(i.InvoiceNum.trim()));
  const ids = [...new Set(targeted.flatMap((i) => (i.InvoiceID != null ? [i.InvoiceID] : [])))];
  const lines = ids.length ? await read.batched("listInvoiceTransactions", "InvoiceIDs", ids, {}) : [];
  return {
    input: { payments, applications },
    timeZone,
    arAccountIds,
    targets: { invoices: targeted, lines, products: [], terms, customers, states },
  };
}
