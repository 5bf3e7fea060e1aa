"use client";

import type { UseFormRegisterReturn } from "react-hook-form";

interface AllocationAmountFieldProps {
  field: UseFormRegisterReturn;
  invoiceNum: string;
  hintId: string;
  error?: string;
}

/** An invoice's amount to allocate, with its error beneath. */
export function AllocationAmountField({ field, invoiceNum, hintId, error }: AllocationAmountFieldProps) {
  return (
    <>
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
      {error && (
        <p id={hintId} className="mt-1 max-w-xs text-xs font-semibold text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </>
  );
}
