"use client";

import { lazy, Suspense, useState } from "react";
import type { InvoiceLineRecord } from "@/lib/ui/disputes/dispute-draft";
import { PRIMARY } from "@/lib/ui/styles";

// The form's code comes when the store presses the button: an invoice's page is read far more than it is disputed.
// React's lazy, not next/dynamic (whose runtime adds to the first load).
const ReportForm = lazy(() => import("./report-form").then((m) => ({ default: m.ReportForm })));

interface ReportProblemProps {
  invoice: { InvoiceID: number; InvoiceNum: string; CustomerID: number; Date: string };
  /** The invoice's lines as `/invoices/{id}/lines` answered them. */
  lines: readonly InvoiceLineRecord[];
  /** Opened at once (the receiving view's card opens its own). */
  startOpen?: boolean;
}

/**
 * "Report a problem" on an invoice, where the goods are: a reason per line in one tap (short, damaged, not compliant,
 * wrong price), its units and expected price, a note; the amount per line and the total as they change; one Send.
 */
export function ReportProblem({ invoice, lines, startOpen = false }: ReportProblemProps) {
  const [open, setOpen] = useState(startOpen);
  if (!open)
    return (
      <button type="button" className={`${PRIMARY} min-h-11`} onClick={() => setOpen(true)}>
        Report a problem
      </button>
    );
  return (
    <Suspense fallback={<span role="status" aria-label="Opening the form" className="skeleton block h-40 w-full" />}>
      <ReportForm invoice={invoice} lines={lines} onCancel={() => setOpen(false)} />
    </Suspense>
  );
}
