import Link from "next/link";
import { disputeHref, type DisputeDigest, openedAgo, reasonWords } from "@/lib/domain/disputes/digest";
import { localDay } from "@/lib/format/days";
import { formatMoney } from "@/lib/format/display";
import { TODAY_GRID } from "./today-cards";
import { TodaySection } from "./today-section";

interface TodayDisputesProps {
  /** Undefined when Backroom could not read them. */
  disputes: DisputeDigest[] | undefined;
  /** The rep's day (YYYY-MM-DD): how old each dispute is. */
  today: string;
  timeZone: string;
}

/**
 * "Disputes": what the rep's stores found wrong with a delivery and the ERP has not credited yet, oldest first: the
 * store, the invoice, the reasons, the amount still in dispute, its age and whether the rep's side has acknowledged it,
 * each linked to the dispute, where it is answered.
 */
export function TodayDisputes({ disputes, today, timeZone }: TodayDisputesProps) {
  return (
    <TodaySection
      title="Disputes"
      what="disputes"
      count={disputes?.length ?? 0}
      empty={
        disputes
          ? "No open dispute from these stores."
          : "The disputes could not be read: reload the page to try again."
      }
    >
      {(limit) => (
        <ul className={TODAY_GRID}>
          {(disputes ?? []).slice(0, limit).map((d) => (
            <li key={d.id} className="min-w-0">
              <article
                aria-labelledby={`dispute-${d.id}`}
                data-dispute={d.id}
                className="space-y-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
              >
                <h3 className="min-w-0 text-base font-semibold [overflow-wrap:anywhere]">
                  <Link
                    id={`dispute-${d.id}`}
                    href={disputeHref(d.id)}
                    className="link inline-flex min-h-11 items-center"
                  >
                    {d.customerName}
                  </Link>
                </h3>
                <p>
                  Invoice {d.invoiceNum} · {reasonWords(d.reasons)}
                </p>
                <p>
                  <strong className="tabular-nums">{formatMoney(d.open)} in dispute</strong>
                </p>
                <p className="text-slate-700 dark:text-slate-300">
                  {openedAgo(localDay(new Date(d.openedAt), timeZone), today)} ·{" "}
                  {d.acknowledgedAt ? "acknowledged" : <strong>not acknowledged yet</strong>}
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </TodaySection>
  );
}
