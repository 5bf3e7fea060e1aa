"use client";

/** Loads the address again: the offline page is shown at the address that could not be reached. */
export function TryAgainButton() {
  return (
    <button
      type="button"
      onClick={() => window.location.reload()}
      className="inline-flex min-h-11 items-center rounded border border-slate-400 px-4 font-semibold hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800"
    >
      Try again
    </button>
  );
}
