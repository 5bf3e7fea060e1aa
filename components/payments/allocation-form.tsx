"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { type FieldErrors, useForm, type UseFormRegisterReturn, useWatch } from "react-hook-form";
import { TableFrame } from "@/components/table/table-frame";
import { cardCell } from "@/components/table/whole-table";
import { useTimeZone } from "@/components/shell/providers";
import { compareDecimals } from "@/lib/format/decimal";
import { formatDay, formatMoney } from "@/lib/format/display";
import { browserApi } from "@/lib/ui/browser-api";
import {
  allocatedTotal,
  allocationSchema,
  allocationsOf,
  type AllocationValues,
  creditLeft,
  exceedsOpenBalance,
  fillOldestFirst,
  notPayable,
  owes,
} from "@/lib/ui/payments/allocation";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import { type AllocationRequest, backToForm, type Outcome, sendInOrder } from "@/lib/ui/payments/submission";
import { AllocationProgress, type Created, OutcomeList } from "./allocation-outcomes";
import { AllocationReview } from "./allocation-review";
import type { Watched } from "@/lib/ui/payments/use-watched";
import { todayIn } from "@/lib/format/days";
import { byDueDate, InvoiceLink, Overdue } from "./open-invoices-table";
import type { OpenInvoice, Payment } from "@/lib/ui/payments/requests";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";

type Phase = "edit" | "confirm" | "sending" | "done";

/** Sends one allocation request through the proxy, with its Idempotency-Key. */
async function send(request: AllocationRequest, idempotencyKey: string): Promise<Created | undefined> {
  const result = await browserApi.createPaymentApplication({
    query: {
      PaymentInvoiceNum: request.paymentInvoiceNum,
      TargetInvoiceNum: request.targetInvoiceNum,
      ARAccountID: request.arAccountId,
      Amount: request.amount,
    },
    idempotencyKey,
  });
  return result.records[0];
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
  onClose,
  onSubmitted,
}: {
  account: number;
  paymentNum: string;
  payment: Payment | undefined;
  paymentsLoading: boolean;
  /** Whether the payments listed are narrowed by the page's filters (a payment missing from them may exist). */
  paymentsFiltered?: boolean;
  invoices: OpenInvoice[] | undefined;
  invoicesLoading: boolean;
  onClose: () => void;
  onSubmitted: (watched: Watched[]) => Promise<void>;
}) {
  const titleId = useId();
  // A new round (after "Allocate more") starts a fresh form over the invoices as they are then.
  const [round, setRound] = useState(0);
  let body: React.ReactNode;
  if (paymentsLoading || invoicesLoading)
    body = (
      <span
        className="skeleton block h-24 w-full"
        role="status"
        aria-busy="true"
        aria-label="Loading the allocation form"
      />
    );
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
  else
    body = (
      <Allocation
        key={round}
        account={account}
        payment={payment}
        invoices={invoices}
        onSubmitted={onSubmitted}
        onAgain={() => setRound((r) => r + 1)}
      />
    );
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

function Allocation({
  account,
  payment,
  invoices,
  onSubmitted,
  onAgain,
}: {
  account: number;
  payment: Payment;
  invoices: OpenInvoice[];
  onSubmitted: (watched: Watched[]) => Promise<void>;
  onAgain: () => void;
}) {
  const today = todayIn(useTimeZone());
  const paymentNum = payment.PaymentInvoiceNum ?? "";
  const credit = payment.AvailableBalance ?? "0";
  const rows = byDueDate(invoices).filter((i) => i.InvoiceNum);
  const refs = rows.map((i) => ({
    invoiceNum: i.InvoiceNum!,
    openBalance: i.OpenBalance ?? "0",
    dueDate: i.DueDate ?? undefined,
  }));
  // Made anew each render: react-hook-form takes its options from every render, so amounts are checked against the
  // credit and the open balances as the API last gave them, not the figures when the form opened.
  const form = useForm<AllocationValues>({
    resolver: zodResolver(allocationSchema(credit, refs)),
    defaultValues: { lines: rows.map((i) => ({ invoiceNum: i.InvoiceNum!, amount: "" })) },
    mode: "onTouched",
  });
  const lines = useWatch({ control: form.control, name: "lines" }) ?? [];
  const [phase, setPhase] = useState<Phase>("edit");
  const [outcomes, setOutcomes] = useState<Outcome<Created | undefined>[]>([]);
  const [sentBefore, setSentBefore] = useState<Outcome<Created | undefined>[]>([]);
  const sending = useRef(false);
  // The field the API's error concerns: focused once the form is back on screen.
  const focusAfter = useRef<`lines.${number}.amount` | undefined>(undefined);
  useEffect(() => {
    if (phase !== "edit" || !focusAfter.current) return;
    form.setFocus(focusAfter.current);
    focusAfter.current = undefined;
  }, [phase, form]);
  const ids = { summary: useId(), errors: useId() };

  const left = creditLeft(credit, lines);
  const over = compareDecimals(left, "0") < 0;
  const requests: AllocationRequest[] = allocationsOf({ lines }).map((a) => ({
    arAccountId: account,
    paymentInvoiceNum: paymentNum,
    targetInvoiceNum: a.invoiceNum,
    amount: a.amount,
  }));

  const fill = () => {
    const filled = fillOldestFirst(credit, refs);
    form.reset({ lines: filled }, { keepDefaultValues: true });
  };

  /** Sends the requests (all, or the ones left after a failure), one after another. Never twice at once. */
  const run = async (batch: AllocationRequest[]) => {
    if (sending.current || batch.length === 0) return;
    sending.current = true;
    setPhase("sending");
    setOutcomes(batch.map((request) => ({ state: "not sent", request })));
    try {
      const done = await sendInOrder(batch, send, sessionKeyStore(), setOutcomes);
      const sent = done.filter((o) => o.state === "sent");
      if (sent.length) {
        await onSubmitted(
          sent.flatMap((o) => (o.result?.RequestID != null ? [{ requestId: o.result.RequestID, paymentNum }] : [])),
        );
      }
      // The API's field errors go back onto the form, on the amount or invoice they concern; the sent lines leave it.
      // Any other failure is told in the outcomes (allocation-outcomes.tsx), in the words every page uses.
      const back = backToForm(done, lines);
      if (back) {
        setSentBefore((before) => [...before, ...sent]);
        for (const index of back.sentLines) form.setValue(`lines.${index}.amount`, "");
        for (const { index, message } of back.lineErrors)
          form.setError(`lines.${index}.amount`, { type: "api", message });
        for (const message of back.formErrors) form.setError("root.api", { type: "api", message });
        const first = back.lineErrors[0];
        if (first) focusAfter.current = `lines.${first.index}.amount`;
        setPhase("edit");
      } else {
        setPhase("done");
      }
    } finally {
      sending.current = false;
    }
  };

  if (phase === "sending" || phase === "done") {
    return (
      <AllocationProgress
        phase={phase}
        outcomes={outcomes}
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
        onConfirm={() => void run(requests)}
        onBack={() => setPhase("edit")}
      />
    );
  }

  const errors: FieldErrors<AllocationValues> = form.formState.errors;
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(() => setPhase("confirm"))}
      className="space-y-3"
      aria-describedby={ids.summary}
    >
      {sentBefore.length > 0 && <OutcomeList outcomes={sentBefore} />}
      <dl id={ids.summary} className="flex flex-wrap gap-x-8 gap-y-1 text-sm" aria-live="polite">
        <div>
          <dt className="inline font-semibold">Credit on {paymentNum}: </dt>
          <dd className="inline">{formatMoney(credit)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Allocating: </dt>
          <dd className="inline">{formatMoney(allocatedTotal(lines))}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Credit left: </dt>
          <dd className={`inline font-semibold ${over ? "text-red-800 dark:text-red-300" : ""}`}>
            {formatMoney(left)}
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
      <TableFrame label="Amounts to allocate">
        {/* On a phone a card per invoice, every column in it (`cardCell`). */}
        <table className="data-table cards">
          <caption className="sr-only">
            Open invoices of the AR account, oldest due first, with the amount to allocate to each
          </caption>
          <thead>
            <tr>
              <th scope="col">Invoice</th>
              <th scope="col">Due</th>
              <th scope="col">Overdue</th>
              <th scope="col" className="numeric">
                Open balance
              </th>
              <th scope="col">Amount to allocate</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((invoice, index) => {
              const error = errors.lines?.[index]?.amount?.message;
              const warn = !error && exceedsOpenBalance(lines[index]?.amount ?? "", invoice.OpenBalance ?? "0");
              const hintId = `${ids.summary}-line-${index}`;
              const why = notPayable(invoice.OpenBalance);
              return (
                <tr key={invoice.InvoiceNum}>
                  <th scope="row" className="font-normal" {...cardCell()}>
                    <InvoiceLink invoice={invoice} />
                  </th>
                  <td {...cardCell("Due")}>{formatDay(invoice.DueDate)}</td>
                  <td {...cardCell("Overdue")}>
                    <Overdue dueDate={invoice.DueDate ?? undefined} today={today} />
                  </td>
                  <td className="numeric" {...cardCell("Open balance")}>
                    {formatMoney(invoice.OpenBalance)}
                  </td>
                  <td {...cardCell("Amount to allocate")}>
                    {why && !error ? (
                      // A credit or a paid invoice owes nothing: no amount is asked for it (the API would refuse it).
                      <p className="max-w-xs text-sm text-slate-700 dark:text-slate-300">{why}</p>
                    ) : (
                      <AmountField
                        field={form.register(`lines.${index}.amount`)}
                        invoiceNum={invoice.InvoiceNum!}
                        hintId={hintId}
                        error={error}
                        warning={warn ? `More than the open balance of ${formatMoney(invoice.OpenBalance)}` : undefined}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableFrame>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY}>
          Review allocation
        </button>
        <button type="button" className={BUTTON} onClick={fill}>
          Fill oldest first
        </button>
        <button type="button" className={BUTTON} onClick={() => form.reset()}>
          Clear amounts
        </button>
      </div>
    </form>
  );
}

/** An invoice's amount to allocate, with its error or its warning beneath. */
function AmountField({
  field,
  invoiceNum,
  hintId,
  error,
  warning,
}: {
  field: UseFormRegisterReturn;
  invoiceNum: string;
  hintId: string;
  error?: string;
  warning?: string;
}) {
  return (
    <>
      <input
        {...field}
        inputMode="decimal"
        autoComplete="off"
        aria-label={`Amount for invoice ${invoiceNum}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || warning ? hintId : undefined}
        placeholder="0.00"
        className={`w-32 rounded border bg-white px-2 py-1 text-right text-sm tabular-nums dark:bg-slate-900 ${error ? "border-red-700 dark:border-red-400" : "border-slate-400"}`}
      />
      {error ? (
        <p id={hintId} className="mt-1 max-w-xs text-xs font-semibold text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : warning ? (
        <p id={hintId} className="mt-1 max-w-xs text-xs text-amber-900 dark:text-amber-200">
          {warning}
        </p>
      ) : null}
    </>
  );
}
