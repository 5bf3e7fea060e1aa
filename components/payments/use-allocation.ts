"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { compareDecimals } from "@/lib/format/decimal";
import { browserApi } from "@/lib/ui/browser-api";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import {
  allocationSchema,
  allocationsOf,
  type AllocationValues,
  creditLeft,
  fillOldestFirst,
} from "@/lib/ui/payments/allocation";
import type { OpenInvoice, Payment } from "@/lib/ui/payments/requests";
import { type AllocationRequest, backToForm, type Outcome, sendInOrder } from "@/lib/ui/payments/submission";
import type { Watched } from "@/lib/ui/payments/use-watched";
import { withCurrentStatus } from "@/lib/ui/payments/request-status";
import { useApplicationsAnswers } from "@/lib/ui/payments/use-applications-answers";
import type { Created } from "./allocation-outcomes";
import { byDueDate } from "@/lib/domain/payments/open-invoice-order";

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

interface UseAllocationOptions {
  account: number;
  payment: Payment;
  invoices: OpenInvoice[];
  /** Per target invoice, what requests already outstanding ask toward it. */
  outstanding: Map<string, string>;
  onSubmitted: (watched: Watched[]) => Promise<void>;
}

/**
 * One round of allocating a payment's credit: the amounts' form checked against the credit and the open balances, the
 * phase it is in (editing, reviewing, sending, done), and the sending itself, whose field errors go back on the form.
 */
export function useAllocation({ account, payment, invoices, outstanding, onSubmitted }: UseAllocationOptions) {
  const paymentNum = payment.PaymentInvoiceNum ?? "";
  const credit = payment.AvailableBalance ?? "0";
  const rows = byDueDate(invoices).filter((i) => i.InvoiceNum);
  const refs = rows.map((i) => ({
    invoiceNum: i.InvoiceNum!,
    openBalance: i.OpenBalance ?? "0",
    outstanding: outstanding.get(i.InvoiceNum!),
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

  // Each sent request as it is now: the page reads the applications again while it follows them.
  const answers = useApplicationsAnswers();
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

  return {
    paymentNum,
    credit,
    rows,
    outstanding,
    form,
    lines,
    phase,
    setPhase,
    outcomes: withCurrentStatus(outcomes, answers),
    sentBefore: withCurrentStatus(sentBefore, answers),
    left,
    over,
    requests,
    fill,
    run,
  };
}
