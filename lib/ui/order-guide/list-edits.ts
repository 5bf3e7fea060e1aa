import type { FieldError } from "@/lib/data-api/error-read";
import type { ListDetail, ListEvent, SharedListPatch } from "@/lib/domain/order-guide/shared-list";

/**
 * What the rep has typed on a shared list and not saved yet, and what the page says of a change refused: the patch
 * the drafts make of the list as it is now, the other side's changes since the person's version, each refusal's
 * message beside its field. Pure: the list's page keeps the drafts, and keeps them through a 412.
 */

/** A line's unsaved change: the cases typed, the substitute chosen (null: the one offered taken back). */
export interface LineDraft {
  cases?: string;
  substitute?: { productId: number; name: string } | null;
}

export type Drafts = Readonly<Record<string, LineDraft>>;

/** The most cases a line takes (the route's bound). */
export const MAX_CASES = 9999;

/** Who a change was made by, in the timeline's words. */
export const SIDE_WORDS: Record<ListEvent["side"], string> = {
  store: "the store",
  rep: "the rep",
  backroom: "Backroom",
};

/** Cases typed, as whole cases from 0 to `MAX_CASES`, or undefined when they are not. */
export function casesOf(typed: string): number | undefined {
  const text = typed.trim();
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= MAX_CASES ? n : undefined;
}

/**
 * The patch the drafts and note make of the list as it is now: only what differs from it (cases typed as they are, a
 * substitute it already offers, are left out), or undefined when nothing would change; cases that are not whole cases
 * from 0 to 9,999 are named per line instead.
 *
 * @example
 * patchOf(list, { "5001": { cases: "1" } }, ""); // { patch: { lines: [{ lineId: "5001", cases: 1 }] }, invalid: {} }
 */
export function patchOf(
  list: Pick<ListDetail, "lines">,
  drafts: Drafts,
  note: string,
): { patch: SharedListPatch | undefined; invalid: Record<string, string> } {
  const invalid: Record<string, string> = {};
  const lines: NonNullable<SharedListPatch["lines"]> = [];
  for (const line of list.lines) {
    const draft = drafts[line.lineId];
    if (!draft) continue;
    const change: NonNullable<SharedListPatch["lines"]>[number] = { lineId: line.lineId };
    if (draft.cases !== undefined) {
      const cases = casesOf(draft.cases);
      if (cases === undefined) invalid[line.lineId] = `Whole cases, from 0 to ${MAX_CASES.toLocaleString("en-US")}.`;
      else if (cases !== line.cases) change.cases = cases;
    }
    if (draft.substitute === null && line.substitute) change.substituteProductId = null;
    else if (draft.substitute && draft.substitute.productId !== line.substitute?.productId)
      change.substituteProductId = draft.substitute.productId;
    if (Object.keys(change).length > 1) lines.push(change);
  }
  const text = note.trim();
  const patch: SharedListPatch = { ...(lines.length ? { lines } : {}), ...(text ? { note: text } : {}) };
  return { patch: Object.keys(patch).length ? patch : undefined, invalid };
}

/**
 * The changes made since the person's version: the events past those they had seen (a list's events only grow).
 *
 * @example
 * changesSince(3, list).map((e) => e.detail); // ["Rolling papers instead of Vape cart: accepted"]
 */
export const changesSince = (seen: number, now: Pick<ListDetail, "events">): ListEvent[] => now.events.slice(seen);

/**
 * A refusal's field errors by where the page shows them: `lines[i].cases` and `lines[i].substituteProductId` beside the
 * i-th line sent (by its lineId), `note` and `erpRef` beside their fields; anything else under "form".
 *
 * @example
 * fieldMessages([{ field: "lines[0].cases", code: "TOO_BIG", detail: "At most 9999" }], ["5001"]); // { "5001": "At most 9999" }
 */
export function fieldMessages(errors: readonly FieldError[], sentLines: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const line = /^lines\[(\d+)\]/.exec(error.field);
    const at = line
      ? sentLines[Number(line[1])]
      : error.field === "note" || error.field === "erpRef"
        ? error.field
        : "form";
    const place = at ?? "form";
    out[place] = out[place] ? `${out[place]} ${error.detail}` : error.detail;
  }
  return out;
}
