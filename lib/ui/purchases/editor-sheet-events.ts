import { MAX_LINE_ITEMS } from "@/lib/data-api/values";
import { emptyLine, lineList } from "@/lib/domain/purchases/draft";
import { type EditorEvent, type EditorState, snapshotOf, usedCount, withRoomToType } from "./editor-model";
import { reviewReducer } from "./sheet-review";

/** What a spreadsheet does to the editor: its rows under review, added as lines, or made into drafts. */
export type SheetEvent = Extract<
  EditorEvent,
  {
    type:
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

/**
 * A spreadsheet's event: its review opened, changed or cancelled, its ready rows added as lines, its drafts made, and
 * the report of what it did. Nothing changes while its drafts are being made.
 *
 * @example
 * reduceSheetEvent(state, { type: "sheet-report-dismissed" }).sheetReport; // undefined
 */
export function reduceSheetEvent(state: EditorState, event: SheetEvent): EditorState {
  switch (event.type) {
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
  }
}
