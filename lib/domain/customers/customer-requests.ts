import type { ApiRequest } from "@/lib/domain/api-query";
import { agingRequests, invoicesRequests } from "@/lib/domain/today/requests";

/**
 * What a store's page reads beyond its record, each list asked for the store (or its AR accounts) alone: the same
 * requests Today makes for a rep's accounts, with one id. The page's server asks the first round; the AR accounts the
 * aging names give the second (their open invoices and payments).
 */

/** The store's AR aging rows: its AR accounts and what each owes by age. */
export const customerAgingRequest = (customerId: number): ApiRequest<"listArAging"> => agingRequests([customerId])[0]!;

/** Its invoices of the last 90 days, every status: its last order. */
export const customerInvoicesRequest = (customerId: number, today: string): ApiRequest<"listInvoices"> =>
  invoicesRequests([customerId], today)[0]!;

/** The store's people. */
export const customerUsersRequest = (customerId: number): ApiRequest<"listUsers"> => ({
  operation: "listUsers",
  query: { CustomerIDs: String(customerId) },
});

/**
 * The AR accounts the store's aging rows name, each once: what the second round asks about (the page's server and the
 * browser read it from the same rows, so they make the same requests).
 *
 * @example
 * agingAccounts([{ ARAccountID: 50007 }, { ARAccountID: 50007 }, { ARAccountID: null }]); // [50007]
 */
export const agingAccounts = (rows: readonly { ARAccountID?: number | null }[]): number[] => [
  ...new Set(rows.flatMap((r) => (r.ARAccountID == null ? [] : [r.ARAccountID]))),
];

/** The open invoices of its AR accounts (ids sorted: the same accounts, the same request). */
export const accountOpenInvoicesRequest = (arAccountIds: readonly number[]): ApiRequest<"listOpenInvoices"> => ({
  operation: "listOpenInvoices",
  query: { ARAccountIDs: [...arAccountIds].sort((a, b) => a - b).join(","), PageSize: "500" },
});

/** The payments of its AR accounts: the credit left on them and the last one. */
export const accountPaymentsRequest = (arAccountIds: readonly number[]): ApiRequest<"listPayments"> => ({
  operation: "listPayments",
  query: { ARAccountIDs: [...arAccountIds].sort((a, b) => a - b).join(","), PageSize: "500" },
});
