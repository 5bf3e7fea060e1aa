"use client";

import { RecordLink } from "@/components/table/record-link";
import type { RecordOf } from "@/lib/data-api/client";
import { MISSING } from "@/lib/format/display";
import { externalHref } from "@/lib/format/external-url";

interface InvoiceCoasProps {
  coas: RecordOf<"listInvoiceCOAsOfInvoice">[];
}

/** The invoice's certificates of analysis, each by its batch, with the product it is of. */
export function InvoiceCoas({ coas }: InvoiceCoasProps) {
  return (
    <section aria-labelledby="invoice-coas" className="space-y-2">
      <h2 id="invoice-coas" className="text-lg font-semibold">
        Certificates of analysis
      </h2>
      <ul className="list-disc pl-6 text-sm">
        {coas.map((c, i) => (
          <li key={`${c.InvoiceTransID}:${i}`}>
            {externalHref(c.COA_URL) ? (
              <a className="link" href={externalHref(c.COA_URL)} target="_blank" rel="noreferrer noopener">
                Batch {c.BatchCode ?? MISSING}
              </a>
            ) : (
              `Batch ${c.BatchCode ?? MISSING}`
            )}
            {c.ProductID != null && (
              <>
                , product{" "}
                <RecordLink kind="ProductIDs" id={c.ProductID}>
                  {c.ProductID}
                </RecordLink>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
