import type { QuantityKind } from "@/lib/domain/purchases/draft";
import type { SheetRow } from "@/lib/domain/purchases/sheet-import";

/**
 * A spreadsheet's rows under review in the purchase-order editor: the rows as `readSheet` read them
 * and the person's decision on each row it could not settle. Only the state and its one change live here, light
 * enough for the editor's reducer; what a review means (each row's outcome, the count, the lines, the drafts) is
 * `sheet-rows.ts`, loaded with the review itself.
 */

/** Where the rows came from: the paste box, a file, or a paste into a line's field (`at`: that line). */
export type SheetSource = { kind: "paste" } | { kind: "upload"; fileName: string } | { kind: "line"; at: string };

/** What the person decided for a row the sheet did not settle. Absent fields: not decided. */
export interface RowDecision {
  productId?: number;
  /** The quantity typed again, and what it counts. */
  quantity?: string;
  kind?: QuantityKind;
  /** The expiration typed again ("" for none). */
  expirationDate?: string;
  leftOut?: boolean;
}

export interface SheetReview {
  source: SheetSource;
  rows: SheetRow[];
  /** The person's decisions, by the row's line in the sheet. */
  decisions: Record<number, RowDecision>;
  /** Its drafts are being made (several purchase orders): the editor waits, and the decisions hold. */
  drafting?: boolean;
}

export type ReviewEvent =
  | { type: "product-chosen"; line: number; productId: number | undefined }
  | { type: "quantity-typed"; line: number; quantity: string; kind: QuantityKind }
  | { type: "expiration-typed"; line: number; value: string }
  | { type: "left-out"; line: number; leftOut: boolean };

/** The person's decision on one row (the review is never changed in place). */
export function reviewReducer(review: SheetReview, event: ReviewEvent): SheetReview {
  const decided = (changes: RowDecision): SheetReview => ({
    ...review,
    decisions: { ...review.decisions, [event.line]: { ...review.decisions[event.line], ...changes } },
  });
  switch (event.type) {
    case "product-chosen":
      return decided({ productId: event.productId });
    case "quantity-typed":
      return decided({ quantity: event.quantity, kind: event.kind });
    case "expiration-typed":
      return decided({ expirationDate: event.value });
    case "left-out":
      return decided({ leftOut: event.leftOut });
  }
}
