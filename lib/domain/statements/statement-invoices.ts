import { addDecimals, compareDecimals, subtractDecimal } from "@/lib/format/decimal";
import { amountsOf, BUCKETS, creditInvoicesOf, decimalOf, sumAmounts } from "@/lib/domain/ar-aging/aging";
import { calendarDay, text } from "./statement-fields";
import type {
  Aged,
  AgingRecord,
  InvoiceRecord,
  OpenInvoiceRecord,
  Statement,
  StatementChange,
  StatementInvoice,
} from "./statement-types";

/** An invoice of the aging, its open balance in parts (one per supplier's row). */
type MergedInvoice = { invoiceId?: number; invoiceNum: string; parts: string[]; aged: Aged };

/** The aging's invoices merged across the account's suppliers, and how many credit entries could not be read. */
function mergeAgingInvoices(rows: readonly AgingRecord[]): { merged: MergedInvoice[]; unread: number } {
  const merged = new Map<string, MergedInvoice>();
  const add = (ref: { invoiceId?: number; invoiceNum?: string; openBalance: string }, aged: Aged) => {
    const invoiceNum = ref.invoiceNum ?? (ref.invoiceId !== undefined ? `Invoice ${ref.invoiceId}` : undefined);
    if (!invoiceNum) return;
    const key = ref.invoiceId !== undefined ? `id:${ref.invoiceId}` : `num:${invoiceNum}`;
    const entry = merged.get(key) ?? { invoiceId: ref.invoiceId, invoiceNum, parts: [], aged };
    entry.parts.push(ref.openBalance);
    merged.set(key, entry);
  };
  let unread = 0;
  for (const row of rows) {
    for (const bucket of BUCKETS) {
      for (const ref of (row[bucket.invoices] ?? []) as {
        InvoiceID?: number | null;
        InvoiceNum?: string | null;
        OpenBalance?: string | null;
      }[]) {
        add(
          {
            invoiceId: ref.InvoiceID ?? undefined,
            invoiceNum: text(ref.InvoiceNum),
            openBalance: decimalOf(ref.OpenBalance),
          },
          bucket.id,
        );
      }
    }
    const credits = creditInvoicesOf(row);
    unread += credits.unread;
    // A credit's balance may be sent positive (the documentation does not show its shape): it counts negative.
    for (const ref of credits.invoices)
      add(
        {
          ...ref,
          openBalance:
            compareDecimals(ref.openBalance, "0") > 0 ? subtractDecimal("0", ref.openBalance) : ref.openBalance,
        },
        "credit",
      );
  }
  return { merged: [...merged.values()], unread };
}

/**
 * The account's aging at the close, summed over its suppliers, and every invoice it lists with its details (open
 * now, else as `/invoices` gives it), oldest due first. What could not be read, or does not add up, is noted.
 *
 * @example
 * const { aging, invoices, invoicesTotal } = agedInvoices(rows, openById, input.invoices, notes);
 */
export function agedInvoices(
  rows: readonly AgingRecord[],
  openById: ReadonlyMap<number, OpenInvoiceRecord>,
  details: readonly InvoiceRecord[],
  notes: string[],
): Pick<Statement, "aging" | "invoices" | "invoicesTotal"> {
  const summed = sumAmounts(rows.map(amountsOf));
  const { merged, unread } = mergeAgingInvoices(rows);
  if (unread > 0)
    notes.push(
      `${unread} of the aging's credit entries could not be read (the API does not document their shape): the balance outstanding includes them, the list of invoices does not.`,
    );
  const detailsById = new Map(details.flatMap((i) => (i.InvoiceID != null ? [[i.InvoiceID, i] as const] : [])));
  const invoices: StatementInvoice[] = merged.map((entry) => {
    const detail =
      entry.invoiceId !== undefined ? (openById.get(entry.invoiceId) ?? detailsById.get(entry.invoiceId)) : undefined;
    return {
      invoiceId: entry.invoiceId,
      invoiceNum: entry.invoiceNum,
      date: calendarDay(detail?.Date),
      dueDate: calendarDay(detail?.DueDate),
      poNum: text(detail?.PONum),
      total: detail?.InvoiceTotal != null ? decimalOf(detail.InvoiceTotal) : undefined,
      openBalance: addDecimals(...entry.parts),
      aged: entry.aged,
    };
  });
  invoices.sort(
    (a, b) =>
      (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") ||
      a.invoiceNum.localeCompare(b.invoiceNum, "en", { numeric: true }),
  );
  const invoicesTotal = addDecimals(...invoices.map((i) => i.openBalance));
  const aging = { buckets: summed.buckets, openCredit: summed.openCredit, total: summed.total };
  if (unread === 0 && compareDecimals(invoicesTotal, aging.total) !== 0) {
    notes.push(
      "The aging's invoices do not add up to its balance outstanding: the statement lists them as the API sent them.",
    );
  }
  return { aging, invoices, invoicesTotal };
}

/**
 * Since the close: every invoice whose open balance now is not the close's, and those made since, by number.
 *
 * @example
 * sinceCloseChanges(invoices, open, openById); // [{ invoiceNum: "INV-1", atClose: "120.00", now: "0" }]
 */
export function sinceCloseChanges(
  invoices: readonly StatementInvoice[],
  open: readonly OpenInvoiceRecord[],
  openById: ReadonlyMap<number, OpenInvoiceRecord>,
): StatementChange[] {
  const changes: StatementChange[] = [];
  const atClose = new Map(
    invoices.map((i) => [i.invoiceId !== undefined ? `id:${i.invoiceId}` : `num:${i.invoiceNum}`, i]),
  );
  for (const i of invoices) {
    const now = i.invoiceId !== undefined ? openById.get(i.invoiceId) : undefined;
    const balance = now ? decimalOf(now.OpenBalance) : "0";
    if (compareDecimals(balance, i.openBalance) !== 0)
      changes.push({ invoiceId: i.invoiceId, invoiceNum: i.invoiceNum, atClose: i.openBalance, now: balance });
  }
  for (const i of open) {
    if (i.InvoiceID == null || atClose.has(`id:${i.InvoiceID}`)) continue;
    changes.push({
      invoiceId: i.InvoiceID,
      invoiceNum: text(i.InvoiceNum) ?? `Invoice ${i.InvoiceID}`,
      now: decimalOf(i.OpenBalance),
    });
  }
  changes.sort((a, b) => a.invoiceNum.localeCompare(b.invoiceNum, "en", { numeric: true }));
  return changes;
}
