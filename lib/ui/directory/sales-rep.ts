import type { RecordOf } from "@/lib/data-api/client";
import type { ApiRequest, Walked } from "@/lib/domain/api-query";

export type SalesRep = RecordOf<"listSalesReps">;

/**
 * Every sales rep the key sees, the list a user's page reads a rep's accounts from. /salesReps has no UserIDs filter
 * (SupplierIDs, CustomerIDs and ProductGroups only), so the rep is found in the list: walked in pages of 500, at most
 * `SALES_REP_PAGES` (the test environment has a dozen reps: one request). The same request on every user's page,
 * so going from one rep to another asks nothing more.
 */
export const salesRepsRequest: ApiRequest<"listSalesReps"> = { operation: "listSalesReps" };
export const SALES_REP_PAGES = 4;

/**
 * Whether a user's page needs the sales rep list: for a DistributorRep (their customers and suppliers are in it), and
 * when the API would not show the user (a 404: Customer and Supplier keys see only their own and customer users, yet
 * they see their reps in /salesReps, and a customer's rep links here). Not for anyone else: a request saved.
 *
 * @example
 * needsRepRecord({ role: "Admin" }); // false
 * needsRepRecord({ notFound: true }); // true
 */
export function needsRepRecord(user: { role?: string | null; notFound?: boolean }): boolean {
  return user.notFound === true || user.role === "DistributorRep";
}

/** What the walk says of one rep: found, not among the reps the key sees, or not in the pages read. */
export type RepLookup = { state: "found"; rep: SalesRep } | { state: "absent" } | { state: "beyond"; searched: number };

/**
 * A user's sales rep record out of the walked list, by user id; "absent" only when the walk read the whole list.
 *
 * @example
 * findRep({ records: [{ UserID: 1012, Name: "Rosa Hill" }], complete: true, requests: 1 }, 1012).state; // "found"
 */
export function findRep(walked: Walked<SalesRep>, userId: number): RepLookup {
  const rep = walked.records.find((r) => r.UserID === userId);
  if (rep) return { state: "found", rep };
  return walked.complete ? { state: "absent" } : { state: "beyond", searched: walked.records.length };
}

/** A rep's accounts as links: the customers and suppliers it serves, each with an id (an entry without one is left out). */
export function repAccounts(rep: SalesRep): {
  customers: { id: number; name: string }[];
  suppliers: { id: number; name: string }[];
} {
  const customers = (rep.Customers ?? []).flatMap((c) =>
    typeof c?.CustomerID === "number" ? [{ id: c.CustomerID, name: c.CustomerName || `Customer ${c.CustomerID}` }] : [],
  );
  const suppliers = (rep.Suppliers ?? []).flatMap((s) =>
    typeof s?.SupplierID === "number" ? [{ id: s.SupplierID, name: s.Supplier || `Supplier ${s.SupplierID}` }] : [],
  );
  return { customers, suppliers };
}
