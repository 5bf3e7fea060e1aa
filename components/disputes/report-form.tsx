"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import type { DisputeReason } from "@/lib/domain/disputes/dispute";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { formatMoney } from "@/lib/format/display";
import { browserApi } from "@/lib/ui/browser-api";
import {
  claimOf,
  type DraftLine,
  fieldErrorsByLine,
  type InvoiceLineRecord,
  invoicedLineOf,
  priceDraft,
  startLine,
} from "@/lib/ui/disputes/dispute-draft";
import { DISPUTES_KEY, disputesClient } from "@/lib/ui/disputes/disputes-client";
import { describeFailure } from "@/lib/ui/failure";
import { isFinalRefusal } from "@/lib/ui/idempotency";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";
import { ReportLine } from "./report-line";

interface ReportFormProps {
  invoice: { InvoiceID: number; InvoiceNum: string; CustomerID: number; Date: string };
  lines: readonly InvoiceLineRecord[];
  onCancel: () => void;
}

/**
 * The form of "Report a problem" (its own module: the invoice's page loads it when the button is pressed). The
 * Idempotency-Key is made when the form opens and kept across retries (a double press, a lost answer: one dispute); a
 * refusal on the form's merits makes a new one for the corrected form. Sent, it goes to the dispute's page.
 */
export function ReportForm({ invoice, lines, onCancel }: ReportFormProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const invoiced = useMemo(() => lines.flatMap((r) => invoicedLineOf(r) ?? []).filter((l) => l.units > 0), [lines]);
  const [drafts, setDrafts] = useState<DraftLine[]>([]);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [serverErrors, setServerErrors] = useState<Map<number | "", Record<string, string>>>(new Map());
  const busy = useRef(false);
  const key = useRef<string>(crypto.randomUUID());
  const wantsPrices = drafts.some((d) => d.reason === "wrong-price");
  const day = invoice.Date.slice(0, 10);
  // The store's agreed prices on the invoice's day, asked only once a line is marked "Wrong price".
  const prices = useQuery({
    ...apiQueryOptions(
      browserApi,
      {
        operation: "listCustomerPricing",
        query: { CustomerIDs: String(invoice.CustomerID), EffectiveDate: day, PageSize: "1000" },
      },
      STALE.directory,
    ),
    enabled: wantsPrices,
  });
  const priceOf = useMemo(
    () => new Map((prices.data?.records ?? []).map((p) => [p.ProductID, p.UnitPrice ?? undefined])),
    [prices.data],
  );
  const priced = priceDraft(invoiced, drafts);

  const offered = (productId: number) => {
    const price = priceOf.get(productId);
    return price ? formatPrice(price) : undefined;
  };
  const setReason = (lineId: number, reason: DisputeReason | undefined) => {
    const line = invoiced.find((l) => l.invoiceLineId === lineId)!;
    setServerErrors(new Map());
    setDrafts((now) => {
      const rest = now.filter((d) => d.invoiceLineId !== lineId);
      if (!reason) return rest;
      const next = startLine(line, reason, offered(line.productId));
      // Kept in the invoice's order, so the server's `lines[i]` names the line shown i-th.
      return [...rest, next].sort(
        (a, b) =>
          invoiced.findIndex((l) => l.invoiceLineId === a.invoiceLineId) -
          invoiced.findIndex((l) => l.invoiceLineId === b.invoiceLineId),
      );
    });
  };
  const change = (lineId: number, patch: Partial<DraftLine>) =>
    setDrafts((now) => now.map((d) => (d.invoiceLineId === lineId ? { ...d, ...patch } : d)));

  async function send() {
    if (busy.current || !priced.ready) return;
    busy.current = true;
    setSending(true);
    setFailure(undefined);
    setServerErrors(new Map());
    try {
      const sent = await disputesClient.open(
        { invoiceNum: invoice.InvoiceNum, invoiceId: invoice.InvoiceID, lines: drafts.map(claimOf) },
        key.current,
      );
      await queryClient.invalidateQueries({ queryKey: DISPUTES_KEY });
      router.push(`/disputes/${encodeURIComponent(sent.id)}`);
    } catch (error) {
      setFailure(error);
      if (isDataApiError(error))
        setServerErrors(
          fieldErrorsByLine(
            error.fieldErrors.map((f) => ({ field: f.field, message: f.detail })),
            drafts,
          ),
        );
      // Refused on its merits: the corrected form is another request, with a key of its own.
      if (isFinalRefusal(error)) key.current = crypto.randomUUID();
      busy.current = false;
      setSending(false);
    }
  }

  const general = serverErrors.get("");
  return (
    <form
      className="space-y-3"
      aria-label={`Report a problem with invoice ${invoice.InvoiceNum}`}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <p className="text-sm">Tap what is wrong on each line: short, damaged, not compliant (COA) or wrong price.</p>
      <ul className="space-y-3" aria-label="Lines to report">
        {invoiced.map((line) => (
          <ReportLine
            key={line.invoiceLineId}
            line={line}
            draft={priced.lines.find((d) => d.invoiceLineId === line.invoiceLineId)}
            offeredPrice={offered(line.productId)}
            errors={serverErrors.get(line.invoiceLineId)}
            disabled={sending}
            onReason={(reason) => setReason(line.invoiceLineId, reason)}
            onChange={(patch) => change(line.invoiceLineId, patch)}
          />
        ))}
      </ul>
      {invoiced.length === 0 && <p className="text-sm">This invoice has no lines to report.</p>}
      {failure !== undefined && (
        <div
          role="alert"
          className="rounded border border-red-700 bg-red-50 p-3 text-sm text-red-950 dark:bg-red-950 dark:text-red-100"
        >
          {describeFailure(failure, { what: "the dispute", doing: "send", write: true, service: "Backroom" }).message}
          {general && Object.values(general).map((m) => <p key={m}>{m}</p>)}
        </div>
      )}
      <div className="sticky bottom-0 -mx-1 flex flex-wrap items-center gap-3 border-t border-slate-300 bg-white/95 px-1 py-2 dark:border-slate-600 dark:bg-slate-950/95">
        <p className="font-semibold" aria-live="polite" data-testid="dispute-total">
          {drafts.length === 0 ? "Nothing marked yet" : `${formatMoney(priced.total)} in dispute`}
        </p>
        <button type="submit" className={`${PRIMARY} min-h-11 min-w-20`} disabled={sending || !priced.ready}>
          {sending ? "Sending…" : "Send"}
        </button>
        <button type="button" className={`${BUTTON} min-h-11`} disabled={sending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A price offered in the field as the store would type it, in cents ("12.50"). */
function formatPrice(price: string): string | undefined {
  const micros = parseDecimal(price);
  return micros === undefined ? undefined : toDecimalString(micros);
}
