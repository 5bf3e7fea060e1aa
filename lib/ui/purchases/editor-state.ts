import { type EditorEvent, type EditorState } from "./editor-model";
import { type ActionEvent, reduceActionEvent } from "./editor-action-events";
import { type LineEvent, reduceLineEvent } from "./editor-line-events";
import { reduceSheetEvent, type SheetEvent } from "./editor-sheet-events";

export {
  type EditorEvent,
  type EditorState,
  type FocusTarget,
  HEADER_LABELS,
  initialEditorState,
  isDirty,
  type LineField,
  type Refusal,
  readinessProblems,
  type SheetReport,
} from "./editor-model";
export { confirmingOf, type EditorAction, isLocked, type Phase, runningAction } from "./editor-phase";

/**
 * The purchase-order editor's state and every change to it, as one pure reducer (`usePurchaseEditor` runs it; the
 * unit tests check its transitions). What it does not hold: what the API is asked (the hook sends it and reports the
 * answer here as an event) and the reference data (suppliers, vendors, catalog), which the query cache holds.
 */

/**
 * Every change to the editor's state: the edits of the header and lines (`editor-line-events.ts`), a spreadsheet's
 * (`editor-sheet-events.ts`) and the actions' (`editor-action-events.ts`).
 *
 * @example
 * const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditorState(id, header, lines));
 */
export function editorReducer(state: EditorState, event: EditorEvent): EditorState {
  switch (event.type) {
    case "header":
    case "line-changed":
    case "line-added-after":
    case "line-duplicated":
    case "line-removed":
    case "line-added":
    case "case-sizes":
      return reduceLineEvent(state, event satisfies LineEvent);
    case "sheet-opened":
    case "sheet-lines-added":
    case "sheet-report":
    case "review":
    case "review-cancelled":
    case "review-drafting":
    case "sheet-drafted":
    case "sheet-report-dismissed":
      return reduceSheetEvent(state, event satisfies SheetEvent);
    default:
      return reduceActionEvent(state, event satisfies ActionEvent);
  }
}
