/**
 * How open invoices are read in order and how late each is: small and browser-safe, so a page that lists invoices
 * (the customer page, the payments page) takes these without the allocation form's rules or the collections' model.
 */

/**
 * Open invoices oldest due first (one without a due date last), then by number: the order people pay in.
 *
 * @example
 * byDueDate([{ InvoiceNum: "B", DueDate: "2026-11-20" }, { InvoiceNum: "A", DueDate: "2026-11-05" }]); // A, B
 */
export function byDueDate<T extends { DueDate?: string | null; InvoiceNum?: string | null }>(
  invoices: readonly T[],
): T[] {
  return [...invoices].sort(
    (a, b) =>
      (a.DueDate ?? "9999").localeCompare(b.DueDate ?? "9999") ||
      (a.InvoiceNum ?? "").localeCompare(b.InvoiceNum ?? ""),
  );
}

/**
 * Days past due on a given day (0 when not yet due), counting calendar days of the due date the API names.
 *
 * @example
 * daysOverdue("2026-11-01T00:00:00.000Z", "2026-11-21"); // 20
 */
export function daysOverdue(dueDate: string | undefined, today: string): number {
  if (!dueDate || !/^\d{4}-\d{2}-\d{2}/.test(dueDate)) return 0;
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate.slice(0, 10)}T00:00:00Z`)) / 86_400_000;
  return Number.isFinite(days) && days > 0 ? days : 0;
}
