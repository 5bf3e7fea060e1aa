"use client";

import { useId } from "react";
import { DISPUTE_REASONS, type DisputeReason, type InvoicedLine, REASON_WORDS } from "@/lib/domain/disputes/dispute";
import { formatMoney, formatQuantity } from "@/lib/format/display";
import { type PricedDraft, stepUnits } from "@/lib/ui/disputes/dispute-draft";
import { BUTTON, FIELD_ERROR, fieldClass } from "@/lib/ui/styles";

interface ReportLineProps {
  line: InvoicedLine;
  /** The line's draft once a reason is picked, priced. */
  draft: PricedDraft | undefined;
  /** The store's price of the product on the invoice's day (`/customerPricing`), when the API has one. */
  offeredPrice: string | undefined;
  /** The server's field errors on this line, by field. */
  errors: Record<string, string> | undefined;
  disabled: boolean;
  onReason: (reason: DisputeReason | undefined) => void;
  onChange: (change: Partial<Pick<PricedDraft, "units" | "expectedPrice" | "note">>) => void;
}

/**
 * One invoice line in "Report a problem": one tap picks its reason (a second tap on it takes the line out), then its
 * units on a stepper (never past invoiced), the price expected for a wrong price (the store's agreed price offered), a
 * note, and what the line is worth, as the server will count it.
 */
export function ReportLine({ line, draft, offeredPrice, errors, disabled, onReason, onChange }: ReportLineProps) {
  const id = useId();
  const unitsError = errors?.units ?? (draft?.problem && !/price/i.test(draft.problem) ? draft.problem : undefined);
  // An expected price not typed yet is no error: the line is simply not counted until it is.
  const typed = Boolean(draft?.expectedPrice.trim());
  const priceError =
    errors?.expectedPrice ?? (typed && draft?.problem && /price/i.test(draft.problem) ? draft.problem : undefined);
  // The agreed price is offered where it is below the invoiced one: at or above it there is nothing to claim.
  const agreedBelow = offeredPrice !== undefined && Number(offeredPrice) < Number(line.unitPrice);
  const lineError = errors?.invoiceLineId;
  return (
    <li
      className={`space-y-3 rounded border p-3 ${draft ? "border-amber-600 bg-amber-50/60 dark:bg-amber-950/40" : "border-slate-300 dark:border-slate-600"}`}
      data-line={line.invoiceLineId}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold" id={`${id}-name`}>
          {line.productName}
        </span>
        <span className="text-sm text-slate-700 dark:text-slate-300">
          {formatQuantity(line.units)} units · {formatMoney(line.unitPrice)} a unit
          {line.batchCode ? ` · batch ${line.batchCode}` : ""}
        </span>
      </div>
      <fieldset className="min-w-0">
        <legend className="sr-only">What is wrong with {line.productName}</legend>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {DISPUTE_REASONS.map((reason) => (
            <button
              key={reason}
              type="button"
              disabled={disabled}
              aria-pressed={draft?.reason === reason}
              aria-label={`${REASON_WORDS[reason]}: ${line.productName}`}
              onClick={() => onReason(draft?.reason === reason ? undefined : reason)}
              className={`${BUTTON} min-h-11 ${draft?.reason === reason ? "border-amber-700 bg-amber-200 font-semibold text-amber-950 hover:bg-amber-200 dark:bg-amber-800 dark:text-amber-50" : ""}`}
            >
              {REASON_WORDS[reason]}
            </button>
          ))}
        </div>
      </fieldset>
      {lineError && <p className={FIELD_ERROR}>{lineError}</p>}
      {draft && (
        <div className="grid gap-3 sm:grid-cols-[auto_auto_minmax(0,1fr)] sm:items-start">
          <div>
            <label htmlFor={`${id}-units`} className="block text-sm font-medium">
              Units {draft.reason === "wrong-price" ? "at the wrong price" : draft.reason === "short" ? "short" : ""}
            </label>
            <div className="mt-1 flex items-center gap-1">
              <button
                type="button"
                className={`${BUTTON} min-h-11 min-w-11`}
                aria-label={`One unit fewer of ${line.productName}`}
                disabled={disabled}
                onClick={() => onChange({ units: stepUnits(draft.units, -1, line.units) })}
              >
                −
              </button>
              <input
                id={`${id}-units`}
                inputMode="numeric"
                className={fieldClass(Boolean(unitsError), "w-20 text-right")}
                value={draft.units}
                disabled={disabled}
                aria-invalid={Boolean(unitsError)}
                aria-describedby={unitsError ? `${id}-units-error` : undefined}
                onChange={(e) => onChange({ units: e.target.value })}
              />
              <button
                type="button"
                className={`${BUTTON} min-h-11 min-w-11`}
                aria-label={`One unit more of ${line.productName}`}
                disabled={disabled}
                onClick={() => onChange({ units: stepUnits(draft.units, 1, line.units) })}
              >
                +
              </button>
            </div>
            <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">of {formatQuantity(line.units)} invoiced</p>
            {unitsError && (
              <p id={`${id}-units-error`} className={FIELD_ERROR}>
                {unitsError}
              </p>
            )}
          </div>
          {draft.reason === "wrong-price" && (
            <div>
              <label htmlFor={`${id}-price`} className="block text-sm font-medium">
                Unit price expected
              </label>
              <input
                id={`${id}-price`}
                inputMode="decimal"
                className={fieldClass(Boolean(priceError), "mt-1 w-28 text-right")}
                value={draft.expectedPrice}
                placeholder="12.50"
                disabled={disabled}
                aria-invalid={Boolean(priceError)}
                aria-describedby={priceError ? `${id}-price-error` : undefined}
                onChange={(e) => onChange({ expectedPrice: e.target.value })}
              />
              {agreedBelow && draft.expectedPrice !== offeredPrice && (
                <button
                  type="button"
                  className="link mt-1 block min-h-11 text-left text-sm"
                  onClick={() => onChange({ expectedPrice: offeredPrice })}
                >
                  Your agreed price that day: {formatMoney(offeredPrice)}
                </button>
              )}
              {offeredPrice !== undefined && !agreedBelow && (
                <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                  Your agreed price that day was {formatMoney(offeredPrice)}, as invoiced.
                </p>
              )}
              {priceError && (
                <p id={`${id}-price-error`} className={FIELD_ERROR}>
                  {priceError}
                </p>
              )}
            </div>
          )}
          <div className={draft.reason === "wrong-price" ? "sm:col-span-3" : "sm:col-span-2"}>
            <label htmlFor={`${id}-note`} className="block text-sm font-medium">
              Note (optional)
            </label>
            <textarea
              id={`${id}-note`}
              rows={2}
              className={fieldClass(Boolean(errors?.note), "mt-1 w-full")}
              value={draft.note}
              disabled={disabled}
              onChange={(e) => onChange({ note: e.target.value })}
            />
            {errors?.note && <p className={FIELD_ERROR}>{errors.note}</p>}
          </div>
          <p className="text-sm font-semibold sm:col-span-3" aria-live="polite">
            {draft.amount !== undefined ? `${formatMoney(draft.amount)} on this line` : "Not counted yet"}
          </p>
        </div>
      )}
    </li>
  );
}
