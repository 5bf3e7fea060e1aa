import "server-only";
import { HydrationBoundary } from "@tanstack/react-query";
import { SnapshotAgingReport } from "@/components/ar-aging/ar-aging-report";
import type { agingSnapshot } from "@/lib/server/collections/aging-view";
import {
  accountLabel,
  type AgingLine,
  type AgingRow,
  largestLines,
  linesOf,
  nameMap,
  newestUpdate,
  supplierLabel,
  totalLine,
} from "@/lib/domain/ar-aging/aging";
import { agingListQuery, agingPage, ofSuppliers, withoutLongLists } from "@/lib/domain/ar-aging/aging-list";
import { LOOKUP_STALE, suppliersLookup } from "@/lib/domain/ar-aging/requests";
import { prefetched, serverAnswer } from "../../_lib/prefetch";
import { one, type Params } from "./aging-params";

/**
 * An Employee key's whole aging from its collections snapshot, drawn here (no request to the API for it): the rows of
 * the address's suppliers, their totals and chart, and the table's page in its order; only the suppliers' names are
 * read (one cached page, shared with the filter's list).
 */
export async function SnapshotReport({
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
