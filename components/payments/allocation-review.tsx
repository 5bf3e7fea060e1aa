"use client";

import { useEffect, useId, useRef } from "react";
import { formatMoneyExact } from "@/lib/format/display";
import type { AllocationRequest } from "@/lib/ui/payments/submission";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";

/**
 * The review before anything is sent: each request, the total and the credit left, then confirm or go back. Each
 * amount is shown exactly as it is sent (`formatMoneyExact` of the request's own text: never a rounded $100.01 for a
 * 100.005 sent). It replaces the taller form, so it is brought into view and its heading focused: on a phone the page
 * would otherwise stay scrolled where the form's button was, far below it.
 */
export function AllocationReview({
  paymentNum,
  requests,
  total,
  left,
  onConfirm,
  onBack,
}: {
  paymentNum: string;
  requests: AllocationRequest[];
  total: string;
  left: string;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const reviewId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="space-y-3" aria-labelledby={reviewId} role="group">
      <h3 id={reviewId} ref={heading} tabIndex={-1} className="scroll-mt-4 font-semibold">
        Review: {requests.length} {requests.length === 1 ? "request" : "requests"} from payment {paymentNum}
      </h3>
      <ul className="list-inside list-disc text-sm">
        {requests.map((r) => (
          <li key={r.targetInvoiceNum}>
            {formatMoneyExact(r.amount)} to invoice {r.targetInvoiceNum}
          </li>
        ))}
      </ul>
      <p className="text-sm">
        Total {formatMoneyExact(total)}; credit left afterwards {formatMoneyExact(left)}. Each request is Pending until
        the ERP exports and confirms it.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={PRIMARY} onClick={onConfirm}>
          Confirm and send
        </button>
        <button type="button" className={BUTTON} onClick={onBack}>
          Back to the amounts
        </button>
      </div>
    </div>
  );
}
