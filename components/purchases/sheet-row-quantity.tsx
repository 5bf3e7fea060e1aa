"use client";

import type { ReviewEvent, RowDecision } from "@/lib/ui/purchases/sheet-review";
import { typedQuantity } from "@/lib/ui/purchases/sheet-rows";
import { FIELD_ERROR, fieldClass } from "@/lib/ui/styles";
import { TOUCH } from "./sheet-review-format";

interface SheetRowQuantityProps {
  line: number;
  decision: RowDecision;
  disabled: boolean;
  onDecide: (event: ReviewEvent) => void;
  ids: { quantity: string; kind: string };
}

/** A row's quantity typed again, and whether it counts cases or units. */
export function SheetRowQuantity({ line, decision, disabled, onDecide, ids }: SheetRowQuantityProps) {
  const typed =
    decision.quantity !== undefined ? typedQuantity(decision.quantity, decision.kind ?? "cases") : undefined;
  return (
    <div className="flex flex-wrap items-start gap-2">
      <div>
        <label htmlFor={ids.quantity} className="block font-semibold">
          Quantity, row {line}
        </label>
        <input
          id={ids.quantity}
          inputMode="decimal"
          value={decision.quantity ?? ""}
          disabled={disabled}
          aria-invalid={typed !== undefined && "problem" in typed}
          aria-describedby={typed && "problem" in typed ? `${ids.quantity}-problem` : undefined}
          onChange={(e) =>
            onDecide({ type: "quantity-typed", line, quantity: e.target.value, kind: decision.kind ?? "cases" })
          }
          className={fieldClass(typed !== undefined && "problem" in typed, `w-28 text-base sm:text-sm ${TOUCH}`)}
        />
        {typed && "problem" in typed && (
          <p id={`${ids.quantity}-problem`} className={FIELD_ERROR}>
            {typed.problem}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={ids.kind} className="block font-semibold">
          Counted in
        </label>
        <select
          id={ids.kind}
          value={decision.kind ?? "cases"}
          disabled={disabled}
          onChange={(e) =>
            onDecide({
              type: "quantity-typed",
              line,
              quantity: decision.quantity ?? "",
              kind: e.target.value === "units" ? "units" : "cases",
            })
          }
          className={fieldClass(false, `text-base sm:text-sm ${TOUCH}`)}
        >
          <option value="cases">cases</option>
          <option value="units">units</option>
        </select>
      </div>
    </div>
  );
}
