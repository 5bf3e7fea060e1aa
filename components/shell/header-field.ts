/**
 * The classes of a labelled control in the header (workspace, key, theme): in the phone's menu a label over a
 * full-width select of 44 px and 16 px text (a phone zooms into smaller), at `md` and up inline and small as before.
 */
export const HEADER_FIELD = "flex min-w-0 flex-col gap-1 text-sm md:flex-row md:items-center md:text-xs";
export const HEADER_SELECT =
  "min-h-11 w-full min-w-0 truncate rounded border border-slate-400 bg-white px-2 text-base md:min-h-0 md:w-auto md:max-w-56 md:px-1 md:py-0.5 md:text-xs dark:bg-slate-900";
export const HEADER_LABEL = "font-semibold whitespace-nowrap text-slate-800 md:font-normal dark:text-slate-200";

/** The person's part of the header: their name over their links in the phone's menu, one small row at a desk. */
export const PERSON_MENU = "flex flex-col gap-1 text-sm md:flex-row md:items-center md:gap-3 md:text-xs";
export const PERSON_LINKS = "flex flex-wrap items-center gap-x-4 md:gap-x-3";
/** A link of the person's: 44 px high on a phone (WCAG 2.5.5), as small as its text at a desk. */
export const PERSON_LINK = "link inline-flex min-h-11 items-center whitespace-nowrap md:min-h-0";
