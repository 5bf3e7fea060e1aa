/** The scripted browsing session of the proxy benchmarks (bench:proxy, bench:scale): paths under `/api/v1`. */

/** A 50-row page of invoices, filtered as the invoices page filters. */
export const INVOICE_PAGE = "/invoices?Statuses=1,2,3,4,5,7&StartDate=2025-06-01&PageSize=50";

/**
 * A few minutes of using the dashboard, compressed: each page load asks for its list and the reference lists it shows
 * (states, warehouses), and the person goes back and forth between pages.
 */
export function browsingSession(ids: { invoice: number; otherInvoice: number; customer: number }): string[] {
  const invoices = (page: number) => `${INVOICE_PAGE}&Page=${page}`;
  const layout = ["/states", "/locations"];
  return [
    ...layout, invoices(1), // open the invoices page
    invoices(2), // page 2
    invoices(1), // back to page 1
    `/invoices/${ids.invoice}`, `/invoiceTransactions/${ids.invoice}`, ...layout, // an invoice's detail and lines
    invoices(1), "/locations", // back to the list
    "/payments?PageSize=50", "/payments/types", "/states", // payments
    "/payments/openInvoices?PageSize=50", "/locations", // open invoices
    "/arAging?PageSize=50", "/states", // AR aging
    "/customers?PageSize=50", ...layout, // customers, page 1
    "/customers?PageSize=50&Page=2", "/customers?PageSize=50", // page 2 and back
    `/customers/${ids.customer}`, `/customers/creditTerms?CustomerIDs=${ids.customer}`, // one customer
    "/products?PageSize=50", "/productCategories", "/states", // products
    invoices(1), "/locations", // back to invoices
    `/invoices/${ids.invoice}`, `/invoiceTransactions/${ids.invoice}`, // the same invoice again
    "/arAging?PageSize=50", "/states", // AR aging again
    "/payments?PageSize=50", "/payments/types", // payments again
    "/payments/openInvoices?PageSize=50", // open invoices again
    `/invoices/${ids.otherInvoice}`, `/invoiceTransactions/${ids.otherInvoice}`, // another invoice
    "/products?PageSize=50&Page=2", "/products?PageSize=50", "/productCategories", // products, page 2 and back
  ];
}
