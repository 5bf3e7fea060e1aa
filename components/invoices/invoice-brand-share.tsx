import type { RecordOf } from "@/lib/data-api/client";
import { BRAND_SHARE_WHY, brandShare, type ShareLine } from "@/lib/domain/invoices/brand-share";
import { formatMoney, formatQuantity } from "@/lib/format/display";

type Invoice = RecordOf<"getInvoice">;

interface InvoiceBrandShareProps {
  invoice: Invoice;
  /** The brand's lines as the key reads them; undefined while they load. */
  lines: readonly ShareLine[] | undefined;
  /** Whether `lines` are all of the invoice's (one page of 500 holds them). */
  complete: boolean;
  /** The key's suppliers: a line of another is not the brand's. */
  supplierIds?: ReadonlySet<number>;
}

/**
 * A Supplier key's share of an invoice beside the invoice's own totals: what the brand's lines add up to (total,
 * units, cases), and why it differs (the invoice holds other brands' lines this key does not see).
 */
export function InvoiceBrandShare({ invoice, lines, complete, supplierIds }: InvoiceBrandShareProps) {
  if (!lines)
    return <span className="skeleton block h-24 w-full" role="status" aria-label="Loading the brand's lines" />;
  const share = brandShare(lines, supplierIds);
  const rows: [string, string, string][] = [
    ["Total (extended price)", formatMoney(share.total), formatMoney(invoice.TotalExtPrice ?? invoice.InvoiceTotal)],
    ["Units", formatQuantity(share.units), formatQuantity(invoice.TotalNumUnits)],
    ["Cases", formatQuantity(share.cases), formatQuantity(invoice.TotalCases)],
  ];
  return (
    <div className="space-y-2 text-sm">
      <table className="w-full tabular-nums">
        <caption className="sr-only">The brand&apos;s share of the invoice beside the whole invoice</caption>
        <thead>
          <tr>
            <th scope="col" className="text-left font-normal">
              <span className="sr-only">Figure</span>
            </th>
            <th scope="col" className="text-right font-semibold">
              This brand
            </th>
            <th scope="col" className="text-right font-semibold">
              Whole invoice
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, brand, whole]) => (
            <tr key={label}>
              <th scope="row" className="text-left font-normal">
                {label}
              </th>
              <td className="text-right" data-share={label}>
                {brand}
              </td>
              <td className="text-right">{whole}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-slate-700 dark:text-slate-300">
        {BRAND_SHARE_WHY} The brand&apos;s figures are the sum of its lines below.
        {share.incomplete > 0 &&
          (share.incomplete === 1
            ? " One line lacks a figure and adds nothing to it."
            : ` ${share.incomplete} lines lack a figure and add nothing to them.`)}
        {!complete && " The invoice has more lines than one page shows: the share covers the lines of this page."}
      </p>
    </div>
  );
}
