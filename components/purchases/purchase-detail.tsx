"use client";

import { may } from "@/lib/session/roles";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { StaleNote } from "@/components/table/stale-note";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { RequestError } from "@/components/table/request-error";
import type { DataApiResult, RecordOf } from "@/lib/data-api/client";
import { formatDateTime } from "@/lib/format/display";
import { apiQueryOptions, callApi, STALE } from "@/lib/domain/api-query";
import { browserApi, budgetStore } from "@/lib/ui/browser-api";
import { nextCheckIn } from "@/lib/ui/follow-up";
import { purchaseRequest } from "@/lib/domain/purchases/requests";
import { BUTTON } from "@/lib/ui/styles";
import { useTimeZone } from "@/components/shell/providers";
import type { ColumnSpec } from "@/lib/ui/views/columns";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { externalHref } from "@/lib/format/external-url";
import { purchaseHeader } from "@/lib/ui/purchases/purchase-view";
import { purchaseStatusWords } from "@/lib/domain/purchases/fields";
import { PurchaseAllFields, PurchaseFacts, PurchaseLinesTable } from "./purchase-sheet";

type Purchase = RecordOf<"getPurchaseV2">;
type Row = Record<string, unknown>;

/** What a purchase's status means for the person reading it. */
function stateNote(purchase: Purchase): string | undefined {
  if (purchase.status === "InProgress")
    return "A draft: saved through the API, not sent to the ERP. It can still be edited, submitted or deleted.";
  if (purchase.status === "Submitted" && purchase.purchase_id == null)
    return "Submitted: the ERP imports it in the background and then gives it its ERP id.";
  return undefined;
}

/** Submitted through the API, and not yet imported by the ERP (it has no ERP id): worth checking on. */
function awaitingImport(purchase: Purchase | undefined): boolean {
  return purchase?.status === "Submitted" && purchase.purchase_id == null;
}

/**
 * One purchase (v2, by global id or ERP id) as a purchasing manager reads it: its status in words and what it means,
 * the vendor, warehouse, requested delivery date, dates and totals, the PDF for a posted purchase, its lines (a draft's
 * requested lines, or the ERP's posted lines with prices) in cases and units, and every field behind "All fields". A submitted purchase
 * is checked on sparingly (15 s, doubling to 5 minutes, past the proxy's cache) until the ERP has imported it.
 */
export function PurchaseDetail({ purchaseId }: { purchaseId: string }) {
  const timeZone = useTimeZone();
  const mayDraft = may(useKeyScope().role, { purchases: ["write"] });
  const request = purchaseRequest(purchaseId);
  const client = useQueryClient();
  const options = apiQueryOptions(browserApi, request, STALE.working);
  const query = useQuery({
    ...options,
    // A check on a submitted purchase goes past the proxy's fresh copy, for the API's current answer.
    queryFn: ({ signal }) =>
      callApi(browserApi, request, {
        signal,
        revalidate: awaitingImport(client.getQueryData<DataApiResult<Purchase>>(options.queryKey)?.records[0]),
      }),
    // Checks since the page opened (the first answer counts as none): 15 s, 30 s, 1 min… up to 5 min.
    refetchInterval: (q) =>
      awaitingImport(q.state.data?.records[0])
        ? nextCheckIn(Math.max(0, q.state.dataUpdateCount - 1), budgetStore.get(), Date.now())
        : false,
  });
  const purchase = query.data?.records[0];
  // A draft's lines or the ERP's posted lines (the contract reads each by its shape).
  const lines = (Array.isArray(purchase?.purchase_transactions) ? purchase.purchase_transactions : []) as Row[];
  const posted = lines.some((l) => "purchase_trans_id" in l);
  if (query.error)
    return <RequestError error={query.error} onRetry={() => void query.refetch()} what="this purchase" />;
  if (!purchase) return <p aria-busy="true">Loading purchase {purchaseId}…</p>;
  const note = stateNote(purchase);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Purchase order {purchase.po_num ?? purchaseId}</h1>
        <StaleNote of={[query.data]} />
        <p className="mt-1 text-sm">
          Status <strong>{purchaseStatusWords(purchase.status)}</strong>
          {purchase.purchase_id != null ? `, ERP id ${purchase.purchase_id}` : ""}
        </p>
      </div>
      {note && (
        <div
          role="note"
          className="space-y-2 rounded border border-sky-700 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50"
        >
          <p>{note}</p>
          {purchase.status === "InProgress" && purchase.purchase_global_id && mayDraft && (
            <p>
              <Link
                className="link font-semibold"
                href={`/purchases/${encodeURIComponent(purchase.purchase_global_id)}/edit`}
              >
                Open the draft in the editor
              </Link>{" "}
              to change, validate, submit or delete it.
            </p>
          )}
          {awaitingImport(purchase) && (
            <p className="flex flex-wrap items-center gap-2" aria-live="polite">
              <span>
                Checked {formatDateTime(new Date(query.dataUpdatedAt).toISOString(), timeZone)}; checking less often
                while nothing changes.
              </span>
              <button type="button" className={BUTTON} disabled={query.isFetching} onClick={() => void query.refetch()}>
                {query.isFetching ? "Checking…" : "Check now"}
              </button>
            </p>
          )}
        </div>
      )}
      {externalHref(purchase.public_pdf_link) && (
        // The link embeds the ERP's access token: it is opened, never shown as text, logged or sent elsewhere.
        <p>
          <a className="link" href={externalHref(purchase.public_pdf_link)} target="_blank" rel="noreferrer noopener">
            Open the PDF
          </a>
        </p>
      )}
      <PurchaseFacts header={purchaseHeader(purchase)} />
      <section aria-labelledby="purchase-lines" className="space-y-2">
        <h2 id="purchase-lines" className="text-lg font-semibold">
          {posted ? "Posted lines" : "Lines"} ({lines.length})
        </h2>
        {lines.length === 0 ? <p className="text-sm">No lines yet.</p> : <PurchaseLinesTable rows={lines} />}
      </section>
      <PurchaseAllFields
        row={purchase}
        columns={LIST_VIEWS.purchases.columns as ColumnSpec<Row>[]}
        skip={["purchase_transactions"]}
      />
    </div>
  );
}
