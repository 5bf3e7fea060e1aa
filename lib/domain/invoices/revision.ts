/**
 * The words for an invoice whose update is in progress (`RevisionStatus`: Submitted, Importing or Accepted while an
 * update made in the ordering web application is being applied; null otherwise), one set for the invoice's page, its
 * lines and the invoice list.
 */

/** The mark's classes: amber, like the page's revision notice (contrast checked by axe in both themes). */
export const REVISION_BADGE =
  "ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-950 dark:bg-amber-900 dark:text-amber-50";

/**
 * The short mark shown beside an invoice or a line: "Revision Importing"; undefined when no update is in progress.
 *
 * @example
 * revisionMark("Importing"); // "Revision Importing"
 * revisionMark(null); // undefined
 */
export function revisionMark(status: string | null | undefined): string | undefined {
  return status ? `Revision ${status}` : undefined;
}

/**
 * The sentence that explains the mark: what is in progress, since when (as the caller formats it), and what it means
 * for the figures shown.
 *
 * @example
 * revisionNotice("Importing", "Nov 20, 2026, 9:14 AM"); // "A revision of this invoice is in progress (Importing, since Nov 20, 2026, 9:14 AM): values may not reflect the latest update."
 */
export function revisionNotice(status: string, since?: string): string {
  return `A revision of this invoice is in progress (${status}${since ? `, since ${since}` : ""}): values may not reflect the latest update.`;
}
