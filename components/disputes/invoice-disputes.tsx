"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { STATUS_WORDS } from "@/lib/domain/disputes/dispute";
import { formatMoney } from "@/lib/format/display";
import type { InvoiceLineRecord } from "@/lib/ui/disputes/dispute-draft";
import { disputesQueryOptions } from "@/lib/ui/disputes/disputes-client";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { ReportProblem } from "./report-problem";

/** Invoice status Returned: a credit, nothing delivered to dispute. */
const RETURNED = 4;

interface InvoiceDisputesProps {
  invoice: { InvoiceID: number; InvoiceNum: string; CustomerID: number; Date: string; Status: number };
  /** The invoice's lines, once read (the first 500). */
  lines: readonly InvoiceLineRecord[] | undefined;
  /** Opened at once ("Report a problem" pressed on the receiving view's card). */
  startOpen?: boolean;
}

/**
 * An invoice's disputes where its page (or the receiving view) shows it: each one the key sees, with its status and
 * what is still in dispute, linked to its page; and, for the store (a Customer key) on an invoice with lines that is
 * not a return, "Report a problem".
 */
export function InvoiceDisputes({ invoice, lines, startOpen }: InvoiceDisputesProps) {
  const { keyType } = useKeyScope();
  const disputes = useQuery(disputesQueryOptions({ customerId: invoice.CustomerID }));
  const mine = (disputes.data?.disputes ?? []).filter((d) => d.invoiceNum === invoice.InvoiceNum);
  const mayReport = keyType === "Customer" && invoice.Status !== RETURNED && (lines?.length ?? 0) > 0;
  if (!mine.length && !mayReport) return null;
  return (
    <section aria-label={`Disputes of invoice ${invoice.InvoiceNum}`} className="space-y-2">
      {mine.length > 0 && (
        <ul className="space-y-1 text-sm">
          {mine.map((d) => (
            <li key={d.id}>
              <Link href={`/disputes/${d.id}`} className="link inline-flex min-h-11 items-center">
                Dispute {STATUS_WORDS[d.status].toLowerCase()}:{" "}
                {d.status === "resolved" ? `${formatMoney(d.credited)} credited` : `${formatMoney(d.open)} in dispute`}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {mayReport && lines && <ReportProblem invoice={invoice} lines={lines} startOpen={startOpen} />}
    </section>
  );
}
