"use client";

import { useEffect, useState } from "react";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { CopyButton } from "./copy-button";

/**
 * Why a request failed, in words, with a retry: a 429 counts down the wait the API gave; any error shows the
 * request id (support asks for it) with a copy button.
 */
export function RequestError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  const api = error instanceof DataApiError ? error : undefined;
  const limited = api?.status === 429;
  const [left, setLeft] = useState(limited ? (api?.retryAfter ?? 60) : 0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const message = limited
    ? `The API's rate limit for this key is used up for now. You can try again in ${left} s.`
    : api?.status === 403
      ? `This key may not see ${what}. ${api.detail}`
      : api?.status === 0
        ? "The Data API could not be reached. Check your connection and try again."
        : `Could not load ${what}: ${api?.detail ?? (error instanceof Error ? error.message : "unknown error")}`;
  return (
    <div role="alert" className="rounded border border-red-700 bg-red-50 p-4 text-sm text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
      <p>{message}</p>
      {api?.requestId && (
        <p className="mt-2">
          Request id <code className="font-mono">{api.requestId}</code> <CopyButton text={api.requestId} label="Copy request id" />
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
