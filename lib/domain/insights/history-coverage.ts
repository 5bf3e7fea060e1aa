/**
 * Which days a key's history holds whole, for figures drawn while its first backfill still reads back: the page shows
 * what the windows read so far hold and says which days are complete, and a figure over days not read yet says so.
 * Pure: `lib/server/insights/insights-view.ts` reads the walk's state and the page words it.
 */
import { addDays } from "@/lib/format/days";
import { formatDayRange } from "@/lib/format/display";

/** What the coverage reads of a walk's state (`HistoryState` in `lib/server/insights/history-state.ts`). */
export interface CoverageProgress {
  phase: "backfill" | "refresh" | "idle";
  /** The oldest day the backfill reaches. */
  horizon: string;
  /** The window walked now: its next invoice page, 0 once its invoices are read. */
  window?: { from: string; to: string; page: number };
  /** The window's invoices whose lines are still to read. */
  pendingLines: readonly number[];
  /** The walk under way: the day it began (its first window ends on it). */
  walk?: { day: string };
  backfilledAt?: string;
  refreshedAt?: string;
}

/** The days a history holds, from `from` to `to`, and those of them read whole so far. */
export interface HistoryCoverage {
  /** The first day the history holds once whole (the backfill's horizon). */
  from: string;
  /** Its last day: the figures are as of it. */
  to: string;
  /** The first of the days read whole (`from` once the first backfill is in). */
  readFrom: string;
  /**
   * Whether the first backfill is in: every day from `from` to `to` read, and the retailers' stock (read at its end).
   * Until then the shelf watch has nothing to show.
   */
  whole: boolean;
}

/** Days as the page says them in a sentence ("Sep 23 to Nov 21, 2026"). */
const span = (range: { from: string; to: string }) => formatDayRange(range.from, range.to, " to ");

/**
 * The days a key's history holds whole: every day from its horizon once its first backfill is in; while that reads
 * back (newest first), the windows read so far, from the day its walk began back to the oldest window read whole.
 * Undefined until a window is read whole: nothing to show yet.
 *
 * @example
 * historyCoverage({ phase: "backfill", horizon: "2025-11-21", window: { from: "2026-07-25", to: "2026-09-22", page: 1 },
 *   pendingLines: [], walk: { day: "2026-11-21" } });
 * // { from: "2025-11-21", to: "2026-11-21", readFrom: "2026-09-23", whole: false }
 */
export function historyCoverage(progress: CoverageProgress): HistoryCoverage | undefined {
  const { horizon, window, walk } = progress;
  const last = progress.refreshedAt ?? progress.backfilledAt;
  if (last) return { from: horizon, to: last.slice(0, 10), readFrom: horizon, whole: true };
  if (progress.phase !== "backfill" || !window || !walk) return undefined;
  // The window under way counts once its invoices and their lines are in (the next step moves to the one before).
  const windowRead = window.page === 0 && progress.pendingLines.length === 0;
  const readFrom = windowRead ? window.from : addDays(window.to, 1);
  if (readFrom > walk.day) return undefined;
  return { from: horizon, to: walk.day, readFrom: readFrom < horizon ? horizon : readFrom, whole: false };
}

/**
 * The days of `range` the history holds but has not read yet; undefined when it has read them all (days before its
 * horizon it never holds, and are not counted as unread).
 *
 * @example
 * unreadDays(coverage, { from: "2026-08-23", to: "2026-11-21" }); // { from: "2026-08-23", to: "2026-09-22" }
 */
export function unreadDays(
  coverage: HistoryCoverage,
  range: { from: string; to: string },
): { from: string; to: string } | undefined {
  if (coverage.whole || range.from >= coverage.readFrom) return undefined;
  const from = range.from < coverage.from ? coverage.from : range.from;
  const lastUnread = addDays(coverage.readFrom, -1);
  const to = range.to < lastUnread ? range.to : lastUnread;
  return from <= to ? { from, to } : undefined;
}

/** How much of a range a history has read: all, part, none yet, or none it holds (or part) for being before it. */
export type Reading = "read" | "partly read" | "not read yet" | "before the history" | "partly before the history";

/**
 * How much of `range` the history has read: what a comparison with it may say (no growth against a period before
 * not read whole, nor one reaching before the history's first day).
 *
 * @example
 * readingOf(coverage, { from: "2026-05-24", to: "2026-08-22" }); // "not read yet"
 */
export function readingOf(coverage: HistoryCoverage, range: { from: string; to: string }): Reading {
  if (range.to < coverage.from) return "before the history";
  const unread = unreadDays(coverage, range);
  if (unread) return unread.to === range.to ? "not read yet" : "partly read";
  return range.from < coverage.from ? "partly before the history" : "read";
}

/**
 * What a figure over `range` is missing while the history reads back: undefined when its days are all read.
 *
 * @example
 * partlyReadWords(coverage, { from: "2026-08-23", to: "2026-11-21" });
 * // "Partly read: these figures count Sep 23 to Nov 21, 2026 only; Aug 23 to Sep 22, 2026 is still being read."
 */
export function partlyReadWords(coverage: HistoryCoverage, range: { from: string; to: string }): string | undefined {
  const unread = unreadDays(coverage, range);
  if (!unread) return undefined;
  if (unread.from === range.from && unread.to === range.to) return `Not read yet: ${span(range)} is still being read.`;
  const read = { from: unread.to < range.to ? addDays(unread.to, 1) : range.from, to: range.to };
  return `Partly read: these figures count ${span(read)} only; ${span(unread)} is still being read.`;
}

/**
 * The page's line while the first backfill reads back, under its estimate (`estimateWords`): which days the figures
 * cover and which are still being read; undefined once the history is whole.
 *
 * @example
 * coverageWords(coverage);
 * // "Figures cover Sep 23 to Nov 21, 2026; Nov 21, 2025 to Sep 22, 2026 is still being read."
 */
export function coverageWords(coverage: HistoryCoverage): string | undefined {
  if (coverage.whole) return undefined;
  const figures = `Figures cover ${span({ from: coverage.readFrom, to: coverage.to })}`;
  const unread = unreadDays(coverage, coverage);
  return unread
    ? `${figures}; ${span(unread)} is still being read.`
    : `${figures}, every day of the history; the retailers' stock is still being read.`;
}
