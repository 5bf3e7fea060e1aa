/** Rows a page of a list drawn from rows already held (a snapshot, a walked list) shows. */
export const ROWS_PER_PAGE = 50;

/**
 * One page of rows already in order: its rows, its number (the last page when asked past it) and the count of pages.
 *
 * @example
 * pageOf(listedRows, 3); // { rows: [...50 rows], page: 3, pages: 12 }
 */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  size = ROWS_PER_PAGE,
): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const shown = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((shown - 1) * size, shown * size), page: shown, pages };
}
