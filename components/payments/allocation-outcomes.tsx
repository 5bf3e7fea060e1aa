"use client";

import { CopyButton } from "@/components/table/copy-button";
import { RetryButton } from "@/components/table/retry-button";
import type { RecordOf } from "@/lib/data-api/client";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { formatMoneyExact } from "@/lib/format/display";
import { describeFailure } from "@/lib/ui/failure";
import type { AllocationRequest, Outcome } from "@/lib/ui/payments/submission";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";

/** What the API answers to one allocation request. */
export type Created = RecordOf<"createPaymentApplication">;

/**
 * The batch being sent, then what became of it: a progress bar, each request's outcome, and once done a retry of the
 * requests not sent and a way to allocate more.
 */
export function AllocationProgress({
  phase,
  outcomes,
  sentBefore,
  onRetry,
  onAgain,
}: {
  phase: "sending" | "done";
  outcomes: Outcome<Created | undefined>[];
  sentBefore: Outcome<Created | undefined>[];
  onRetry: (rest: AllocationRequest[]) => void;
  onAgain: () => void;
}) {
  const rest = outcomes.filter((o) => o.state !== "sent").map((o) => o.request);
  const sentCount = outcomes.filter((o) => o.state === "sent").length;
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm font-semibold">
        {phase === "sending"
          ? `Sending request ${Math.min(sentCount + 1, outcomes.length)} of ${outcomes.length}…`
          : rest.length === 0
            ? `${sentCount === 1 ? "The request was" : `All ${sentCount} requests were`} sent: each is Pending until the ERP confirms it. Its status is followed below.`
            : `${sentCount} of ${outcomes.length} requests were sent; ${rest.length} ${rest.length === 1 ? "was" : "were"} not.`}
      </p>
      <progress max={outcomes.length} value={sentCount} aria-label="Requests sent" className="w-full max-w-md" />
      <OutcomeList outcomes={[...sentBefore, ...outcomes]} />
      {phase === "done" && (
        <div className="flex flex-wrap gap-2">
          {rest.length > 0 && (
            <RetryButton
              label={`Retry the ${rest.length === 1 ? "request" : `${rest.length} requests`} not sent`}
              onRetry={() => onRetry(rest)}
              waitSeconds={waitOf(outcomes)}
              className={PRIMARY}
            />
          )}
          <button type="button" className={BUTTON} onClick={onAgain}>
            Allocate more
          </button>
        </div>
      )}
    </div>
  );
}

/** The wait a 429 among the failures asked for (the key's budget spent): the retry offers itself after it. */
function waitOf(outcomes: Outcome<Created | undefined>[]): number {
  return Math.max(
    0,
    ...outcomes.map((o) =>
      o.state === "failed" && o.error instanceof DataApiError && o.error.status === 429
        ? (o.error.retryAfter ?? 60)
        : 0,
    ),
  );
}

/**
 * What became of each request: sent (with its request id and status), failed (why and what to do, in the words every
 * page uses, and the request id), not sent.
 */
export function OutcomeList({ outcomes }: { outcomes: Outcome<Created | undefined>[] }) {
  return (
    <ul className="space-y-1 text-sm">
      {outcomes.map((o) => {
        const what = `${formatMoneyExact(o.request.amount)} to invoice ${o.request.targetInvoiceNum}`;
        if (o.state === "sent") {
          return (
            <li key={o.request.targetInvoiceNum}>
              <span className="font-semibold text-emerald-800 dark:text-emerald-300">Sent:</span> {what}, request{" "}
              {o.result?.RequestID ?? "—"} ({o.result?.Status ?? "Pending"})
            </li>
          );
        }
        if (o.state === "failed") {
          // "Not made" already says what failed: the reason and the next step follow it.
          const { reason, nextStep, requestId } = describeFailure(o.error, {
            what: "the allocation",
            doing: "send",
            write: true,
          });
          return (
            <li key={o.request.targetInvoiceNum}>
              <span className="font-semibold text-red-800 dark:text-red-300">Not made:</span> {what}. {reason}{" "}
              {nextStep}
              {requestId && (
                <>
                  {" "}
                  Request id <code className="font-mono">{requestId}</code>{" "}
                  <CopyButton text={requestId} label="Copy request id" />
                </>
              )}
            </li>
          );
        }
        return (
          <li key={o.request.targetInvoiceNum}>
            <span className="font-semibold">Not sent yet:</span> {what}
          </li>
        );
      })}
    </ul>
  );
}
