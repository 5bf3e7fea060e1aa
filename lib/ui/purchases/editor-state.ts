import { MAX_LINE_ITEMS } from "@/lib/data-api/values";
import {
  type DraftHeader,
  type DraftLine,
  emptyLine,
  type HeaderField,
  headerProblems,
  isBlank,
  lineList,
  type LineProblem,
  lineProblems,
  placeFieldErrors,
  toWriteLines,
} from "@/lib/domain/purchases/draft";
import { type ReviewEvent, reviewReducer, type SheetReview } from "./sheet-review";

/**
 * The purchase-order editor's state and every change to it, as one pure reducer (`usePurchaseEditor` runs it; the
 * unit tests check its transitions). What it does not hold: what the API is asked (the hook sends it and reports the
 * answer here as an event) and the reference data (suppliers, vendors, catalog), which the query cache holds.
 */

/** What a person asks of the API: each runs alone, and a failure with no settled answer may be tried again. */
export type EditorAction = "validate" | "save" | "submit" | "delete";

/**
 * Where the editor is. `editing`: fields and buttons open. `confirming-submit` and `confirming-delete`: the same, with
 * the confirmation shown in place of the buttons. `validating`, `saving`, `submitting`, `deleting`: one action runs,
 * and everything is disabled until it is over. `submitted` and `deleted`: done, the page is on its way elsewhere.
 * `locked`: the API says the purchase is no longer a draft (409), so nothing can change it any more.
 */
export type Phase =
  | "editing"
  | "confirming-submit"
  | "confirming-delete"
  | "validating"
  | "saving"
  | "submitting"
  | "deleting"
  | "submitted"
  | "deleted"
  | "locked";

const RUNNING: Record<EditorAction, Phase> = {
  validate: "validating",
  save: "saving",
  submit: "submitting",
  delete: "deleting",
};

/** The action running in a phase, if one is. */
export function runningAction(phase: Phase): EditorAction | undefined {
  return (Object.keys(RUNNING) as EditorAction[]).find((action) => RUNNING[action] === phase);
}

/** Whether the editor can no longer change the purchase (submitted, deleted or no longer a draft). */
export function isLocked(phase: Phase): boolean {
  return phase === "submitted" || phase === "deleted" || phase === "locked";
}

/** The confirmation shown, if any. */
export function confirmingOf(phase: Phase): "submit" | "delete" | undefined {
  return phase === "confirming-submit" ? "submit" : phase === "confirming-delete" ? "delete" : undefined;
}

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

const lineFocus = (problem: LineProblem | undefined): FocusTarget | undefined =>
  problem?.key ? { key: problem.key, column: problem.field as LineField } : undefined;
const usedCount = (lines: DraftLine[]) => lines.filter((l) => !isBlank(l)).length;
const withoutLine = (problems: LineProblem[], key: string) =>
  problems.some((p) => p.key === key) ? problems.filter((p) => p.key !== key) : problems;

export function editorReducer(state: EditorState, event: EditorEvent): EditorState {
  switch (event.type) {
    case "header":
      return {
        ...state,
        header: { ...state.header, ...event.changes },
        apiHeader: { ...state.apiHeader, [event.field]: undefined },
        validation: undefined,
      };
    case "line-changed":
      return {
        ...state,
        lines: withRoomToType(lineList.update(state.lines, event.key, event.changes)),
        apiLines: withoutLine(state.apiLines, event.key),
        validation: undefined,
      };
    case "line-added-after": {
      // Enter on a line: to the blank line after it if there is one, else a new line (below the limit).
      const next = state.lines[state.lines.findIndex((l) => l.key === event.key) + 1];
      if (next && isBlank(next)) return { ...state, focus: { key: next.key, column: "product" } };
      if (usedCount(state.lines) >= MAX_LINE_ITEMS) return state;
      const { lines, added } = lineList.addAfter(state.lines, event.key);
      return { ...state, lines, focus: { key: added, column: "product" } };
    }
    case "line-duplicated": {
      if (usedCount(state.lines) >= MAX_LINE_ITEMS) return { ...state, validation: undefined };
      const { lines, added } = lineList.duplicate(state.lines, event.key);
      return {
        ...state,
        lines,
        validation: undefined,
        ...(added ? { focus: { key: added, column: "product" as const } } : {}),
      };
    }
    case "line-removed": {
      const index = state.lines.findIndex((l) => l.key === event.key);
      const lines = lineList.remove(state.lines, event.key);
      const focus = lines[Math.min(index, lines.length - 1)];
      return {
        ...state,
        lines,
        apiLines: withoutLine(state.apiLines, event.key),
        validation: undefined,
        ...(focus ? { focus: { key: focus.key, column: "product" as const } } : {}),
      };
    }
    case "line-added": {
      const { lines, added } = lineList.addAfter(state.lines);
      return { ...state, lines, focus: { key: added, column: "product" } };
    }
    case "sheet-opened":
      // A sheet's rows under review (`sheetEvent` of sheet-rows.ts read them): nothing is added yet.
      return state.sheet?.drafting ? state : { ...state, sheet: event.review, sheetReport: undefined };
    case "sheet-lines-added": {
      // A sheet's ready rows, confirmed (or pasted into a line and all ready): at the line pasted into, else at the
      // end; only when they fit (those that do not go as several drafts).
      if (state.sheet?.drafting || usedCount(state.lines) + event.lines.length > MAX_LINE_ITEMS) return state;
      const result = lineList.paste(state.lines, event.lines, event.at);
      const lines = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "line" : "lines"}`;
      const rows = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"}`;
      return {
        ...state,
        sheet: event.confirmed ? undefined : state.sheet,
        lines: withRoomToType(result.lines),
        validation: undefined,
        sheetReport: {
          tone: "ok",
          text: `${lines(event.lines.length)} added from the sheet${event.leftOut ? `; ${rows(event.leftOut)} left out` : ""}.`,
        },
      };
    }
    case "sheet-report":
      return { ...state, sheetReport: event.report };
    case "review":
      return state.sheet && !state.sheet.drafting
        ? { ...state, sheet: reviewReducer(state.sheet, event.event) }
        : state;
    case "review-cancelled":
      return state.sheet && !state.sheet.drafting ? { ...state, sheet: undefined } : state;
    case "review-drafting":
      // A run starts once the editor's checks passed: what they said before is over.
      return state.sheet
        ? {
            ...state,
            sheet: { ...state.sheet, drafting: event.running },
            ...(event.running ? { notice: undefined } : {}),
          }
        : state;
    case "sheet-drafted": {
      // The order's own lines went into the first of the drafts made from the sheet: saved there, so the editor
      // holds none now, and nothing is unsaved.
      const lines = [emptyLine()];
      return { ...state, lines, saved: snapshotOf(state.header, lines), apiLines: [], validation: undefined };
    }
    case "sheet-report-dismissed":
      return { ...state, sheetReport: undefined };
    case "confirm":
      return state.phase === "editing" || confirmingOf(state.phase)
        ? { ...state, phase: event.what === "submit" ? "confirming-submit" : "confirming-delete" }
        : state;
    case "confirm-cancelled":
      return confirmingOf(state.phase) ? { ...state, phase: "editing" } : state;
    case "checked": {
      // Problems found before anything is sent: shown (from now on, as the edits go), counted, the first focused.
      const { header, lines } = event.problems;
      const count = header.length + lines.length;
      if (!count) return { ...state, checked: true };
      const what = event.action === "submit" ? "submitted" : event.action === "save" ? "saved" : "checked";
      return {
        ...state,
        checked: true,
        focus: header[0] ? { header: header[0].field } : lineFocus(lines.find((p) => p.key)),
        notice: {
          tone: "error",
          text: `${count} ${count === 1 ? "thing needs" : "things need"} fixing before the purchase order can be ${what}.`,
        },
      };
    }
    case "started":
      return { ...state, phase: RUNNING[event.action], notice: undefined };
    case "validated": {
      // The API's answer to Validate: its problems placed on the lines (blank lines skipped by the index), the first focused.
      const placed = placeFieldErrors(event.errors, state.lines);
      const next = {
        ...state,
        apiLines: placed.lines,
        validation: { valid: event.valid, totalCases: event.totalCases },
      };
      if (event.valid) return next;
      const first = lineFocus(
        placed.lines.find((p) => p.key) ??
          lineProblems(state.lines, { requiresBatchCodes: event.requiresBatchCodes }).find((p) => p.key),
      );
      return first ? { ...next, focus: first } : next;
    }
    case "validated-own-number": {
      // A saved draft's own PO number is no duplicate: every check before that one passed, and the editor makes the
      // readiness checks (lines, quantities, batch codes) itself.
      const mine = lineProblems(state.lines, { requiresBatchCodes: event.requiresBatchCodes });
      return {
        ...state,
        validation: { valid: mine.length === 0 && usedCount(state.lines) > 0, totalCases: event.totalCases },
      };
    }
    case "created":
      return { ...state, globalId: event.id };
    case "saved": {
      const next = {
        ...state,
        saved: snapshotOf(state.header, state.lines),
        savedDelivery: state.header.deliveryDate,
        apiLines: [],
        apiHeader: {},
      };
      if (!event.announce) return next;
      return {
        ...next,
        notice: {
          tone: "ok",
          text:
            event.announce === "created"
              ? "Draft saved. It is kept by the API: edit, submit or delete it from here or from Purchases."
              : "Draft saved.",
        },
      };
    }
    case "submitted":
      return { ...state, saved: snapshotOf(state.header, state.lines), phase: "submitted" };
    case "deleted":
      return { ...state, saved: snapshotOf(state.header, state.lines), phase: "deleted" };
    case "refused": {
      const { notice, fields, lock } = event.refusal;
      const marked = fields ? { apiLines: fields.lines, apiHeader: fields.header, focus: fields.focus } : {};
      return { ...state, ...marked, notice, ...(lock ? { phase: "locked" as const } : {}) };
    }
    case "finished":
      // The action is over; an end it reached (submitted, deleted, locked) stays.
      return runningAction(state.phase) ? { ...state, phase: "editing" } : state;
    case "focused":
      return state.focus ? { ...state, focus: undefined } : state;
  }
}
