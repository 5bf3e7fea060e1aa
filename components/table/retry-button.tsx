"use client";

import { useEffect, useState } from "react";
import { waitInWords } from "@/lib/ui/failure";

/**
 * Seconds counting down to zero, a second at a time: a 429's wait (`Retry-After`), from when the component mounts.
 *
 * @example
 * const left = useCountdown(error.retryAfter ?? 0); // 60, 59, … 0
 */
export function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}

interface RetryButtonProps {
  label: string;
  onRetry: () => void;
  /** Seconds the API asked to wait (a 429's Retry-After): the button offers itself once they are over. */
  waitSeconds?: number;
  className: string;
}

/**
 * "Try again" for a request that may go again (no answer, 5xx, a spent budget: a write goes with the same
 * Idempotency-Key, so at most once). After a 429 it says how long until the budget returns and takes no click until
 * then (`aria-disabled`, not `disabled`, so keyboard focus stays on it), then offers itself.
 *
 * @example
 * <RetryButton label="Try again" onRetry={() => retry("save")} waitSeconds={failure.retryAfterSeconds} className={BUTTON} />
 */
export function RetryButton({ label, onRetry, waitSeconds = 0, className }: RetryButtonProps) {
  const left = useCountdown(waitSeconds);
  const waiting = left > 0;
  return (
    <button type="button" className={className} aria-disabled={waiting} onClick={() => !waiting && onRetry()}>
      {waiting ? `${label} in ${waitInWords(left)}` : label}
    </button>
  );
}
