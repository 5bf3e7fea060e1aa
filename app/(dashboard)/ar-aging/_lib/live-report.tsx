import "server-only";
import { HydrationBoundary } from "@tanstack/react-query";
import { agingWalkOptions } from "@/components/ar-aging/aging-walk";
import { ArAgingReport } from "@/components/ar-aging/ar-aging-report";
import type { KeyType } from "@/lib/data-api/operation";
import {
  accountCustomers,
  accountInvoices,
  accountLabel,
  accountsFromOpenInvoices,
  type AgingLine,
  linesOf,
  nameMap,
  supplierLabel,
} from "@/lib/domain/ar-aging/aging";
import { agingListQuery, namesToAsk } from "@/lib/domain/ar-aging/aging-list";
import { AGING_STALE, customersLookup, LOOKUP_STALE, suppliersLookup } from "@/lib/domain/ar-aging/requests";
import { STALE } from "@/lib/domain/api-query";
import { mayCall } from "@/lib/domain/navigation";
import { accountsRequest } from "@/lib/ui/payments/requests";
import { prefetched, prefetchedQuery, serverAnswer } from "../../_lib/prefetch";
import type { Params } from "./aging-params";

/** The server's render never waits for the rate limit: the walk's prefetch fails, and the browser walks (and says so). */
const refuseToWait = async () => {
  throw new Error("the aging's walk would wait for the rate limit");
};

/**
 * The report read live, streamed in after the page's title: every page of the aging (within the export's pacing), the
 * customers' and suppliers' names and the key's open invoices side by side; then, only when the open invoices do not
 * name every account, the invoices that do (one request: all accounts, or those the report shows).
 */
export async function LiveReport({
  keyType,
  params,
  note,
}: {
  keyType: KeyType;
  params: Params;
  note?: React.ReactNode;
}) {
  const customers = { request: customersLookup, staleTime: LOOKUP_STALE };
  const suppliers = { request: suppliersLookup, staleTime: LOOKUP_STALE };
  const open = { request: accountsRequest, staleTime: STALE.working };
  const [walk, state] = await Promise.all([
    prefetchedQuery((api) => agingWalkOptions(api, params, { sleep: refuseToWait })),
    prefetched([
      ...(mayCall(keyType, "listCustomers") ? [customers] : []),
      ...(mayCall(keyType, "listSuppliers") ? [suppliers] : []),
      ...(mayCall(keyType, "listOpenInvoices") ? [open] : []),
    ]),
  ]);
  state.queries.push(...walk.state.queries);
  // The answers as fetched (absent if one failed: the browser asks again and shows the error).
  const [openInvoices, names, supplierList] = await Promise.all([
    mayCall(keyType, "listOpenInvoices") ? serverAnswer(open) : undefined,
    mayCall(keyType, "listCustomers") ? serverAnswer(customers) : undefined,
    mayCall(keyType, "listSuppliers") ? serverAnswer(suppliers) : undefined,
  ]);
  const rows = walk.data?.records;
  const picked = accountInvoices(rows ?? []);
  const customersById = nameMap(names?.records, "CustomerID", "CustomerName");
  const supplierNames = nameMap(supplierList?.records, "SupplierID", "Supplier");
  const named = accountsFromOpenInvoices(
    openInvoices?.records,
    openInvoices !== undefined && !openInvoices.paging?.hasNextPage,
    customersById,
    picked.values(),
  );
  if (rows && !named && mayCall(keyType, "listInvoices")) {
    // As the browser asks: ordered by the names known without the invoices (`ArAgingReport`).
    const known = accountCustomers(new Map(), [], customersById);
    const label = (line: AgingLine, column: "account" | "supplier") =>
      column === "account" ? accountLabel(line.arAccountId, known) : supplierLabel(line.supplierId, supplierNames);
    const byInvoice = namesToAsk(picked, linesOf(rows), agingListQuery(params), label);
    if (byInvoice) state.queries.push(...(await prefetched([{ request: byInvoice, staleTime: AGING_STALE }])).queries);
  }
  return (
    <HydrationBoundary state={state}>
      <ArAgingReport throughServer={keyType === "Employee"} note={note} />
    </HydrationBoundary>
  );
}
