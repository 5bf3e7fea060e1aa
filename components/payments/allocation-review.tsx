"use client";

import { useId } from "react";
import { formatMoney } from "@/lib/format/display";
import type { AllocationRequest } from "@/lib/ui/payments/submission";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";

/** The review before anything is sent: each request, the total and the credit left, then confirm or go back. */
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
  return (
    <div className="space-y-3" aria-labelledby={reviewId} role="group">
      <h3 id={reviewId} className="font-semibold">
        Review: {requests.length} {requests.length === 1 ? "request" : "requests"} from payment {paymentNum}
      </h3>
      <ul className="list-inside list-disc text-sm">
        {requests.map((r) => (
          <li key={r.targetInvoiceNum}>
            {formatMoney(r.amount)} to invoice {r.targetInvoiceNum}
          </li>
        ))}
      </ul>
      <p className="text-sm">
        Total {formatMoney(total)}; credit left afterwards {formatMoney(left)}. Each request is Pending until the ERP
        exports and confirms it.
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
