"use client";

import { useEffect, useState } from "react";

/**
 * The time left to a cut-off, in words ("2 h 14 min left"), moving as the clock does: each minute, each second in the
 * last minute. The cut-off itself is shown beside it on the state's clock. Not a live region (a screen reader would
 * hear it every minute): the words are read where the person is.
 *
 * @example
 * <CutOffCountdown at={new Date("2026-11-24T22:30:00Z")} />
 */
export function CutOffCountdown({ at }: { at: Date }) {
  const [now, setNow] = useState(() => Date.now());
  const left = at.getTime() - now;
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(
      () => setNow(Date.now()),
      left <= 60_000 ? 1_000 : Math.min(60_000, left - 60_000) || 1_000,
    );
    return () => clearTimeout(timer);
  }, [left]);
  // Rendered on the server at its clock and in the browser at its own: the words may differ by the seconds between.
  return <span suppressHydrationWarning>{timeLeft(left)}</span>;
}

/**
 * What is left of a wait, in words: "passed", "45 s left", "14 min left", "2 h 14 min left", "1 day 3 h left".
 *
 * @example
 * timeLeft(2 * 3_600_000 + 14 * 60_000 + 30_000); // "2 h 14 min left"
 */
export function timeLeft(ms: number): string {
  if (ms <= 0) return "passed";
  if (ms < 60_000) return `${Math.ceil(ms / 1000)} s left`;
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days} day${days === 1 ? "" : "s"}${hours ? ` ${hours} h` : ""} left`;
  return hours > 0 ? `${hours} h ${mins} min left` : `${mins} min left`;
}
