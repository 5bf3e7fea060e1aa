import type { CreatePurchaseBody } from "@/lib/data-api/writes";
import {
  type CatalogProduct,
  type DraftLine,
  isCalendarDay,
  newLineKey,
  type QuantityKind,
} from "@/lib/domain/purchases/draft";
import {
  draftNumbers,
  isMeaningfulNumber,
  readQuantity,
  readSheet,
  type SheetRow,
  splitIntoDrafts,
} from "@/lib/domain/purchases/sheet-import";
import { MAX_LINE_ITEMS } from "@/lib/data-api/values";
import type { DraftOrder } from "./draft-runner";
import type { EditorEvent } from "./editor-state";
import type { RowDecision, SheetReview, SheetSource } from "./sheet-review";

/**
 * What a review of a spreadsheet's rows means: the rows `readSheet` settled are ready; each other
 * row waits for the person (a product chosen among the candidates or from the catalog, a quantity or a date typed
 * again, or left out), and nothing is added until every row is settled and the person confirms. Lines that do not fit
 * beside the order's own become several drafts. Pure; loaded with the review (next/dynamic), not with the editor: the
 * editor's reducer holds the review (`sheet-review.ts`) and takes what this module makes of a sheet (`sheetEvent`).
 */

/** Rows read at once, at most: ten purchase orders of 200 lines (a bigger file is most likely not an order). */
export const MAX_SHEET_ROWS = 10 * MAX_LINE_ITEMS;

/** What a row still needs before it can be a line. */
export type RowNeed = "product" | "quantity" | "expiration";

/** A row as the review stands: ready (what it becomes), waiting for the person (what for), or left out. */
export type RowOutcome =
  | {
      status: "ready";
      productId: number;
      kind: QuantityKind;
      quantity: string;
      batchCode: string;
      expirationDate: string;
    }
  | { status: "needs"; needs: RowNeed[] }
  | { status: "left-out" };

/** Whether the sheet left something of the row to decide (such a row is listed for the person, whatever they decide). */
export function needsPerson(row: SheetRow): boolean {
  return row.match.status !== "matched" || row.quantity === undefined || row.expirationProblem !== undefined;
}

/**
 * A typed quantity, as a line takes it: a positive number (units whole), or why not. A suffix ("3 cs") says its kind.
 *
 * @example
 * typedQuantity("3 cs", "units"); // { quantity: "3", kind: "cases" }
 * typedQuantity("2.5", "units"); // { problem: "Units must be a whole number" }
 */
export function typedQuantity(
  text: string,
  kind: QuantityKind,
): { quantity: string; kind: QuantityKind } | { problem: string } {
  const read = readQuantity(text);
  if (!read || Number(read.quantity) <= 0) return { problem: `Enter a positive number of ${kind}` };
  const counted = read.kind ?? kind;
  if (counted === "units" && !Number.isInteger(Number(read.quantity)))
    return { problem: "Units must be a whole number" };
  return { quantity: read.quantity, kind: counted };
}

/**
 * A row with the person's decision: ready when it names a product, a quantity and (if any) a real expiration date.
 *
 * @example
 * rowOutcome(unmatchedRow, { productId: 10001 }).status; // "ready", when its quantity was read
 */
export function rowOutcome(row: SheetRow, decision: RowDecision = {}): RowOutcome {
  if (decision.leftOut) return { status: "left-out" };
  const needs: RowNeed[] = [];
  const productId = row.match.status === "matched" ? row.match.product.productId : decision.productId;
  if (productId === undefined) needs.push("product");
  let quantity = row.quantity;
  if (decision.quantity !== undefined) {
    const typed = typedQuantity(decision.quantity, decision.kind ?? row.quantity?.kind ?? "cases");
    quantity = "problem" in typed ? undefined : typed;
  }
  if (!quantity) needs.push("quantity");
  const expirationDate = decision.expirationDate ?? row.expirationDate;
  if (expirationDate.trim() !== "" && !isCalendarDay(expirationDate.trim())) needs.push("expiration");
  if (needs.length || productId === undefined || !quantity) return { status: "needs", needs };
  return {
    status: "ready",
    productId,
    kind: quantity.kind,
    quantity: quantity.quantity,
    batchCode: row.batchCode,
    expirationDate: expirationDate.trim(),
  };
}

/**
 * A review of a sheet's text against the catalog, or why there is nothing to review.
 *
 * @example
 * openReview("SKU-104\t2 cs", catalog, { kind: "paste" }); // { review: { rows: [...], decisions: {} } }
 */
export function openReview(
  text: string,
  catalog: readonly CatalogProduct[],
  source: SheetSource,
): { review: SheetReview } | { problem: string } {
  const { rows } = readSheet(text, catalog);
  if (rows.length === 0) return { problem: "The sheet has no rows to add." };
  if (rows.length > MAX_SHEET_ROWS)
    return {
      problem: `The sheet has ${rows.length.toLocaleString("en-US")} rows: at most ${MAX_SHEET_ROWS.toLocaleString("en-US")} are read at once (${MAX_SHEET_ROWS / MAX_LINE_ITEMS} purchase orders). Split it, and add each part.`,
    };
  return { review: { source, rows, decisions: {} } };
}

/** The review counted: rows ready (read so, or settled by the person), rows still waiting, rows left out. */
export interface ReviewCount {
  ready: number;
  waiting: number;
  leftOut: number;
  /** Rows the sheet left to the person (listed for them, settled or not). */
  listed: number;
}

export function reviewCount(review: SheetReview): ReviewCount {
  const count: ReviewCount = { ready: 0, waiting: 0, leftOut: 0, listed: 0 };
  for (const row of review.rows) {
    const outcome = rowOutcome(row, review.decisions[row.line]);
    if (outcome.status === "ready") count.ready += 1;
    else if (outcome.status === "needs") count.waiting += 1;
    else count.leftOut += 1;
    if (needsPerson(row)) count.listed += 1;
  }
  return count;
}

/**
 * The review's summary in one line.
 *
 * @example
 * summaryText({ ready: 28, waiting: 2, leftOut: 0, listed: 2 }); // "28 rows ready, 2 need you."
 */
export function summaryText(count: ReviewCount): string {
  const rows = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"}`;
  return [
    `${rows(count.ready)} ready`,
    ...(count.waiting
      ? [`${count.waiting.toLocaleString("en-US")} ${count.waiting === 1 ? "needs" : "need"} you`]
      : []),
    ...(count.leftOut ? [`${rows(count.leftOut)} left out`] : []),
  ]
    .join(", ")
    .concat(".");
}

/** The ready rows as editor lines, in the sheet's order (each with a new key). */
export function reviewedLines(review: SheetReview, makeKey: () => string = newLineKey): DraftLine[] {
  return review.rows.flatMap((row) => {
    const outcome = rowOutcome(row, review.decisions[row.line]);
    if (outcome.status !== "ready") return [];
    return [
      {
        key: makeKey(),
        productId: outcome.productId,
        kind: outcome.kind,
        quantity: outcome.quantity,
        batchCode: outcome.batchCode,
        expirationDate: outcome.expirationDate,
      },
    ];
  });
}

/**
 * What confirming the review does: its lines are added to the order when they fit beside the lines it has (`used`);
 * otherwise a new order is split into several drafts (the lines it has first), and a saved draft, which keeps its own
 * number and lines, takes none (the person starts a new order for the sheet, or leaves rows out).
 *
 * @example
 * reviewPlan(450, { used: 0, saved: false, poNum: "PO-7" }); // { kind: "split", lines: 450, numbers: ["PO-7-1", "PO-7-2", "PO-7-3"], sizes: [200, 200, 50] }
 */
export function reviewPlan(
  ready: number,
  order: { used: number; saved: boolean; poNum: string },
):
  | { kind: "add"; lines: number }
  | { kind: "split"; lines: number; numbers: string[]; sizes: number[] }
  | { kind: "too-many"; room: number } {
  const total = order.used + ready;
  if (total <= MAX_LINE_ITEMS) return { kind: "add", lines: ready };
  if (order.saved) return { kind: "too-many", room: Math.max(0, MAX_LINE_ITEMS - order.used) };
  const sizes = splitIntoDrafts(Array.from({ length: total }, () => 0)).map((d) => d.length);
  return { kind: "split", lines: total, numbers: draftNumbers(order.poNum.trim(), sizes.length), sizes };
}

/**
 * A new order's create body split into drafts of at most 200 lines, numbered in sequence (`draftNumbers`), each with
 * the same header: the orders the purchase-order runner validates and creates one after another.
 *
 * @example
 * splitOrders({ ...header, po_num: "PO-7", purchase_transactions: lines450 }, false).map((o) => o.body.po_num); // ["PO-7-1", "PO-7-2", "PO-7-3"]
 */
export function splitOrders(body: CreatePurchaseBody, requiresBatchCodes: boolean): DraftOrder[] {
  const parts = splitIntoDrafts(body.purchase_transactions ?? []);
  const numbers = draftNumbers(body.po_num, parts.length);
  return parts.map((lines, i) => ({
    body: { ...body, po_num: numbers[i]!, purchase_transactions: lines },
    requiresBatchCodes,
  }));
}

/**
 * The catalog's products a search names, best first: the exact id or supplier number, then names that start with the
 * text, then any that hold it (in the name, the number or the id). A junk number ("N/A") finds nothing by its number.
 *
 * @example
 * searchCatalog("straw", catalog).map((p) => p.name); // ["Strawberry Cough 14g", ...]
 */
export function searchCatalog(query: string, catalog: readonly CatalogProduct[], limit = 6): CatalogProduct[] {
  const text = query.trim().toLowerCase().replace(/^#/, "");
  if (!text) return [];
  const rank = (p: CatalogProduct): number => {
    const number = p.supplierProductNumber?.trim().toLowerCase() ?? "";
    const meaningful = isMeaningfulNumber(number);
    const name = p.name.toLowerCase();
    if (String(p.productId) === text || (meaningful && number === text)) return 0;
    if (name.startsWith(text)) return 1;
    if (name.includes(text) || (meaningful && number.includes(text)) || String(p.productId).includes(text)) return 2;
    return 3;
  };
  return catalog
    .map((p) => ({ p, rank: rank(p) }))
    .filter((r) => r.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.p.name.localeCompare(b.p.name))
    .slice(0, limit)
    .map((r) => r.p);
}

/** A sheet's lines added: the event the editor's reducer takes, from a review's ready rows. */
function linesAdded(review: SheetReview, leftOut: number, confirmed: boolean, makeKey?: () => string): EditorEvent {
  return {
    type: "sheet-lines-added",
    lines: reviewedLines(review, makeKey),
    ...(review.source.kind === "line" ? { at: review.source.at } : {}),
    leftOut,
    confirmed,
  };
}

/**
 * What a sheet's text does to the editor, as the event its reducer takes: its rows under review; straight in as lines
 * when pasted into a line's field, every row ready and fitting beside the order's `used` lines; or a report of why
 * nothing can be read (no catalog yet, no rows, too many).
 *
 * @example
 * sheetEvent("SKU-104\t2 cs", { kind: "line", at: "line-3" }, catalog, 4); // { type: "sheet-lines-added", lines: [...], at: "line-3", leftOut: 0 }
 */
export function sheetEvent(
  text: string,
  source: SheetSource,
  catalog: readonly CatalogProduct[] | undefined,
  used: number,
  makeKey?: () => string,
): EditorEvent {
  const problem = (message: string): EditorEvent => ({
    type: "sheet-report",
    report: { tone: "error", text: message },
  });
  if (!catalog) return problem("Choose the vendor and destination first: the products come from their catalog.");
  const opened = openReview(text, catalog, source);
  if ("problem" in opened) return problem(opened.problem);
  const count = reviewCount(opened.review);
  if (source.kind === "line" && count.listed === 0 && used + count.ready <= MAX_LINE_ITEMS)
    return linesAdded(opened.review, 0, false, makeKey);
  return { type: "sheet-opened", review: opened.review };
}

/**
 * The review confirmed, as the event the editor's reducer takes: its ready rows added as lines. None while a row waits
 * for the person, when no row is ready, or when they do not fit beside the order's `used` lines (those go as drafts).
 */
export function confirmedEvent(review: SheetReview, used: number, makeKey?: () => string): EditorEvent | undefined {
  const count = reviewCount(review);
  if (count.waiting > 0 || count.ready === 0 || used + count.ready > MAX_LINE_ITEMS) return undefined;
  return linesAdded(review, count.leftOut, true, makeKey);
}
