import { MAX_LINE_ITEMS } from "@/lib/data-api/values";
import { inEnteredUnit, isBlank, lineList, type LineProblem } from "@/lib/domain/purchases/draft";
import { type EditorEvent, type EditorState, snapshotOf, usedCount, withRoomToType } from "./editor-model";

/** The edits of the header and the lines. */
export type LineEvent = Extract<
  EditorEvent,
  {
    type:
      | "header"
      | "line-changed"
      | "line-added-after"
      | "line-duplicated"
      | "line-removed"
      | "line-added"
      | "case-sizes";
  }
>;

const withoutLine = (problems: LineProblem[], key: string) =>
  problems.some((p) => p.key === key) ? problems.filter((p) => p.key !== key) : problems;

/**
 * An edit of the header or the lines: the API's marks on what changed go, the last Validate's answer with them, and
 * a line added or removed takes the focus.
 *
 * @example
 * reduceLineEvent(state, { type: "line-added" }).focus; // { key: "…", column: "product" }
 */
export function reduceLineEvent(state: EditorState, event: LineEvent): EditorState {
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
        // A line the person changed keeps the unit they see.
        unitsToRead: state.unitsToRead?.filter((key) => key !== event.key),
      };
    case "case-sizes":
      return readInEnteredUnits(state, event.unitsPerCase);
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
  }
}

/**
 * A saved draft's lines, opened in units, read in the unit they were entered in once the catalog's case sizes are
 * known (`inEnteredUnit`): once, and only the lines the person has not changed since. The same order in other words is
 * no change to save: an editor that was saved stays saved.
 */
function readInEnteredUnits(state: EditorState, unitsPerCase: ReadonlyMap<number, number>): EditorState {
  const keys = new Set(state.unitsToRead ?? []);
  if (keys.size === 0) return state;
  const lines = state.lines.map((l) =>
    keys.has(l.key) && l.productId !== undefined ? inEnteredUnit(l, unitsPerCase.get(l.productId)) : l,
  );
  const wasSaved = state.saved === snapshotOf(state.header, state.lines);
  return { ...state, lines, unitsToRead: [], saved: wasSaved ? snapshotOf(state.header, lines) : state.saved };
}
