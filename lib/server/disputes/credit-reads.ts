import "server-only";
import type { RecordOf } from "@/lib/data-api/client";
import type { CreditMemo } from "@/lib/domain/disputes/resolution";
import { idBatches } from "@/lib/domain/today/requests";
import { addDays } from "@/lib/format/days";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import type { Walk } from "../order-guide/match-reads";

/**
 * What the credit matcher reads of the Data API (`match-job.ts`), with the key that reads the stores: their credit
 * memos and returns (invoices in status 4, Returned) since the day before their oldest dispute not resolved
 * (`CustomerIDs`, 400 a request), then those credits' lines (`InvoiceIDs`, 400 a request), every page of 500.
 */

/** Credit memos and returns only: the API's default is New invoices (1). */
const RETURNED = "4";

type InvoiceRecord = Partial<RecordOf<"listInvoices">>;
type LineRecord = Partial<RecordOf<"listInvoiceTransactions">>;

/** The stores' credits since `since` (ISO; a day earlier, so a time zone never hides one), with their lines. */
export async function readCredits(walk: Walk, customerIds: Iterable<number>, since: string): Promise<CreditMemo[]> {
  const StartDate = addDays(since.slice(0, 10), -1);
  const invoices: InvoiceRecord[] = [];
  for (const CustomerIDs of idBatches(customerIds))
    invoices.push(
      ...((await walk({
        operation: "listInvoices",
        query: { CustomerIDs, StartDate, Statuses: RETURNED },
      })) as InvoiceRecord[]),
    );
  const credits = invoices.filter(
    (i) => typeof i.InvoiceID === "number" && typeof i.CustomerID === "number" && i.Status === 4,
  );
  const lines: LineRecord[] = [];
  for (const InvoiceIDs of idBatches(credits.map((c) => c.InvoiceID as number)))
    lines.push(
      ...((await walk({
        operation: "listInvoiceTransactions",
        query: { InvoiceIDs, Statuses: RETURNED },
      })) as LineRecord[]),
    );
  return credits.map((c) => ({
    invoiceId: c.InvoiceID as number,
    invoiceNum: c.InvoiceNum ?? String(c.InvoiceID),
    customerId: c.CustomerID as number,
    reference: c.PONum ?? null,
    memo: c.Memo ?? null,
    createdAt: c.InvoiceTimeCreated ?? c.Date ?? "",
    lines: lines.flatMap((l) => {
      if (l.InvoiceID !== c.InvoiceID || typeof l.InvoiceTransID !== "number" || typeof l.ProductID !== "number")
        return [];
      const amount = typeof l.ExtPrice === "string" ? parseDecimal(l.ExtPrice) : undefined;
      return amount === undefined || amount === 0n
        ? []
        : [
            {
              invoiceLineId: l.InvoiceTransID,
              productId: l.ProductID,
              amount: toDecimalString(amount < 0n ? -amount : amount, 6),
            },
          ];
    }),
  }));
}
