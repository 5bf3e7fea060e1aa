/**
 * Class names shared by the dashboard's controls, so buttons and fields look and behave the same on every page
 * (contrast checked in both themes by the browser tests' axe runs).
 */

/** A secondary button. */
export const BUTTON =
  "rounded border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-500 dark:hover:bg-slate-800";

/** The primary button of a form or step. */
export const PRIMARY =
  "rounded bg-sky-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-sky-900 disabled:opacity-60 dark:bg-sky-300 dark:text-slate-950 dark:hover:bg-sky-200";

/** A button that destroys something (after a confirmation). */
export const DANGER =
  "rounded bg-red-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-900 disabled:opacity-60 dark:bg-red-300 dark:text-red-950 dark:hover:bg-red-200";

/** A text field, select or date input; red-bordered when its value has a problem. */
export function fieldClass(invalid: boolean, extra = ""): string {
  return `rounded border bg-white px-2 py-1 text-sm disabled:bg-slate-100 disabled:text-slate-600 dark:bg-slate-900 dark:disabled:bg-slate-800 dark:disabled:text-slate-400 ${invalid ? "border-red-700 dark:border-red-400" : "border-slate-400"} ${extra}`.trim();
}

/** The message under a field with a problem. */
export const FIELD_ERROR = "mt-1 text-xs font-semibold text-red-800 dark:text-red-300";
