import "server-only";
import type { DataApiClient, RecordOf } from "@/lib/data-api/client";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { apiWalkOptions, callApi } from "@/lib/domain/api-query";
import type { InvoicedLine } from "@/lib/domain/disputes/dispute";
import { addDays } from "@/lib/format/days";
import { toExactDecimalString, parseDecimal } from "@/lib/format/decimal";

/**
 * What raising a dispute reads of the Data API, with the asker's own key (so a store reads only its own invoices): the
 * invoice (by its id, one request; or found by its number among the key's invoices of the last `FIND_DAYS` days), and
 * its lines (`/invoiceTransactions/{id}`).
 */

/** How far back an invoice is looked for by its number alone (the pages send its id too, one request). */
export const FIND_DAYS = 120;
const FIND_PAGES = 10;
/** Every status but Returned (4): a credit memo is not disputed. */
const DISPUTABLE = "1,2,3,5,7";

export type InvoiceRecord = Partial<RecordOf<"listInvoices">>;

/** The invoice by id (undefined when the key does not read it), or by number among the key's recent invoices. */
export async function readInvoice(
  api: DataApiClient,
  ask: { invoiceNum: string; invoiceId?: number },
  today: string,
  signal?: AbortSignal,
): Promise<InvoiceRecord | undefined> {
  if (ask.invoiceId !== undefined) {
    try {
      const { records } = await callApi(
        api,
        { operation: "getInvoice", path: { invoiceID: ask.invoiceId } },
        { signal },
      );
      return (records as InvoiceRecord[])[0];
    } catch (error) {
      if (error instanceof DataApiError && error.status === 404) return undefined;
      throw error;
    }
  }
  const walked = await apiWalkOptions(
    api,
    { operation: "listInvoices", query: { Statuses: DISPUTABLE, StartDate: addDays(today, -FIND_DAYS) } },
    0,
    FIND_PAGES,
  ).queryFn({ signal: signal ?? new AbortController().signal });
  return (walked.records as InvoiceRecord[]).find((i) => i.InvoiceNum?.trim() === ask.invoiceNum);
}

type LineRecord = Partial<RecordOf<"listInvoiceTransactions">>;

/** An invoice's lines as a dispute checks them (those without an id or a product are left out). */
export async function readInvoicedLines(
  api: DataApiClient,
  invoiceId: number,
  signal?: AbortSignal,
): Promise<InvoicedLine[]> {
  const walked = await apiWalkOptions(
    api,
    { operation: "listInvoiceTransactionsOfInvoice", path: { invoiceID: invoiceId } },
    0,
    10,
  ).queryFn({ signal: signal ?? new AbortController().signal });
  return (walked.records as LineRecord[]).flatMap((l) => {
    if (typeof l.InvoiceTransID !== "number" || typeof l.ProductID !== "number") return [];
    const price = typeof l.UnitPrice === "string" ? parseDecimal(l.UnitPrice) : undefined;
    return [
      {
        invoiceLineId: l.InvoiceTransID,
        productId: l.ProductID,
        productName: typeof l.ProductName === "string" ? l.ProductName : `Product ${l.ProductID}`,
        supplierId: typeof l.SupplierID === "number" ? l.SupplierID : null,
        units: typeof l.NumUnits === "number" ? l.NumUnits : 0,
        cases: typeof l.Cases === "string" ? l.Cases : "0",
        unitPrice: toExactDecimalString(price ?? 0n),
        batchCode: typeof l.BatchCode === "string" ? l.BatchCode : "",
        coaUrl: typeof l.COA_URL === "string" ? l.COA_URL : null,
      },
    ];
  });
}
