import { type ApiRequest, STALE } from "@/lib/domain/api-query";

/** The requests of an invoice's page: the invoice, its lines (500 a page) and its certificates of analysis. */
export function invoiceRequests(invoiceId: number, linesPage = 1) {
  return {
    invoice: { operation: "getInvoice", path: { invoiceID: invoiceId } } satisfies ApiRequest<"getInvoice">,
    lines: {
      operation: "listInvoiceTransactionsOfInvoice",
      path: { invoiceID: invoiceId },
      query: { Page: String(linesPage), PageSize: "500" },
    } satisfies ApiRequest<"listInvoiceTransactionsOfInvoice">,
    coas: {
      operation: "listInvoiceCOAsOfInvoice",
      path: { invoiceID: invoiceId },
      query: { Page: "1", PageSize: "500" },
    } satisfies ApiRequest<"listInvoiceCOAsOfInvoice">,
    staleTime: STALE.working,
  };
}
