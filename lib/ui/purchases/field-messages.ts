import {
  type DraftHeader,
  type DraftLine,
  type HeaderField,
  headerProblems,
  type LineProblem,
  lineProblems,
} from "@/lib/domain/purchases/draft";
import type { EditorState, LineField } from "./editor-state";

/** The problems of one line, by field (the first message of each). */
export type LineMessages = Partial<Record<LineField, string>>;

/**
 * What the editor shows on its fields: the API's field errors, and once an action was tried the editor's own checks
 * (following the edits from then on), the API's first. Per line field, per header field, and for the list as a whole.
 */
export function fieldMessages(
  state: Pick<EditorState, "checked" | "apiLines" | "apiHeader">,
  header: DraftHeader,
  lines: DraftLine[],
  options: { earliest: string | undefined; requiresBatchCodes: boolean },
): { header: Partial<Record<HeaderField, string>>; lines: Map<string, LineMessages>; list: string[] } {
  const local: LineProblem[] = state.checked
    ? lineProblems(lines, { requiresBatchCodes: options.requiresBatchCodes })
    : [];
  const headerMessages: Partial<Record<HeaderField, string>> = { ...state.apiHeader };
  for (const p of state.checked ? headerProblems(header, options.earliest) : []) headerMessages[p.field] ??= p.message;
  const byLine = new Map<string, LineMessages>();
  const list: string[] = [];
  for (const p of [...local, ...state.apiLines]) {
    if (!p.key) {
      if (!list.includes(p.message)) list.push(p.message);
      continue;
    }
    if (p.field === "lines") continue;
    const entry = byLine.get(p.key) ?? {};
    entry[p.field] ??= p.message;
    byLine.set(p.key, entry);
  }
  return { header: headerMessages, lines: byLine, list };
}
