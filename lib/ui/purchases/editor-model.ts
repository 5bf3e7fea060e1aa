import { MAX_LINE_ITEMS } from "@/lib/data-api/values";
import {
  type DraftHeader,
  type DraftLine,
  emptyLine,
  type HeaderField,
  headerProblems,
  isBlank,
  type LineProblem,
  lineProblems,
  toWriteLines,
} from "@/lib/domain/purchases/draft";
import type { EditorAction, Phase } from "./editor-phase";
import type { ReviewEvent, SheetReview } from "./sheet-review";

/** What the purchase-order editor holds, the events that change it, and the checks it makes before an action. */

/** What the last action said: a message, its tone, and what goes with it. */
export interface Notice {
  tone: "ok" | "error";
  text: string;
  /** The purchase that already holds the PO number (409 DUPLICATE_PO_NUMBER). */
  existing?: string;
  requestId?: string;
  /** The action to try again (a failure with no settled answer: the same Idempotency-Key goes again). */
  retry?: EditorAction;
  /** Seconds the API asked to wait before trying again (a 429's Retry-After: the key's budget is spent). */
  retryAfterSeconds?: number;
}

/** What the last spreadsheet did to the lines, or why it could not be read: shown until dismissed. */
export interface SheetReport {
  tone: "ok" | "error";
  text: string;
}

export type LineField = "product" | "quantity" | "batchCode" | "expirationDate";

/** A field to focus once no action runs (a disabled field cannot take the focus). */
export type FocusTarget = { key: string; column: LineField } | { header: HeaderField };

/** The header fields by the API's names, as the editor labels them (an API field error on any other is not shown on a field). */
export const HEADER_LABELS: Record<HeaderField, string> = {
  supplier_id: "Supplier",
  vendor_id: "Vendor",
  to_location_id: "Destination warehouse",
  delivery_date: "Requested delivery date",
  po_num: "PO number",
  created_by_user_id: "Ordered on behalf of",
};

export interface EditorState {
  phase: Phase;
  /** The purchase's id at the API: the draft opened, or the one the first save created. */
  globalId?: string;
  /** The header as chosen (a key with one supplier has it chosen by the hook, not here). */
  header: DraftHeader;
  lines: DraftLine[];
  /** `snapshotOf` the last saved state: the editor is dirty while it differs. */
  saved: string;
  /** The delivery date the API has: an unchanged one is not sent again. */
  savedDelivery: string;
  /** Whether an action was tried: the editor's own problems show from then on, following the edits. */
  checked: boolean;
  /** The API's field errors, on their lines and fields until those are edited. */
  apiLines: LineProblem[];
  apiHeader: Partial<Record<HeaderField, string>>;
  notice?: Notice;
  /** The last Validate's answer, until the order changes. */
  validation?: { valid: boolean; totalCases: number };
  /** A spreadsheet's rows under review: nothing of them is in the lines until the person confirms. */
  sheet?: SheetReview;
  sheetReport?: SheetReport;
  focus?: FocusTarget;
  /**
   * The lines a saved draft opened with in units, not yet read in the unit they were entered in: the catalog's case
   * sizes come after the editor opens (`case-sizes`), and a line the person changes meanwhile keeps its unit.
   */
  unitsToRead?: readonly string[];
}

/**
 * The editor's saved state in one string: what is dirty is what differs from it. The supplier is left out: a draft
 * keeps its supplier, and a new order's supplier alone (chosen for a key with one) is no work to lose.
 */
export function snapshotOf(header: DraftHeader, lines: DraftLine[]): string {
  return JSON.stringify([
    header.vendorId,
    header.locationId,
    header.deliveryDate,
    header.poNum.trim(),
    toWriteLines(lines),
    lines.filter((l) => !isBlank(l)).map((l) => l.productText ?? ""),
  ]);
}

/** Whether the editor holds changes the API does not have. */
export function isDirty(state: EditorState): boolean {
  return snapshotOf(state.header, state.lines) !== state.saved;
}

/** How many lines hold something. */
export const usedCount = (lines: DraftLine[]) => lines.filter((l) => !isBlank(l)).length;

/** The lines with an empty one at the end (below the 200-line limit), so the grid always has a line to type in. */
export function withRoomToType(lines: DraftLine[]): DraftLine[] {
  const last = lines[lines.length - 1];
  return last && !isBlank(last) && lines.filter((l) => !isBlank(l)).length < MAX_LINE_ITEMS
    ? [...lines, emptyLine()]
    : lines;
}

/** The editor as it opens: a saved draft (`globalId`) is saved as it is; a new one is saved as nothing. */
export function initialEditorState(globalId: string | undefined, header: DraftHeader, lines: DraftLine[]): EditorState {
  return {
    phase: "editing",
    globalId,
    header,
    lines,
    saved: globalId ? snapshotOf(header, lines) : snapshotOf({ deliveryDate: "", poNum: "" }, []),
    savedDelivery: header.deliveryDate,
    unitsToRead: globalId ? lines.filter((l) => l.kind === "units" && !isBlank(l)).map((l) => l.key) : [],
    checked: false,
    apiLines: [],
    apiHeader: {},
  };
}

/**
 * The editor's own checks for an action: the header's, and the lines' (a draft may be saved unfinished, so a missing
 * batch code only stops a submit; a submit needs a line). `earliest` bounds the delivery date (undefined: not checked).
 */
export function readinessProblems(
  action: EditorAction,
  header: DraftHeader,
  lines: DraftLine[],
  options: { earliest: string | undefined; requiresBatchCodes: boolean },
): { header: { field: HeaderField; message: string }[]; lines: LineProblem[] } {
  const mine = lineProblems(lines, { requiresBatchCodes: options.requiresBatchCodes }).filter(
    (p) => action === "submit" || p.field !== "batchCode",
  );
  if (action === "submit" && !lines.some((l) => !isBlank(l)))
    mine.push({ field: "lines", message: "A purchase order needs at least one line to be submitted" });
  return { header: headerProblems(header, options.earliest), lines: mine };
}

/** What an API refusal means for the editor (`refusalOf`): the words, the fields it marks, and whether it locks. */
export interface Refusal {
  notice: Notice;
  /** The API's field errors placed (absent: no answer from the API, the marks stay as they were). */
  fields?: { lines: LineProblem[]; header: Partial<Record<HeaderField, string>>; focus?: FocusTarget };
  /** The purchase is no longer a draft. */
  lock?: boolean;
}

export type EditorEvent =
  | { type: "header"; field: HeaderField; changes: Partial<DraftHeader> }
  | { type: "line-changed"; key: string; changes: Partial<Omit<DraftLine, "key">> }
  | { type: "line-added-after"; key: string }
  | { type: "line-duplicated"; key: string }
  | { type: "line-removed"; key: string }
  | { type: "line-added" }
  | { type: "case-sizes"; unitsPerCase: ReadonlyMap<number, number> }
  | { type: "sheet-opened"; review: SheetReview }
  | {
      type: "sheet-lines-added";
      lines: DraftLine[];
      at?: string;
      leftOut: number;
      /** From the review, which closes (else a paste into a line, all ready: a review open meanwhile stays). */
      confirmed: boolean;
    }
  | { type: "sheet-report"; report: SheetReport }
  | { type: "review"; event: ReviewEvent }
  | { type: "review-cancelled" }
  | { type: "review-drafting"; running: boolean }
  | { type: "sheet-drafted" }
  | { type: "sheet-report-dismissed" }
  | { type: "confirm"; what: "submit" | "delete" }
  | { type: "confirm-cancelled" }
  | { type: "checked"; action: EditorAction; problems: ReturnType<typeof readinessProblems> }
  | { type: "started"; action: EditorAction }
  | {
      type: "validated";
      valid: boolean;
      totalCases: number;
      errors: { field: string; detail: string }[];
      requiresBatchCodes: boolean;
    }
  | { type: "validated-own-number"; totalCases: number; requiresBatchCodes: boolean }
  | { type: "created"; id: string }
  | { type: "saved"; announce?: "created" | "updated" }
  | { type: "submitted" }
  | { type: "deleted" }
  | { type: "refused"; refusal: Refusal }
  | { type: "finished" }
  | { type: "focused" };
