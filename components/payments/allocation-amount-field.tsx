"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { BUTTON } from "@/lib/ui/styles";

interface AllocationAmountFieldProps {
  field: UseFormRegisterReturn;
  invoiceNum: string;
  hintId: string;
  error?: string;
  /** Types all the invoice can take (or the rest of the credit); no button when it can take nothing. */
  onFill?: () => void;
}

/** An invoice's amount to allocate, with "Fill" beside it and its error beneath. */
export function AllocationAmountField({ field, invoiceNum, hintId, error, onFill }: AllocationAmountFieldProps) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-2">
        <input
          {...field}
          inputMode="decimal"
          autoComplete="off"
          aria-label={`Amount for invoice ${invoiceNum}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? hintId : undefined}
          placeholder="0.00"
          className={`w-32 rounded border bg-white px-2 py-1 text-right text-sm tabular-nums dark:bg-slate-900 ${error ? "border-red-700 dark:border-red-400" : "border-slate-400"}`}
        />
        {onFill && (
          <button
            type="button"
            className={BUTTON}
            onClick={onFill}
            aria-label={`Fill invoice ${invoiceNum}: all it can take, or the credit left`}
          >
            Fill
          </button>
        )}
      </span>
      {error && (
        <p id={hintId} className="mt-1 max-w-sm text-xs font-semibold text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </>
  );
}
