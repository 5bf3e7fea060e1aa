import { PRODUCT_STATUSES } from "@/lib/data-api/values";
import type { DraftPick, SkipReason } from "./drafts";
import type { NoSuggestionReason, PlanRow } from "@/lib/domain/replenishment/plan";

/**
 * What the person ticks and types on the plan, before drafting: rows are ticked when they have a suggestion unless the
 * person says otherwise, and each row's order is in whole cases (the suggestion, or what was typed). Kept by the page
 * per row key, so a row keeps its tick and its number while the filters hide and show it.
 */

export interface Selection {
  /** The person's ticks, where they differ from the default. */
  ticked: ReadonlyMap<string, boolean>;
  /** The cases typed per row, as typed. */
  cases: ReadonlyMap<string, string>;
}

export const EMPTY_SELECTION: Selection = { ticked: new Map(), cases: new Map() };

/**
 * Whether an order can be drafted for a row at all: a vendor delivers, the arrival day is known, and the product is in
 * the catalog and not discontinued (the ERP refuses discontinued products on a purchase order).
 */
export function isOrderable(row: PlanRow): boolean {
  return (
    row.vendor !== undefined && row.arrival !== undefined && row.reason !== "unknown-product" && row.statusId !== 0
  );
}

/** Whether a row is ticked: the person's tick, or, by default, whether it has a suggestion. */
export function isTicked(row: PlanRow, selection: Selection): boolean {
  return isOrderable(row) && (selection.ticked.get(row.key) ?? row.suggestedCases !== undefined);
}

/** The text in a row's cases box: what was typed, or the suggestion (empty without one). */
export function casesText(row: PlanRow, selection: Selection): string {
  return selection.cases.get(row.key) ?? (row.suggestedCases === undefined ? "" : String(row.suggestedCases));
}

/** Typed cases read: a whole number of cases, 0 or more; undefined when blank; NaN when not a whole number. */
export function readCases(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The cases a row's order would take: what was typed, or the suggestion; undefined when neither is a number. */
export function orderCases(row: PlanRow, selection: Selection): number | undefined {
  const typed = selection.cases.get(row.key);
  if (typed === undefined) return row.suggestedCases;
  const cases = readCases(typed);
  return cases === undefined || Number.isNaN(cases) ? undefined : cases;
}

/** A row whose typed cases cannot be read (not a whole number): the page marks the box. */
export function hasBadCases(row: PlanRow, selection: Selection): boolean {
  const typed = selection.cases.get(row.key);
  return typed !== undefined && Number.isNaN(readCases(typed) ?? 0);
}

/**
 * The picks for draftsOf: the ticked rows among `rows` (the ones in view), with the typed cases as units (whole cases
 * × the case size, which draftsOf takes back exactly). A ticked row left blank or unreadable goes with 0 units, so
 * draftsOf skips it and says why.
 *
 * @example
 * draftsOf(rows, picksOf(view, selection));
 */
export function picksOf(rows: readonly PlanRow[], selection: Selection): DraftPick[] {
  return rows
    .filter((row) => isTicked(row, selection))
    .map((row) => {
      if (!selection.cases.has(row.key)) return { key: row.key };
      return { key: row.key, units: (orderCases(row, selection) ?? 0) * row.unitsPerCase };
    });
}

/** A selection with one row ticked or not. */
export function withTick(selection: Selection, key: string, ticked: boolean): Selection {
  return { ...selection, ticked: new Map(selection.ticked).set(key, ticked) };
}

/** A selection with a row's cases typed; a positive number ticks the row (the person means to order it). */
export function withCases(selection: Selection, key: string, text: string): Selection {
  const cases = readCases(text);
  const ticked =
    cases !== undefined && !Number.isNaN(cases) && cases > 0
      ? new Map(selection.ticked).set(key, true)
      : selection.ticked;
  return { ticked, cases: new Map(selection.cases).set(key, text) };
}

/** A selection with rows unticked and their typed cases forgotten: the rows of drafts just made. */
export function withoutRows(selection: Selection, keys: Iterable<string>): Selection {
  const ticked = new Map(selection.ticked);
  const cases = new Map(selection.cases);
  for (const key of keys) {
    ticked.set(key, false);
    cases.delete(key);
  }
  return { ticked, cases };
}

const REASON_WORDS: Record<NoSuggestionReason, string> = {
  "unknown-product": "Not in the catalog",
  "no-status": "No product status",
  "inactive-product": "Not active",
  "no-stock-figure": "No stock figure",
  "no-sales-figure": "No sales figure",
  "no-sales": "Not selling",
  "no-vendor": "No vendor delivers here",
  "no-lead-time": "No lead time",
  "no-target": "No target days",
  "above-target": "Above target",
  "capped-to-zero": "At the maximum days",
};

/**
 * Why a row has no suggestion, in a few words for its cell ("Why?" gives the whole sentence): an inactive product
 * by its status.
 *
 * @example
 * reasonWords({ ...row, reason: "inactive-product", statusId: 0 }); // "Discontinued"
 */
export function reasonWords(row: Pick<PlanRow, "reason" | "statusId">): string | undefined {
  if (!row.reason) return undefined;
  if (row.reason === "inactive-product")
    return PRODUCT_STATUSES[row.statusId as keyof typeof PRODUCT_STATUSES] ?? REASON_WORDS[row.reason];
  return REASON_WORDS[row.reason];
}

const SKIP_WORDS: Record<SkipReason, string> = {
  "unknown-row": "not in the plan",
  "no-vendor": "no vendor delivers there",
  "no-arrival": "the vendor gives no lead time",
  "no-supplier": "its supplier is unknown",
  "no-quantity": "no cases to order",
};

/** Why a ticked row makes no line, in words. */
export function skipWords(reason: SkipReason): string {
  return SKIP_WORDS[reason];
}
