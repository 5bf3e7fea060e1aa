import { formatDate, formatMoney } from "@/lib/format/display";
import type { PreviewJson } from "./accounting-client";

/**
 * What an export's preview says in words: how many records the file holds and their total, how many are
 * new, changed since an earlier export (and which), exported before and left out; or that there is nothing to
 * export, never a file of nothing. Pure, for the page and its tests.
 */

/** What the counts count: bills (vendor credits among them), or the confirmed allocations paid to bills. */
export function recordNoun(kind: PreviewJson["kind"], count: number): string {
  if (kind === "bills") return count === 1 ? "bill" : "bills";
  return count === 1 ? "allocation" : "allocations";
}

const counted = (kind: PreviewJson["kind"], count: number) =>
  `${count.toLocaleString("en-US")} ${recordNoun(kind, count)}`;

/** "since its export on Nov 2, 2026 (file.csv)" when every changed record was in one file, else "since exported". */
function sinceWords(changed: PreviewJson["changed"], timeZone: string): string {
  const files = new Set(changed.map((c) => c.fileName));
  const days = new Set(changed.map((c) => formatDate(c.exportedAt, timeZone)));
  const their = changed.length === 1 ? "its" : "their";
  if (files.size === 1 && days.size === 1) return `since ${their} export on ${[...days][0]} (${[...files][0]})`;
  return "since exported";
}

/**
 * The preview's counts in a sentence; `nothing` when the file would hold no record (no download is offered then).
 *
 * @example
 * countsSentence(preview, "America/Los_Angeles").text;
 * // "8 bills, total $12,345.67: 6 new, 2 changed since their export on Nov 2, 2026 (qbo-bills-2026-10-01-to-2026-10-31.csv); 12 exported before are left out."
 */
export function countsSentence(preview: PreviewJson, timeZone: string): { text: string; nothing: boolean } {
  const { kind, counts, newOnly } = preview;
  if (counts.inFile === 0) {
    if (counts.period === 0)
      return {
        text: `Nothing to export in this period: it has no ${kind === "bills" ? "bills with the statuses chosen" : "confirmed allocations"}.`,
        nothing: true,
      };
    const were = counts.unchanged === 1 ? "was" : "were";
    return {
      text: `Nothing new to export in this period: its ${counted(kind, counts.unchanged)} ${were} exported before, unchanged since.`,
      nothing: true,
    };
  }
  const head = `${counted(kind, counts.inFile)}, total ${formatMoney(preview.total)}`;
  const parts: string[] = [];
  if (counts.new) parts.push(`${counts.new.toLocaleString("en-US")} new`);
  if (counts.changed)
    parts.push(`${counts.changed.toLocaleString("en-US")} changed ${sinceWords(preview.changed, timeZone)}`);
  if (!newOnly && counts.unchanged)
    parts.push(
      `${counts.unchanged.toLocaleString("en-US")} exported before as ${counts.unchanged === 1 ? "it is" : "they are"}`,
    );
  const breakdown =
    counts.new === counts.inFile && !(newOnly && counts.unchanged) ? ", none exported before" : `: ${parts.join(", ")}`;
  const leftOut =
    newOnly && counts.unchanged
      ? `; ${counts.unchanged.toLocaleString("en-US")} exported before ${counts.unchanged === 1 ? "is" : "are"} left out`
      : "";
  return { text: `${head}${breakdown}${leftOut}.`, nothing: false };
}

/**
 * Whole cents as text ("-12345") as a decimal with cents ("-123.45"), for `formatMoney`.
 *
 * @example
 * centsAsDecimal("123456"); // "1234.56"
 * centsAsDecimal("-5"); // "-0.05"
 */
export function centsAsDecimal(cents: string): string {
  const negative = cents.startsWith("-");
  const digits = (negative ? cents.slice(1) : cents).padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
