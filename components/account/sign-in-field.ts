/** The sign-in form's text fields. */
export const SIGN_IN_FIELD =
  "mt-1 w-full rounded border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-50";
