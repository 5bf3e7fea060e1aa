"use client";

import Link from "next/link";
import { RecordLink } from "@/components/table/record-link";
import { TableFrame } from "@/components/table/table-frame";
import { MISSING, formatMoney } from "@/lib/format/display";
import type { BucketInvoice, Listed } from "@/lib/domain/ar-aging/aging";

/** What the panel shows: one bucket (or the open credit) of one line (a row, or all rows), with its invoices. */
export interface PanelContent {
  /** Whose bucket: "Acme Retail, Supplier 7", or "All AR accounts". */
  owner: string;
  bucket: Listed;
  /** The bucket's amount as the report shows it. */
  amount: string;
  invoices: BucketInvoice[];
  /** Entries the API listed that the report could not read as invoices (credit invoices' shape is not documented). */
  unread?: number;
  /** Invoices behind the amount that are too many to list here (a whole aging's total): how many. */
  unlisted?: number;
  /** The total's panel: each invoice's AR account and supplier, by name. */
  rowsOf?: (invoice: BucketInvoice) => { account: string; supplier: string; supplierId?: number };
}

interface BucketInvoicesTableProps {
  content: PanelContent;
  /** The table's name: the bucket's invoices, or the credit invoices. */
  listName: string;
  /** The exact sum of the invoices' open balances. */
  sum: string;
}

/** A bucket's invoices, each linked to its page (with its AR account and supplier in the total's panel), and their sum. */
export function BucketInvoicesTable({ content, listName, sum }: BucketInvoicesTableProps) {
  return (
    <TableFrame label={listName}>
      <table className="data-table">
        <caption className="sr-only">
          {listName}, {content.owner}
        </caption>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            {content.rowsOf && (
              <>
                <th scope="col">AR account</th>
                <th scope="col">Supplier</th>
              </>
            )}
            <th scope="col" className="numeric">
              Open balance
            </th>
          </tr>
        </thead>
        <tbody>
          {content.invoices.map((invoice, index) => {
            const label = invoice.invoiceNum ?? (invoice.invoiceId !== undefined ? String(invoice.invoiceId) : MISSING);
            const owner = content.rowsOf?.(invoice);
            return (
              <tr
                key={`${invoice.invoiceId ?? invoice.invoiceNum}:${invoice.arAccountId}:${invoice.supplierId}:${index}`}
              >
                <td>
                  {invoice.invoiceId !== undefined ? (
                    <Link className="link" prefetch={false} href={`/invoices/${invoice.invoiceId}` as never}>
                      {label}
                    </Link>
                  ) : (
                    label
                  )}
                </td>
                {owner && (
                  <>
                    <td>{owner.account}</td>
                    <td>
                      <RecordLink kind="SupplierIDs" id={owner.supplierId}>
                        {owner.supplier}
                      </RecordLink>
                    </td>
                  </>
                )}
                <td className="numeric">{formatMoney(invoice.openBalance)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={content.rowsOf ? 3 : 1}>
              Total
            </th>
            <td className="numeric font-semibold">{formatMoney(sum)}</td>
          </tr>
        </tfoot>
      </table>
    </TableFrame>
  );
}
