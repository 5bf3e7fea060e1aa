"use client";

import { StaleNote } from "@/components/table/stale-note";
import { useQuery } from "@tanstack/react-query";
import { RequestError } from "@/components/table/request-error";
import { externalHref } from "@/lib/format/external-url";
import { apiQueryOptions, apiWalkOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { purchaseHeader } from "@/lib/ui/purchases/purchase-view";
import { purchaseStatusWords } from "@/lib/domain/purchases/fields";
import { MAX_LINE_PAGES, purchaseLinesV1Request, purchaseV1Request } from "@/lib/ui/purchases/v1-purchases";
import type { ColumnSpec } from "@/lib/ui/views/columns";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { PurchaseAllFields, PurchaseFacts, PurchaseLinesTable } from "./purchase-sheet";

type Row = Record<string, unknown>;

/**
 * A posted purchase read through v1, for a service without the v2 purchase endpoints, as the v2 page shows one: its
 * status in words, the vendor, warehouse, dates and totals, the PDF, its lines (`/purchaseTrans?PurchaseIDs=id`, every
 * page up to 2,000 lines) in cases and units, and every field behind "All fields". Read only: v1 has no writes for
 * purchases.
 */
export function PurchaseDetailV1({ purchaseId }: { purchaseId: number }) {
  const purchase = useQuery(apiQueryOptions(browserApi, purchaseV1Request(purchaseId), STALE.working));
  const lines = useQuery(apiWalkOptions(browserApi, purchaseLinesV1Request(purchaseId), STALE.working, MAX_LINE_PAGES));
  if (purchase.error)
    return <RequestError error={purchase.error} onRetry={() => void purchase.refetch()} what="this purchase" />;
  const row = purchase.data?.records[0];
  if (!row) return <p aria-busy="true">Loading purchase {purchaseId}…</p>;
  const rows = (lines.data?.records ?? []) as Row[];
  const pdf = externalHref(row.PublicPDFLink);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Purchase order {row.PONum ?? purchaseId}</h1>
        <StaleNote of={[purchase.data, lines.data]} />
        <p className="mt-1 text-sm">
          Status <strong>{purchaseStatusWords(row.Status)}</strong>, ERP id {row.PurchaseID ?? purchaseId}
        </p>
      </div>
      {pdf && (
        // The link embeds the ERP's access token: it is opened, never shown as text, logged or sent elsewhere.
        <p>
          <a className="link" href={pdf} target="_blank" rel="noreferrer noopener">
            Open the PDF
          </a>
        </p>
      )}
      <PurchaseFacts header={purchaseHeader(row)} />
      <section aria-labelledby="purchase-lines" className="space-y-2">
        <h2 id="purchase-lines" className="text-lg font-semibold">
          Posted lines{lines.data ? ` (${rows.length}${lines.data.complete ? "" : "+"})` : ""}
        </h2>
        {lines.error ? (
          <RequestError error={lines.error} onRetry={() => void lines.refetch()} what="the purchase's lines" />
        ) : (
          <PurchaseLinesTable rows={rows} busy={lines.isFetching}>
            {lines.isPending && <p className="p-3 text-sm">Loading…</p>}
            {lines.data && rows.length === 0 && <p className="p-3 text-sm">No lines.</p>}
            {lines.data && !lines.data.complete && (
              <p className="p-3 text-sm">
                Showing the first {rows.length.toLocaleString("en-US")} lines; the purchase has more.
              </p>
            )}
          </PurchaseLinesTable>
        )}
      </section>
      <PurchaseAllFields row={row} columns={LIST_VIEWS.purchasesV1.columns as ColumnSpec<Row>[]} />
    </div>
  );
}
