"use client";

import { useTimeZone } from "@/components/shell/providers";
import { describeStale } from "@/lib/ui/failure";
import { type Answered, staleOf } from "@/lib/domain/stale";

interface StaleNoteProps {
  /** What the region is drawn from: request results and walked lists (undefined while loading). */
  of: readonly Answered[];
  /** A line of its own (`p`, the default), or words in a line that is already there (`span`). */
  as?: "p" | "span";
  className?: string;
}

/**
 * The one quiet line of a region drawn from a last-known answer (the API spent or away): "Shown as of 2:02 PM · the
 * API's hourly limit is spent until 3:00 PM", in the person's zone (`describeStale`). Nothing when every answer is
 * the API's own. Put it where the region already has a line of text (a status line, a card's foot), so nothing moves.
 *
 * @example
 * <StaleNote of={[payments.data, applications.data]} />
 */
export function StaleNote({ of, as: Tag = "p", className = "" }: StaleNoteProps) {
  const timeZone = useTimeZone();
  const note = staleOf(of);
  if (!note) return null;
  return (
    // The server's clock and the browser's may sit either side of the budget's return: the words may differ by that.
    <Tag
      data-stale-note=""
      suppressHydrationWarning
      className={`text-xs text-slate-700 dark:text-slate-300 ${className}`}
    >
      {describeStale(note, timeZone, new Date())}
    </Tag>
  );
}
