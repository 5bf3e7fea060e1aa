import { formatDate, formatMoney } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";
import type { PreviewJson } from "./accounting-client";

/**
 * What an export's preview says in words: how many records the file holds and their total, how many are new, changed
 * since an earlier export to the program (and which), exported to it before (how many, when) and left out or in it
 * again; or that there is nothing to export, never a file of nothing. Pure, for the page and its tests.
 */

/** What the counts count: bills (vendor credits among them), or payments (and allocations applied later). */
export function recordNoun(kind: PreviewJson["kind"], count: number): string {
  if (kind === "bills") return count === 1 ? "bill" : "bills";
  return count === 1 ? "payment" : "payments";
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
 * When the records exported before went to the program: "on Nov 2, 2026 (qbo-bills-….csv)", "between Oct 3, 2026 and
 * Nov 2, 2026, in 3 files".
 *
 * @example
 * whenWords({ count: 18, exportedAt: ["2026-11-02T18:00:00Z"], fileNames: ["qbo-bills-….csv"] }, "UTC"); // "on Nov 2, 2026 (qbo-bills-….csv)"
 */
export function whenWords(before: PreviewJson["exportedBefore"], timeZone: string): string {
  const days = [...new Set(before.exportedAt.map((at) => formatDate(at, timeZone)))];
  const when = days.length === 1 ? `on ${days[0]}` : `between ${days[0]} and ${days.at(-1)}`;
  const files =
    before.fileNames.length === 1 ? ` (${before.fileNames[0]})` : `, in ${plural(before.fileNames.length, "file")}`;
  return `${when}${files}`;
}

/** The file's records: its bills, or its payments and the allocations it applies from a prepayment. */
function headWords(preview: PreviewJson): string {
  if (preview.kind === "bills" || !preview.sums) return counted(preview.kind, preview.counts.inFile);
  const { payments, applied } = preview.sums;
  const appliedWords = applied ? `${plural(applied, "allocation")} applied from a prepayment` : "";
  return [payments || !applied ? counted("payments", payments) : "", appliedWords].filter(Boolean).join(" and ");
}

/**
 * The preview's counts in a sentence; `nothing` when the file would hold no record (no download is offered then).
 *
 * @example
 * countsSentence(preview, "America/Los_Angeles").text;
 * // "8 bills, total $12,345.67: 6 new, 2 changed since their export on Nov 2, 2026 (qbo-bills-2026-10-01-to-2026-10-31.csv); 12 exported to QuickBooks Online on Oct 3, 2026 (…) are left out."
 */
export function countsSentence(preview: PreviewJson, timeZone: string): { text: string; nothing: boolean } {
  const { kind, counts, newOnly, program, exportedBefore } = preview;
  if (counts.inFile === 0) {
    if (counts.period === 0)
      return {
        text: `Nothing to export in this period: it has no ${kind === "bills" ? "bills with the statuses chosen" : "payments, nor allocations of earlier payments to apply"}.`,
        nothing: true,
      };
    const were = counts.unchanged === 1 ? "was" : "were";
    return {
      text: `Nothing new to export to ${program} in this period: its ${counted(kind, counts.unchanged)} ${were} exported to it ${whenWords(exportedBefore, timeZone)}, unchanged since.`,
      nothing: true,
    };
  }
  const head = `${headWords(preview)}, total ${formatMoney(preview.total)}`;
  const parts: string[] = [];
  if (counts.new) parts.push(`${counts.new.toLocaleString("en-US")} new`);
  if (counts.changed)
    parts.push(`${counts.changed.toLocaleString("en-US")} changed ${sinceWords(preview.changed, timeZone)}`);
  if (!newOnly && counts.unchanged)
    parts.push(
      `${counts.unchanged.toLocaleString("en-US")} exported to ${program} ${whenWords(exportedBefore, timeZone)} as ${counts.unchanged === 1 ? "it is" : "they are"}: importing ${counts.unchanged === 1 ? "it" : "them"} again records ${counts.unchanged === 1 ? "it" : "them"} twice`,
    );
  const breakdown =
    counts.new === counts.inFile && !(newOnly && counts.unchanged)
      ? `, none exported to ${program} before`
      : `: ${parts.join(", ")}`;
  const leftOut =
    newOnly && counts.unchanged
      ? `; ${counts.unchanged.toLocaleString("en-US")} exported to ${program} ${whenWords(exportedBefore, timeZone)} ${counts.unchanged === 1 ? "is" : "are"} left out`
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
