import "server-only";
import type { CallInput, DataApiClient, QueryOf, RecordOf } from "@/lib/data-api/client";
import type { KeyType } from "@/lib/data-api/operation";
import type { OperationId } from "@/lib/data-api/registry";
import type { StaleNote } from "@/lib/data-api/response-meta";
import { INVOICE_STATUSES } from "@/lib/data-api/values";
import { oldestStale } from "@/lib/domain/stale";
import {
  accountCustomers,
  agingInvoiceIds,
  buildStatement,
  type Statement,
  type StatementInput,
} from "@/lib/domain/statements/statement";

/**
 * What a statement reads, for the page, the PDF and the monthly mail alike, through whichever typed client
 * they hold (the page's and the route's go through the proxy with the person's session, the job's through the
 * background's reads). The API ties an AR account to its customers only through invoices, so the reads come in rounds:
 *
 * 1. the account's open invoices, payments and allocations, the warehouses and the states (and a Customer key's whole
 *    aging and customers: it reads only its own accounts and stores);
 * 2. for an Employee key: the account's customers, named by its open invoices, and their aging;
 * 3. only when the aging lists invoices no longer open: those invoices (their dates, totals and customer);
 * 4. only when nothing is open now (an Employee key): the customers those invoices name.
 *
 * Seven requests for the demo retailer's account in one round, and for an Employee key in two; every list is walked
 * to its end (500 a page).
 */

/** Every invoice status: an invoice the aging lists may be of any. */
const ALL_STATUSES = Object.keys(INVOICE_STATUSES).map(Number);
/** Every account status: an account may owe after it closed. */
const ACCOUNT_STATUSES: ("Active" | "Inactive" | "OutOfBus")[] = ["Active", "Inactive", "OutOfBus"];
/** Ids a request names (about 3 kB of query). */
const ID_BATCH = 400;

export interface StatementReads {
  input: StatementInput;
  /** The oldest last-known answer the reads were given (the API spent or away), when any was. */
  stale?: StaleNote;
  /** Requests made (pages walked). */
  requests: number;
}

/**
 * The answers a statement of `arAccountId` is made of.
 *
 * @example
 * const { input } = await readStatement(await pageApi(backend), 50001, { keyType: "Customer" });
 * const statement = buildStatement(input);
 */
export async function readStatement(
  api: DataApiClient,
  arAccountId: number,
  options: { keyType: KeyType; acceptStale?: boolean },
): Promise<StatementReads> {
  const notes: (StaleNote | undefined)[] = [];
  let requests = 0;
  const all = async <K extends OperationId>(id: K, query: QueryOf<K>): Promise<RecordOf<K>[]> => {
    const records: RecordOf<K>[] = [];
    // Lists take no path parameters: the input is a query alone (CallInput's path member is resolved per operation).
    const input = {
      query: { ...query, PageSize: 500 },
      acceptStale: options.acceptStale ?? true,
    } as unknown as CallInput<K>;
    for await (const page of api.pages(id, input)) {
      requests++;
      notes.push(page.meta.stale);
      records.push(...page.records);
    }
    return records;
  };
  const batched = async <K extends OperationId>(
    id: K,
    name: string,
    ids: number[],
    query: QueryOf<K>,
  ): Promise<RecordOf<K>[]> => {
    const out: RecordOf<K>[] = [];
    for (let i = 0; i < ids.length; i += ID_BATCH)
      out.push(...(await all(id, { ...query, [name]: ids.slice(i, i + ID_BATCH) } as QueryOf<K>)));
    return out;
  };
  const account = { ARAccountIDs: [arAccountId] };
  const customerKey = options.keyType === "Customer";

  // A retailer's key reads its own accounts and stores only: their whole aging and customers come in the first round.
  const [openInvoices, payments, applications, locations, states, ownAging, ownCustomers] = await Promise.all([
    all("listOpenInvoices", account),
    all("listPayments", account),
    all("listPaymentApplications", account),
    all("listLocations", {}),
    all("listStates", {}),
    customerKey ? all("listArAging", {}) : Promise.resolve(undefined),
    customerKey ? all("listCustomers", { AccountStatuses: ACCOUNT_STATUSES }) : Promise.resolve(undefined),
  ]);
  const named = accountCustomers({ arAccountId, openInvoices, invoices: [] });
  const [aging, namedCustomers] = await Promise.all([
    ownAging ?? (named.length ? batched("listArAging", "CustomerIDs", named, {}) : Promise.resolve([])),
    ownCustomers ??
      (named.length
        ? batched("listCustomers", "CustomerIDs", named, { AccountStatuses: ACCOUNT_STATUSES })
        : Promise.resolve([])),
  ]);
  const openIds = new Set(openInvoices.flatMap((i) => (i.InvoiceID != null ? [i.InvoiceID] : [])));
  const closed = agingInvoiceIds(aging, arAccountId).filter((id) => !openIds.has(id));
  const invoices = closed.length ? await batched("listInvoices", "InvoiceIDs", closed, { Statuses: ALL_STATUSES }) : [];
  const more = accountCustomers({ arAccountId, openInvoices, invoices }).filter(
    (id) => !named.includes(id) && !ownCustomers,
  );
  const customers = more.length
    ? [
        ...namedCustomers,
        ...(await batched("listCustomers", "CustomerIDs", more, { AccountStatuses: ACCOUNT_STATUSES })),
      ]
    : namedCustomers;
  return {
    input: { arAccountId, aging, openInvoices, invoices, payments, applications, customers, locations, states },
    stale: oldestStale(notes),
    requests,
  };
}

/**
 * An AR account's statement, or `undefined` when the key reads nothing of the account at all (no aging, open invoice,
 * payment or allocation: not the key's, or an account with no history): nobody is handed a statement of nothing.
 *
 * @example
 * const read = await accountStatement(api, 50001, { keyType: "Customer" });
 * if (read) read.statement.aging.total;
 */
export async function accountStatement(
  api: DataApiClient,
  arAccountId: number,
  options: { keyType: KeyType; acceptStale?: boolean },
): Promise<(Omit<StatementReads, "input"> & { statement: Statement }) | undefined> {
  const { input, ...read } = await readStatement(api, arAccountId, options);
  const statement = buildStatement(input);
  const seen =
    input.aging.some((r) => r.ARAccountID === arAccountId) ||
    input.openInvoices.length + input.payments.length + input.applications.length > 0;
  return seen ? { statement, ...read } : undefined;
}
