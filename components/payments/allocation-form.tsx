"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import { useTimeZone } from "@/components/shell/providers";
import { compareDecimals } from "@/lib/format/decimal";
import { todayIn } from "@/lib/format/days";
import { formatMoneyExact } from "@/lib/format/display";
import { allocatedTotal, type AllocationValues, owes } from "@/lib/ui/payments/allocation";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { outstandingByTarget } from "@/lib/domain/payments/allocation-room";
import { browserApi } from "@/lib/ui/browser-api";
import { type OpenInvoice, outstandingRequest, type Payment } from "@/lib/ui/payments/requests";
import type { Watched } from "@/lib/ui/payments/use-watched";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";
import { AllocationAmountsTable } from "./allocation-amounts-table";
import { AllocationProgress, OutcomeList } from "./allocation-outcomes";
import { AllocationReview } from "./allocation-review";
import { type FigureSources, useAllocation } from "./use-allocation";

interface AllocationFormProps {
  account: number;
  paymentNum: string;
  payment: Payment | undefined;
  paymentsLoading: boolean;
  /** Whether the payments listed are narrowed by the page's filters (a payment missing from them may exist). */
  paymentsFiltered?: boolean;
  invoices: OpenInvoice[] | undefined;
  invoicesLoading: boolean;
  /** The requests the payment and the invoices were read with: read again before the review. */
  sources: FigureSources;
  onClose: () => void;
  onSubmitted: (watched: Watched[]) => Promise<void>;
}

/**
 * Allocating one payment's credit to open invoices of the same AR account: an amount per invoice (or "fill oldest
 * first"), the credit left as amounts are typed, then a review, then one request per invoice, sent one after another
 * with a progress view. Amounts are checked exactly (never floats) against the contract and the credit; the API's own
 * field errors land on the amount or invoice they concern.
 */
export function AllocationForm({
  account,
  paymentNum,
  payment,
  paymentsLoading,
  paymentsFiltered = false,
  invoices,
  invoicesLoading,
  sources,
  onClose,
  onSubmitted,
}: AllocationFormProps) {
  const titleId = useId();
  // A new round (after "Allocate more") starts a fresh form over the invoices as they are then.
  const [round, setRound] = useState(0);
  // A round that has sent stays on screen with its outcomes, even once its sends leave no credit or nothing owed: the
  // figures read again after a send would otherwise replace them with "no credit left".
  const [sent, setSent] = useState(false);
  // What is already requested toward each invoice (its open balance does not show it yet). Unread, the proxy still
  // refuses an amount above what an invoice can take.
  const requested = useQuery(apiQueryOptions(browserApi, outstandingRequest(account), STALE.working));
  const allocation = (payment: Payment, invoices: OpenInvoice[]) => (
    <Allocation
      key={round}
      account={account}
      payment={payment}
      invoices={invoices}
      outstanding={outstandingByTarget(requested.data?.records ?? [])}
      sources={sources}
      onSubmitted={onSubmitted}
      onSending={() => setSent(true)}
      onAgain={() => {
        setSent(false);
        setRound((r) => r + 1);
      }}
    />
  );
  let body: React.ReactNode;
  if ((paymentsLoading || invoicesLoading || requested.isPending) && !sent)
    body = (
      <span
        className="skeleton block h-24 w-full"
        role="status"
        aria-busy="true"
        aria-label="Loading the allocation form"
      />
    );
  else if (sent && payment && invoices) body = allocation(payment, invoices);
  else if (!payment)
    body = (
      <p className="text-sm">
        {paymentsFiltered ? (
          `Payment ${paymentNum} is not among the payments these filters show: clear them to allocate it.`
        ) : (
          <>Payment {paymentNum} is not among this AR account&apos;s payments.</>
        )}
      </p>
    );
  else if (compareDecimals(payment.AvailableBalance ?? "0", "0") <= 0)
    body = <p className="text-sm">Payment {paymentNum} has no credit left to allocate.</p>;
  else if (!invoices?.length) body = <p className="text-sm">This AR account has no open invoices to allocate to.</p>;
  else if (!invoices.some((i) => owes(i.OpenBalance)))
    body = (
      <p className="text-sm">
        No open invoice of this AR account owes anything: its open items are credits, which take no payment.
      </p>
    );
  else body = allocation(payment, invoices);
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-lg border-2 border-sky-700 p-4 dark:border-sky-400">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          Allocate payment {paymentNum}
        </h2>
        <button type="button" className={BUTTON} onClick={onClose}>
          Close
        </button>
      </div>
      {body}
    </section>
  );
}

interface AllocationProps {
  account: number;
  payment: Payment;
  invoices: OpenInvoice[];
  /** Per target invoice, what requests already outstanding ask toward it. */
  outstanding: Map<string, string>;
  sources: FigureSources;
  onSubmitted: (watched: Watched[]) => Promise<void>;
  /** The round begins to send: from then on it shows what became of its requests, whatever the figures read after. */
  onSending: () => void;
  onAgain: () => void;
}

/** One round of the form: the amounts, then their review, then their sending and what became of it. */
function Allocation({
  account,
  payment,
  invoices,
  outstanding,
  sources,
  onSubmitted,
  onSending,
  onAgain,
}: AllocationProps) {
  const today = todayIn(useTimeZone());
  const allocation = useAllocation({ account, payment, invoices, outstanding, sources, onSubmitted });
  const { paymentNum, credit, form, lines, phase, setPhase, sentBefore, left, over, requests, run } = allocation;
  const ids = { summary: useId(), errors: useId() };

  if (phase === "sending" || phase === "done") {
    return (
      <AllocationProgress
        phase={phase}
        outcomes={allocation.outcomes}
        sentBefore={sentBefore}
        onRetry={(rest) => void run(rest)}
        onAgain={onAgain}
      />
    );
  }
  if (phase === "confirm") {
    return (
      <AllocationReview
        paymentNum={paymentNum}
        requests={requests}
        total={allocatedTotal(lines)}
        left={left}
        onConfirm={() => {
          onSending();
          void run(requests);
        }}
        onBack={() => setPhase("edit")}
      />
    );
  }

  const errors: FieldErrors<AllocationValues> = form.formState.errors;
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  return (
    <form
      noValidate
      onSubmit={(event) => void allocation.review(event)}
      className="space-y-3"
      aria-describedby={ids.summary}
    >
      {sentBefore.length > 0 && <OutcomeList outcomes={sentBefore} />}
      <dl id={ids.summary} className="flex flex-wrap gap-x-8 gap-y-1 text-sm" aria-live="polite">
        <div>
          <dt className="inline font-semibold">Credit on {paymentNum}: </dt>
          <dd className="inline">{formatMoneyExact(credit)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Allocating: </dt>
          <dd className="inline">{formatMoneyExact(allocatedTotal(lines))}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Credit left: </dt>
          <dd className={`inline font-semibold ${over ? "text-red-800 dark:text-red-300" : ""}`}>
            {formatMoneyExact(left)}
          </dd>
        </div>
      </dl>
      {errors.root?.api?.message && (
        <p role="alert" className="text-sm font-semibold text-red-800 dark:text-red-300">
          {errors.root.api.message}
        </p>
      )}
      {linesError && (
        <p role="alert" id={ids.errors} className="text-sm font-semibold text-red-800 dark:text-red-300">
          {linesError}
        </p>
      )}
      <AllocationAmountsTable
        rows={allocation.rows}
        refs={allocation.refs}
        form={form}
        errors={errors}
        hintPrefix={ids.summary}
        today={today}
        onFill={allocation.fillLine}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY} disabled={allocation.checking}>
          {allocation.checking ? "Reading the balances again…" : "Review allocation"}
        </button>
        <button type="button" className={BUTTON} onClick={allocation.fill}>
          Fill oldest first
        </button>
        <button type="button" className={BUTTON} onClick={() => form.reset()}>
          Clear amounts
        </button>
      </div>
    </form>
  );
}
