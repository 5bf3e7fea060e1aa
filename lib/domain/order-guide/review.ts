import { compareDecimals, parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { plural } from "@/lib/format/plural";
import type { GuideRow } from "./guide-data";
import { type AskedLine, type ListLine, listLines } from "./order-list";

/** Why a line of a list deserves a second look before it is sent. */
export type ReviewFlag =
  /** As many cases as the serving warehouse's bucket says it holds fewer than ("< 5 Cases": 5 or more asked). */
  | "over-bucket"
  /** More than three times the store's usual order. */
  | "over-usual";

/** One line of a list under review: the list's line as it would be sent, its bucket and usual order, its flags. */
export interface ReviewLine extends ListLine {
  bucket: string | null;
  usualCases: string | null;
  flags: ReviewFlag[];
}

/** A list under review: its lines and totals as they would be sent, and how many lines are flagged. */
export type ListReview =
  | { ok: true; lines: ReviewLine[]; totalCases: number; total: string; flagged: number }
  | { ok: false; detail: string };

/** A usual order this many times over is flagged. */
export const USUAL_TIMES = 3;

/**
 * The cases a warehouse's bucket says it holds fewer than: "< 5 Cases" holds fewer than 5, so 5 asked is past it;
 * "Out of Stock" holds none. Undefined where the bucket sets no bound ("50+ Cases", none listed, a word it does not
 * know).
 *
 * @example
 * bucketBound("< 5 Cases"); // 5
 * bucketBound("< 1 Case"); // 1
 * bucketBound("Out of Stock"); // 0
 * bucketBound("50+ Cases"); // undefined
 */
export function bucketBound(bucket: string | null | undefined): number | undefined {
  const text = bucket?.trim() ?? "";
  if (/^out of stock$/i.test(text)) return 0;
  const below = /^<\s*(\d+)\s+cases?$/i.exec(text);
  return below ? Number(below[1]) : undefined;
}

/** Whether cases pass three times a usual order (none known: never). */
function overUsual(cases: number, usual: string | null): boolean {
  const micros = usual === null ? undefined : parseDecimal(usual);
  return micros !== undefined && micros > 0n && compareDecimals(String(cases), toDecimalString(micros * 3n, 6)) > 0;
}

/**
 * A list as the buyer reviews it before it is sent: the lines and totals `listLines` would send (the guide's prices,
 * exact), each flagged where its cases reach the warehouse's bucket (`bucketBound`) or pass three times the store's
 * usual order; or why no list can be made of what is asked.
 *
 * @example
 * reviewList(rows, [{ productId: 5001, cases: 9999 }]); // { ok: true, lines: [{ ..., flags: ["over-bucket", "over-usual"] }], ... }
 */
export function reviewList(rows: readonly GuideRow[], asked: readonly AskedLine[]): ListReview {
  const list = listLines(rows, asked);
  if (!list.ok) return { ok: false, detail: list.detail };
  const byId = new Map(rows.map((r) => [r.productId, r]));
  const lines = list.lines.map((line): ReviewLine => {
    const row = byId.get(line.productId)!;
    const bound = bucketBound(row.bucket);
    const flags: ReviewFlag[] = [];
    if (bound !== undefined && line.cases >= bound) flags.push("over-bucket");
    if (overUsual(line.cases, row.usualCases)) flags.push("over-usual");
    return { ...line, bucket: row.bucket, usualCases: row.usualCases, flags };
  });
  return {
    ok: true,
    lines,
    totalCases: list.totalCases,
    total: list.total,
    flagged: lines.filter((l) => l.flags.length > 0).length,
  };
}

/** A flag in the review's words, for a line. */
export function flagWords(flag: ReviewFlag, line: Pick<ReviewLine, "bucket" | "usualCases">): string {
  return flag === "over-bucket"
    ? `the warehouse shows ${line.bucket}`
    : `more than ${USUAL_TIMES} × the usual ${plural(line.usualCases ?? "0", "case")}`;
}
