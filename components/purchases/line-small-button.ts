/** The grid's small buttons: a line's actions and a product among those that share a number. */
export const SMALL_BUTTON =
  "rounded border border-slate-400 px-2 py-1 text-xs font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-500 dark:hover:bg-slate-800";
