"use client";

import { DataApiError } from "@/lib/data-api/data-api-error";
import { describeFailure } from "@/lib/ui/failure";
import { CopyButton } from "./copy-button";
import { useCountdown } from "./retry-button";

/**
 * Why a request failed, in the words of `describeFailure` (the same on every page), with a retry: a 429 counts down
 * the wait the API gave, the button waiting with it; any error shows the request id (support asks for it) with a copy
 * button.
 */
export function RequestError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  const limited = error instanceof DataApiError && error.status === 429;
  const left = useCountdown(limited ? (error.retryAfter ?? 60) : 0);
  const failure = describeFailure(error, { what, waitLeft: limited ? left : undefined });
  return (
    <div
      role="alert"
      className="rounded border border-red-700 bg-red-50 p-4 text-sm text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      <p>{failure.message}</p>
      {failure.requestId && (
        <p className="mt-2">
          Request id <code className="font-mono">{failure.requestId}</code>{" "}
          <CopyButton text={failure.requestId} label="Copy request id" />
        </p>
      )}
      <button
        type="button"
        onClick={onRetry}
        disabled={limited && left > 0}
        className="mt-3 rounded bg-red-800 px-3 py-1 font-semibold text-white hover:bg-red-900 disabled:opacity-60 dark:bg-red-200 dark:text-red-950"
      >
        Try again
      </button>
    </div>
  );
}
