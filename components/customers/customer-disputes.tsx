import Link from "next/link";
import { STATUS_WORDS } from "@/lib/domain/disputes/dispute";
import { disputeHref, reasonWords, type StoreDisputes, storeDisputesHref } from "@/lib/domain/disputes/digest";
import { formatDate, formatMoney } from "@/lib/format/display";

interface CustomerDisputesProps {
  customerId: number;
  disputes: StoreDisputes;
  timeZone: string;
}

/**
 * "Disputes" on a store's page, for the store and its rep's side: those not resolved, oldest first, then the last
 * resolved ones, each with its invoice, reasons, what is still in dispute (or what it was) and where it stands, linked to
 * the dispute; "All disputes" is the store's list.
 */
export function CustomerDisputes({ customerId, disputes, timeZone }: CustomerDisputesProps) {
  return (
    <section aria-labelledby="customer-disputes" className="max-w-3xl space-y-2">
      <div className="flex flex-wrap items-center gap-x-3">
        <h2 id="customer-disputes" className="text-lg font-semibold">
          Disputes
        </h2>
        <Link href={storeDisputesHref(customerId)} className="link inline-flex min-h-11 items-center text-sm">
          All disputes
        </Link>
      </div>
      {disputes.disputes.length === 0 ? (
        <p className="text-sm">No dispute of this store&apos;s deliveries.</p>
      ) : (
        <ul className="space-y-2">
          {disputes.disputes.map((d) => (
            <li
              key={d.id}
              data-dispute={d.id}
              className="flex flex-wrap items-center gap-x-3 rounded border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
            >
              <Link href={disputeHref(d.id)} className="link inline-flex min-h-11 items-center font-semibold">
                Invoice {d.invoiceNum}
              </Link>
              <span>{reasonWords(d.reasons)}</span>
              {d.status === "resolved" ? (
                <span>
                  {STATUS_WORDS.resolved} {d.resolvedAt ? formatDate(d.resolvedAt, timeZone) : ""} ·{" "}
                  <span className="tabular-nums">{formatMoney(d.amount)}</span>
                </span>
              ) : (
                <span>
                  <strong className="tabular-nums">{formatMoney(d.open)} in dispute</strong> ·{" "}
                  {STATUS_WORDS[d.status].toLocaleLowerCase("en-US")} since {formatDate(d.openedAt, timeZone)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
