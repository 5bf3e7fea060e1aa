import Link from "next/link";
import { type ListDetail, type ListStage, STAGE_WORDS } from "@/lib/domain/order-guide/shared-list";
import { pageHref } from "@/lib/domain/page-href";
import { formatDateTime, formatDay, formatMoney } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";

interface SharedListHeaderProps {
  list: ListDetail;
  timeZone: string;
}

/** Each stage's colours: the words always say it too. */
const STAGE_CLASS: Record<ListStage, string> = {
  sent: "border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100",
  acknowledged: "border-sky-700 bg-sky-50 text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-100",
  entered: "border-green-700 bg-green-50 text-green-950 dark:border-green-400 dark:bg-green-950 dark:text-green-100",
  withdrawn: "border-red-700 bg-red-50 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-100",
};

/** A list's stage, as a badge. */
export function StageBadge({ stage }: { stage: ListStage }) {
  return (
    <span className={`inline-block rounded border px-2 py-0.5 text-sm font-semibold ${STAGE_CLASS[stage]}`}>
      {STAGE_WORDS[stage]}
    </span>
  );
}

/**
 * The list's heading: the store, its stage, who sent it when, its lines and total, who acknowledged and entered it,
 * and what was invoiced against it (the match in words, each invoice linked to its page).
 */
export function SharedListHeader({ list, timeZone }: SharedListHeaderProps) {
  const back =
    list.side === "store"
      ? ({ href: "/order-guide/lists", text: "Reorder lists" } as const)
      : ({ href: pageHref.today(), text: "Today" } as const);
  return (
    <header className="space-y-3">
      <p className="text-sm">
        <Link href={back.href} className="link inline-flex min-h-11 items-center">
          Back to {back.text}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Reorder request: {list.customerName}</h1>
        <StageBadge stage={list.stage} />
      </div>
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Sent</dt>
        <dd>
          {formatDateTime(list.sentAt, timeZone)} by {list.sentBy}
          {list.side === "rep" && (
            <>
              {" · "}
              <Link href={pageHref.customer(list.customerId)} className="link">
                the store&apos;s page
              </Link>
            </>
          )}
        </dd>
        <dt className="font-semibold">Asks for</dt>
        <dd>
          {plural(list.lines.filter((l) => l.cases > 0).length, "line")}, {plural(list.totalCases, "case")}, total{" "}
          {formatMoney(list.total)} (prices as of {formatDay(list.priceDay)})
        </dd>
        {list.acknowledged && (
          <>
            <dt className="font-semibold">Acknowledged</dt>
            <dd>
              {formatDateTime(list.acknowledged.at, timeZone)} by {list.acknowledged.by}
            </dd>
          </>
        )}
        {list.entered && (
          <>
            <dt className="font-semibold">Entered</dt>
            <dd>
              {formatDateTime(list.entered.at, timeZone)} by {list.entered.by}
              {list.entered.erpRef && <> as {list.entered.erpRef}</>}
            </dd>
          </>
        )}
        {list.withdrawn && (
          <>
            <dt className="font-semibold">Withdrawn</dt>
            <dd>
              {formatDateTime(list.withdrawn.at, timeZone)} by {list.withdrawn.by}
            </dd>
          </>
        )}
        <dt className="font-semibold">Invoiced</dt>
        <dd>
          <span data-testid="match-words" className="font-semibold">
            {list.matchWords}
          </span>
          {list.match?.invoices.map((invoice) => (
            <span key={invoice.invoiceId}>
              {" · "}
              <Link href={pageHref.invoice(invoice.invoiceId)} className="link">
                Invoice {invoice.invoiceNum}
              </Link>{" "}
              ({formatDay(invoice.date)})
            </span>
          ))}
        </dd>
      </dl>
    </header>
  );
}
