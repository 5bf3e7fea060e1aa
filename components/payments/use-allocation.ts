"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { apiQueryKey, type ApiRequest, callApi } from "@/lib/domain/api-query";
import { outstandingByTarget } from "@/lib/domain/payments/allocation-room";
import { byDueDate } from "@/lib/domain/payments/open-invoice-order";
import { compareDecimals, parseDecimal } from "@/lib/format/decimal";
import { browserApi } from "@/lib/ui/browser-api";
import { describeFailure } from "@/lib/ui/failure";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import {
  allocationSchema,
  allocationsOf,
  type AllocationValues,
  amountsReadable,
  creditLeft,
  fillOldestFirst,
  fillOne,
  type OpenInvoiceRef,
  sendingOrder,
} from "@/lib/ui/payments/allocation";
import { withCurrentStatus } from "@/lib/ui/payments/request-status";
import { type OpenInvoice, type Payment, outstandingRequest } from "@/lib/ui/payments/requests";
import { type AllocationRequest, backToForm, type Outcome, sendInOrder } from "@/lib/ui/payments/submission";
import { useApplicationsAnswers } from "@/lib/ui/payments/use-applications-answers";
import type { Watched } from "@/lib/ui/payments/use-watched";
import type { Created } from "./allocation-outcomes";

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

/** The requests whose answers hold the form's figures: the payments (the credit left) and the open invoices. */
export interface FigureSources {
  payments: ApiRequest<"listPayments">;
  invoices: ApiRequest<"listOpenInvoices">;
}

interface UseAllocationOptions {
  account: number;
  payment: Payment;
  invoices: OpenInvoice[];
  /** Per target invoice, what requests already outstanding ask toward it. */
  outstanding: Map<string, string>;
  sources: FigureSources;
  onSubmitted: (watched: Watched[]) => Promise<void>;
}

/**
 * The form's figures: the credit, and per invoice of the round its open balance as last read (an invoice no longer
 * listed owes nothing: the API lists only non-zero balances) and what is already requested toward it.
 */
function figuresOf(
  rows: readonly OpenInvoice[],
  payment: Payment | undefined,
  invoices: readonly OpenInvoice[],
  outstanding: ReadonlyMap<string, string>,
): { credit: string; refs: OpenInvoiceRef[] } {
  const balances = new Map(invoices.map((i) => [i.InvoiceNum, i.OpenBalance ?? "0"]));
  return {
    credit: payment?.AvailableBalance ?? "0",
    refs: rows.map((i) => ({
      invoiceNum: i.InvoiceNum!,
      openBalance: balances.get(i.InvoiceNum) ?? "0",
      outstanding: outstanding.get(i.InvoiceNum!),
      dueDate: i.DueDate ?? undefined,
    })),
  };
}

/** Puts a check's issues on the form (each on its amount, or on the lines) and focuses the first amount refused. */
function showIssues(
  form: UseFormReturn<AllocationValues>,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) {
  let first: `lines.${number}.amount` | undefined;
  // One error a field, the first found (the schema checks in order: the amount itself, its invoice, then the credit).
  const told = new Set<string>();
  for (const issue of issues) {
    const [, index] = issue.path;
    const name = typeof index === "number" ? (`lines.${index}.amount` as const) : "lines";
    if (told.has(name)) continue;
    told.add(name);
    form.setError(name, { type: "check", message: issue.message });
    if (name !== "lines") first ??= name;
  }
  // react-hook-form's own focus on an error did not take here: a person on a phone lands on the amount and its words.
  if (first) form.setFocus(first);
}

/** Whether two readings of the figures agree, by value ("5.00" is "5.000000"). */
function sameFigures(a: { credit: string; refs: OpenInvoiceRef[] }, b: { credit: string; refs: OpenInvoiceRef[] }) {
  const same = (x: string | undefined, y: string | undefined) =>
    parseDecimal((x ?? "0").trim()) === parseDecimal((y ?? "0").trim());
  return (
    same(a.credit, b.credit) &&
    a.refs.every((r, i) => same(r.openBalance, b.refs[i]?.openBalance) && same(r.outstanding, b.refs[i]?.outstanding))
  );
}

/**
 * The credit, the open balances and what is requested toward them, read again past every cache (the API's answer now),
 * put where the page reads them, and returned as the round's figures: what the review is checked against.
 */
function useReread(account: number, paymentNum: string, rows: readonly OpenInvoice[], sources: FigureSources) {
  const client = useQueryClient();
  return async () => {
    const read = async <K extends "listPayments" | "listOpenInvoices" | "listPaymentApplications">(
      request: ApiRequest<K>,
    ) => {
      const answer = await callApi(browserApi, request, { revalidate: true });
      client.setQueryData(apiQueryKey(request), answer);
      return answer.records;
    };
    const [payments, open, asked] = await Promise.all([
      read(sources.payments),
      read(sources.invoices),
      read(outstandingRequest(account)),
    ]);
    return figuresOf(
      rows,
      payments.find((p) => p.PaymentInvoiceNum === paymentNum),
      open.filter((i) => i.ARAccountID === account),
      outstandingByTarget(asked),
    );
  };
}

/**
 * One round of allocating a payment's credit: the amounts' form checked against the credit and the open balances, the
 * phase it is in (editing, reviewing, sending, done), and the sending itself, whose field errors go back on the form.
 * The credit and the balances are read again before the review (a request sent a minute ago, elsewhere or here, may
 * have taken them), and the review is of amounts checked against those figures.
 */
export function useAllocation({ account, payment, invoices, outstanding, sources, onSubmitted }: UseAllocationOptions) {
  const paymentNum = payment.PaymentInvoiceNum ?? "";
  // The round's invoices are those open when it began, in one order: a line's index stays its invoice's while the
  // balances are read again (one paid meanwhile stays, owing nothing; "Allocate more" starts over).
  const [rows] = useState(() => byDueDate(invoices).filter((i) => i.InvoiceNum));
  const reread = useReread(account, paymentNum, rows, sources);
  const { credit, refs } = figuresOf(rows, payment, invoices, outstanding);
  // Made anew each render: react-hook-form takes its options from every render, so amounts are checked against the
  // credit and the open balances as the API last gave them, not the figures when the form opened.
  const form = useForm<AllocationValues>({
    resolver: zodResolver(allocationSchema(credit, refs)),
    defaultValues: { lines: rows.map((i) => ({ invoiceNum: i.InvoiceNum!, amount: "" })) },
    mode: "onTouched",
  });
  const lines = useWatch({ control: form.control, name: "lines" }) ?? [];
  const [phase, setPhase] = useState<Phase>("edit");
  const [checking, setChecking] = useState(false);
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

  // Each sent request as it is now: the page reads the applications again while it follows them.
  const answers = useApplicationsAnswers();
  const left = creditLeft(credit, lines);
  const over = compareDecimals(left, "0") < 0;
  // In the order they go: the rest of a sub-cent credit last, when the payment's credit left is that rest.
  const requests: AllocationRequest[] = sendingOrder(allocationsOf({ lines }), refs).map((a) => ({
    arAccountId: account,
    paymentInvoiceNum: paymentNum,
    targetInvoiceNum: a.invoiceNum,
    amount: a.amount,
  }));

  const fill = () => {
    const filled = fillOldestFirst(credit, refs);
    form.reset({ lines: filled }, { keepDefaultValues: true });
  };
  /** "Fill" on one invoice: all it can take, or the rest of the credit. */
  const fillLine = (index: number) => {
    form.setValue(`lines.${index}.amount`, fillOne(credit, refs, form.getValues("lines"), index), {
      shouldValidate: true,
      shouldTouch: true,
    });
  };

  /**
   * "Review allocation": amounts that cannot be read are told at once; readable ones are checked against the credit
   * and the balances read again now (never the figures shown, which may be minutes old), then reviewed or marked.
   */
  const review = async (event: React.FormEvent) => {
    event.preventDefault();
    if (checking) return;
    const values = form.getValues();
    form.clearErrors();
    if (!amountsReadable(values)) {
      const checked = allocationSchema(credit, refs).safeParse(values);
      if (!checked.success) showIssues(form, checked.error.issues);
      return;
    }
    setChecking(true);
    try {
      const fresh = await reread();
      const checked = allocationSchema(fresh.credit, fresh.refs).safeParse(values);
      if (checked.success) {
        setPhase("confirm");
        return;
      }
      if (!sameFigures(fresh, { credit, refs }))
        form.setError("root.api", {
          type: "reread",
          message: "The credit or the open balances changed since they were read: the amounts marked no longer fit.",
        });
      showIssues(form, checked.error.issues);
    } catch (error) {
      const { reason, nextStep } = describeFailure(error, { what: "the open balances", doing: "read again" });
      form.setError("root.api", { type: "reread", message: `Nothing was reviewed or sent. ${reason} ${nextStep}` });
    } finally {
      setChecking(false);
    }
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

  return {
    paymentNum,
    credit,
    rows,
    refs,
    outstanding,
    form,
    lines,
    phase,
    setPhase,
    checking,
    outcomes: withCurrentStatus(outcomes, answers),
    sentBefore: withCurrentStatus(sentBefore, answers),
    left,
    over,
    requests,
    fill,
    fillLine,
    review,
    run,
  };
}
