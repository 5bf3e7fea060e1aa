"use client";

import type { ReviewCount, reviewPlan } from "@/lib/ui/purchases/sheet-rows";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";
import { plural, TOUCH } from "./sheet-review-format";

interface SheetReviewActionsProps {
  plan: ReturnType<typeof reviewPlan>;
  count: ReviewCount;
  /** The lines the order has already. */
  used: number;
  onAdd: () => void;
  onCancel: () => void;
}

/**
 * The review's last step when its lines fit the order ("Add N lines", once every row is settled), or when they cannot
 * (a saved draft without room); a split into drafts has its own (`SheetDrafts`).
 */
export function SheetReviewActions({ plan, count, used, onAdd, onCancel }: SheetReviewActionsProps) {
  if (plan.kind === "add")
    return (
      <div className="space-y-2">
        {count.waiting > 0 && (
          <p className="text-sm">
            Choose a product, fix or leave out{" "}
            {count.waiting === 1 ? "the row above" : `each of the ${count.waiting} rows above`} to add the others.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={`${PRIMARY} ${TOUCH}`}
            disabled={count.waiting > 0 || count.ready === 0}
            onClick={onAdd}
          >
            Add {plural(count.ready, "line")}
          </button>
          <button type="button" className={`${BUTTON} ${TOUCH}`} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    );
  if (plan.kind === "too-many")
    return (
      <div className="space-y-2">
        <p role="note" className="text-sm">
          This draft has {plural(used, "line")}: {plan.room === 0 ? "no more fit" : `${plan.room} more fit`} in a
          purchase order (200 lines at most), and the sheet has {plural(count.ready, "line")} ready. A saved draft keeps
          its own number and lines: leave rows out, or start a new purchase order for the sheet, which splits it into
          several drafts.
        </p>
        <button type="button" className={`${BUTTON} ${TOUCH}`} onClick={onCancel}>
          Cancel
        </button>
      </div>
    );
  return null;
}
