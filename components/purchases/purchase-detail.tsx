"use client";

import { useQuery } from "@tanstack/react-query";
import { RequestError } from "@/components/table/request-error";
import { SpecTable } from "@/components/table/spec-table";
import { RecordFacts } from "@/components/views/record-facts";
import type { RecordOf } from "@/lib/data-api/client";
import { DraftPurchaseLineV2, PostedPurchaseLineV2 } from "@/lib/data-api/records/purchases";
import { apiQueryOptions, STALE } from "@/lib/ui/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { type ColumnSpec, columnsOf } from "@/lib/ui/views/columns";
import { LIST_VIEWS } from "@/lib/ui/views/catalogue";

type Purchase = RecordOf<"getPurchaseV2">;
type Row = Record<string, unknown>;

const DRAFT_LINES = columnsOf<Row>(DraftPurchaseLineV2, {
  product_id: { header: "Product" },
  num_units: { header: "Units" },
  batch_code: { header: "Batch code" },
  expiration_date: { header: "Expires" },
  needs_activation: { header: "Needs activation" },
}).filter((c) => ["product_id", "num_units", "batch_code", "expiration_date", "needs_activation"].includes(c.id));

const POSTED_LINES = columnsOf<Row>(PostedPurchaseLineV2, {
  product_id: { header: "Product" },
  ordered: { header: "Ordered" },
  cases: { header: "Cases" },
  num_units: { header: "Units" },
  batch_code: { header: "Batch code" },
  expiration_date: { header: "Expires" },
  fob: { header: "FOB" },
  ext_price: { header: "Extended" },
}).filter((c) => ["product_id", "ordered", "cases", "num_units", "batch_code", "expiration_date", "fob", "ext_price"].includes(c.id));

/** What a purchase's status means for the person reading it. */
function stateNote(purchase: Purchase): string | undefined {
  if (purchase.status === "InProgress") return "A draft: saved through the API, not sent to the ERP. It can still be edited, submitted or deleted.";
  if (purchase.status === "Submitted" && purchase.purchase_id == null) return "Submitted: the ERP imports it in the background and then gives it its ERP id.";
  return undefined;
}

/**
 * One purchase (v2, by global id or ERP id): its header, what its status means, every field, the PDF for a posted
 * purchase, and its lines (a draft's requested lines, or the ERP's posted lines with prices).
 */
export function PurchaseDetail({ purchaseId }: { purchaseId: string }) {
  const query = useQuery(apiQueryOptions(browserApi, { operation: "getPurchaseV2", path: { purchaseID: purchaseId } }, STALE.working));
  const purchase = query.data?.records[0];
  // A draft's lines or the ERP's posted lines (the contract reads each by its shape).
  const lines = (Array.isArray(purchase?.purchase_transactions) ? purchase.purchase_transactions : []) as Row[];
  const posted = lines.some((l) => "purchase_trans_id" in l);
  const columns: ColumnSpec<Row>[] = posted ? POSTED_LINES : DRAFT_LINES;
  if (query.error) return <RequestError error={query.error} onRetry={() => void query.refetch()} what="this purchase" />;
  if (!purchase) return <p aria-busy="true">Loading purchase {purchaseId}…</p>;
  const note = stateNote(purchase);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Purchase order {purchase.po_num ?? purchaseId}</h1>
        <p className="mt-1 text-sm">
          Status <strong>{purchase.status ?? "—"}</strong>
          {purchase.purchase_id != null ? `, ERP id ${purchase.purchase_id}` : ""}
        </p>
      </div>
      {note && (
        <p role="note" className="rounded border border-sky-700 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50">
          {note}
        </p>
      )}
      {purchase.public_pdf_link && (
        // The link embeds the ERP's access token: it is opened, never shown as text, logged or sent elsewhere.
        <a className="link" href={purchase.public_pdf_link} target="_blank" rel="noreferrer noopener">
          Open the PDF
        </a>
      )}
      <RecordFacts row={purchase} columns={LIST_VIEWS.purchases.columns} skip={["purchase_transactions", "public_pdf_link", "po_num"]} />
      <section aria-labelledby="purchase-lines" className="space-y-2">
        <h2 id="purchase-lines" className="text-lg font-semibold">
          {posted ? "Posted lines" : "Lines"} ({lines.length})
        </h2>
        {lines.length === 0 ? (
          <p className="text-sm">No lines yet.</p>
        ) : (
          <SpecTable label="Purchase lines" columns={columns} rows={lines} rowKey={(line, index) => String(line.purchase_trans_id ?? line.id ?? index)} />
        )}
      </section>
    </div>
  );
}
