import { type LineProblem, lineProblems, placeFieldErrors } from "@/lib/domain/purchases/draft";
import {
  type EditorEvent,
  type EditorState,
  type FocusTarget,
  type LineField,
  snapshotOf,
  usedCount,
} from "./editor-model";
import { confirmingOf, RUNNING, runningAction } from "./editor-phase";

/** The actions' events: a confirmation, the editor's own checks, an action started, the API's answer, its end. */
export type ActionEvent = Exclude<
  EditorEvent,
  {
    type:
      | "header"
      | "line-changed"
      | "line-added-after"
      | "line-duplicated"
      | "line-removed"
      | "line-added"
      | "case-sizes"
      | "sheet-opened"
      | "sheet-lines-added"
      | "sheet-report"
      | "review"
      | "review-cancelled"
      | "review-drafting"
      | "sheet-drafted"
      | "sheet-report-dismissed";
  }
>;

const lineFocus = (problem: LineProblem | undefined): FocusTarget | undefined =>
  problem?.key ? { key: problem.key, column: problem.field as LineField } : undefined;

/**
 * An action's event: the phase it moves the editor to, the problems it marks (the first focused), and the notice
 * that says how it went.
 *
 * @example
 * reduceActionEvent(state, { type: "started", action: "save" }).phase; // "saving"
 */
export function reduceActionEvent(state: EditorState, event: ActionEvent): EditorState {
  switch (event.type) {
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
