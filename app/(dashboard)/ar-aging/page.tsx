import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { agingWalkOptions } from "@/components/ar-aging/aging-walk";
import { ArAgingReport, SnapshotAgingReport } from "@/components/ar-aging/ar-aging-report";
import { backend } from "@/lib/backend";
import type { KeyType } from "@/lib/data-api/operation";
import { agingSnapshot } from "@/lib/server/collections/aging-view";
import {
  accountCustomers,
  accountInvoices,
  accountLabel,
  accountsFromOpenInvoices,
  type AgingLine,
  type AgingRow,
  largestLines,
  linesOf,
  nameMap,
  newestUpdate,
  supplierLabel,
  totalLine,
} from "@/lib/domain/ar-aging/aging";
import { agingListQuery, agingPage, namesToAsk, ofSuppliers, withoutLongLists } from "@/lib/domain/ar-aging/aging-list";
import { AGING_STALE, customersLookup, LOOKUP_STALE, suppliersLookup } from "@/lib/domain/ar-aging/requests";
import { STALE } from "@/lib/domain/api-query";
import { mayCall } from "@/lib/domain/navigation";
import { accountsRequest } from "@/lib/ui/payments/requests";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { NotForThisKey, PageTitle } from "../_lib/page-title";
import { prefetched, prefetchedQuery, serverAnswer } from "../_lib/prefetch";
import { myAccounts } from "../_lib/my-accounts";
import { requireSession } from "../_lib/session";
import { BlockSkeleton } from "../_lib/streamed";

export const metadata: Metadata = { title: "AR aging · Backroom" };

type Params = Awaited<PageProps<"/ar-aging">["searchParams"]>;
const one = (params: Params, name: string) =>
  (Array.isArray(params[name]) ? params[name][0] : params[name]) || undefined;

/** The server's render never waits for the rate limit: the walk's prefetch fails, and the browser walks (and says so). */
const refuseToWait = async () => {
  throw new Error("the aging's walk would wait for the rate limit");
};

/**
 * The report read live, streamed in after the page's title: every page of the aging (within the export's pacing), the
 * customers' and suppliers' names and the key's open invoices side by side; then, only when the open invoices do not
 * name every account, the invoices that do (one request: all accounts, or those the report shows).
 */
async function LiveReport({ keyType, params, note }: { keyType: KeyType; params: Params; note?: React.ReactNode }) {
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

/**
 * An Employee key's whole aging from its collections snapshot, drawn here (no request to the API for it): the rows of
 * the address's suppliers, their totals and chart, and the table's page in its order; only the suppliers' names are
 * read (one cached page, shared with the filter's list).
 */
async function SnapshotReport({
  snapshot,
  params,
}: {
  snapshot: Extract<Awaited<ReturnType<typeof agingSnapshot>>, { ready: true }>;
  params: Params;
}) {
  const suppliers = { request: suppliersLookup, staleTime: LOOKUP_STALE };
  const state = await prefetched([suppliers]);
  const supplierNames = nameMap((await serverAnswer(suppliers))?.records, "SupplierID", "Supplier");
  const rows = ofSuppliers(snapshot.rows, one(params, "SupplierIDs")) as AgingRow[];
  const lines = linesOf(rows);
  const chart = largestLines(lines);
  const label = (line: AgingLine, column: "account" | "supplier") =>
    column === "account"
      ? accountLabel(line.arAccountId, snapshot.accounts)
      : supplierLabel(line.supplierId, supplierNames);
  const page = agingPage(lines, agingListQuery(params), label);
  const shown = new Set([...chart.shown, ...page.rows].map((l) => l.arAccountId));
  const accounts = [...snapshot.accounts].filter(([id]) => shown.has(id));
  return (
    <HydrationBoundary state={state}>
      <SnapshotAgingReport
        report={{
          count: lines.length,
          total: withoutLongLists(totalLine(lines)),
          chart,
          page,
          accounts,
          closedAt: newestUpdate(rows),
          readAt: snapshot.state.refreshedAt,
          refreshing: snapshot.state.phase === "walk",
        }}
      />
    </HydrationBoundary>
  );
}

/** What the background walk is reading, in words. */
const LIST_NAMES: Record<string, string> = {
  aging: "the AR aging",
  customers: "the customers",
  openInvoices: "the open invoices",
  payments: "the payments",
  invoices: "invoices by id",
};

/**
 * The report, by key: an Employee key's whole aging from its snapshot (its first visit queues the walk, and the aging
 * is read live meanwhile), unless a customer or state filter asks what only the API can answer exactly (a customer
 * the snapshot knows no invoice of); every other key's read live, every page.
 */
async function AgingReport({
  keyType,
  keyId,
  workspaceId,
  params,
}: {
  keyType: KeyType;
  keyId: string;
  workspaceId: string;
  params: Params;
}) {
  if (keyType !== "Employee" || one(params, "CustomerIDs") || one(params, "States"))
    return <LiveReport keyType={keyType} params={params} />;
  const { db, collections } = await backend();
  const snapshot = await agingSnapshot(db, keyId);
  if (snapshot.ready) return <SnapshotReport snapshot={snapshot} params={params} />;
  if (!snapshot.state || snapshot.outdated) await collections.start(workspaceId, keyId);
  const at = snapshot.state?.list
    ? `: reading ${LIST_NAMES[snapshot.state.list] ?? snapshot.state.list}, page ${snapshot.state.page}`
    : "";
  const note = (
    <p
      role="status"
      className="max-w-3xl rounded border border-sky-700 bg-sky-50 p-3 text-sm dark:border-sky-400 dark:bg-sky-950"
      data-testid="aging-snapshot-progress"
    >
      This key&apos;s daily snapshot of the whole aging is being read in the background, a few requests at a time within
      7% of its hourly budget{at}. Until it is in, every page of the aging is read from the API here; then this page
      opens from the snapshot, asking the API nothing.
    </p>
  );
  return <LiveReport keyType={keyType} params={params} note={note} />;
}

/**
 * The AR aging report: the whole aging for the URL's filters (every row: an Employee key's from its daily snapshot,
 * other keys' read page by page) with the names of its accounts and suppliers, fetched on the server, so the report
 * paints with its chart, table and names instead of a spinner.
 */
export default async function ArAgingPage({ searchParams }: PageProps<"/ar-aging">) {
  const view = LIST_VIEWS.arAging;
  const [{ active, view: session }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, view.operation)) return <NotForThisKey title={view.title} keyType={active.keyType} />;
  const note = await myAccounts("/ar-aging", params);
  return (
    <div className="space-y-4">
      <PageTitle
        title={view.title}
        intro="What each AR account owes, per supplier, by how long it is past due: every row of the aging. Select any amount to list the invoices behind it."
      />
      {note}
      <Suspense fallback={<BlockSkeleton height="h-96" label="Loading the AR aging report" />}>
        <AgingReport keyType={active.keyType} keyId={active.id} workspaceId={session.workspace!.id} params={params} />
      </Suspense>
    </div>
  );
}
