/** The Menus page's text fields: a 44 px touch target, as wide as a phone allows. */
export const MENU_FIELD =
  "mt-1 block min-h-11 w-full max-w-md rounded border border-slate-500 bg-white px-2 text-base font-normal dark:border-slate-400 dark:bg-slate-900";
