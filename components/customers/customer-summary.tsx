import Link from "next/link";
import { useId } from "react";
import { compareDecimals } from "@/lib/format/decimal";
import { formatDay, formatMoney } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";
import { storeDisputesHref } from "@/lib/domain/disputes/digest";
import { pageHref } from "@/lib/domain/page-href";
import type { AccountMoney, OpenInvoiceLine } from "@/lib/domain/customers/customer-money";
import { cutOffText } from "@/lib/domain/delivery/customer-schedule";
import { daysOverdue } from "@/lib/domain/payments/open-invoice-order";
import { openItems } from "@/lib/domain/invoices/open-items";

const TOUCH = "inline-flex min-h-11 items-center sm:min-h-0";

/** What a store's page opens on: its standing, what it owes and how late, what is open, and its next delivery. */
export interface CustomerSummaryProps {
  customerId: number;
  name: string;
  /** True or false as the record says; undefined when the key was not shown it. */
  onHold?: boolean | null;
  /** The store's credit terms (one per supplier at most, the same named once); undefined when not read. */
  terms?: string[];
  /** The store's AR accounts; undefined while they load. */
  money?: AccountMoney[];
  /** Why the money is not shown (not readable by this key, or a failed read), in place of it. */
  moneyNote?: React.ReactNode;
  /** The last order in the last 90 days: null when none, undefined when not known. */
  lastOrder?: { day: string; invoiceNum?: string; invoiceId?: number } | null;
  /** The next delivery with its cut-off on the state's clock: null when none is known, undefined while loading. */
  nextDelivery?: { day: string; cutOff?: Date; open?: boolean; timeZone: string } | null;
  /** The day it is for the store's person (YYYY-MM-DD): what is overdue counts from it. */
  today: string;
  /** What is still in dispute across the store's disputes (cents): shown apart from the balance. */
  inDispute?: string;
}

/**
 * The top of a store's page, phone first: the name, on hold or not with its terms, then per AR account the open
 * balance, what is over 30, 60 and 90 days, open credit, unapplied payments and the last payment, its open invoices
 * (each linked) and its statement; then the next delivery with its cut-off and the last order. The same on the
 * online page and on the copy kept on the device (which says what it did not keep).
 */
export function CustomerSummary(props: CustomerSummaryProps) {
  const { name, onHold, terms, money, moneyNote } = props;
  // An id of its own: the summaries kept for the device are drawn several at a time (`KeptSummariesDrawer`).
  const nameId = useId();
  return (
    <section aria-labelledby={nameId} className="max-w-3xl space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 id={nameId} className="text-2xl font-bold tracking-tight">
          {name}
        </h1>
        {onHold === true && (
          <span className="rounded bg-red-800 px-2 py-0.5 text-sm font-semibold text-white dark:bg-red-300 dark:text-red-950">
            On hold
          </span>
        )}
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="standing">
        {[
          onHold === false ? "Not on hold" : onHold === true ? "Deliveries held" : "Hold not shown to this key",
          terms?.length ? `Terms ${terms.join(", ")}` : terms ? "No credit terms on record" : undefined,
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {moneyNote ??
        (money === undefined ? (
          <span
            role="status"
            aria-busy="true"
            aria-label="Loading what the store owes"
            className="skeleton block h-40"
          />
        ) : money.length === 0 ? (
          <p data-testid="balance">Nothing open: the AR aging holds no balance for this store.</p>
        ) : (
          money.map((account) => <AccountMoneyBlock key={account.figures.arAccountId} account={account} {...props} />)
        ))}
      {props.inDispute !== undefined && compareDecimals(props.inDispute, "0") > 0 && (
        <p data-testid="in-dispute">
          <Link href={storeDisputesHref(props.customerId)} className="link inline-flex min-h-11 items-center">
            <strong className="tabular-nums">{formatMoney(props.inDispute)} in dispute</strong>
          </Link>{" "}
          <span className="text-sm">(in the balance, not yet credited)</span>
        </p>
      )}
      <NextSteps {...props} />
    </section>
  );
}

function AccountMoneyBlock({ account, today, money }: CustomerSummaryProps & { account: AccountMoney }) {
  const { figures: f, openInvoices, sharedWith, paymentsRead } = account;
  const several = (money?.length ?? 0) > 1 || sharedWith > 0;
  const over = [
    ["Over 30 days", f.over30],
    ["Over 60 days", f.over60],
    ["Over 90 days", f.over90],
  ] as const;
  return (
    <div
      className="space-y-2 rounded-lg border border-slate-300 p-3 dark:border-slate-700"
      data-account={f.arAccountId}
    >
      {several && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          AR account {f.arAccountId}
          {sharedWith > 0 && <>, shared with {plural(sharedWith, "other store")}: the figures are the account&apos;s</>}
        </p>
      )}
      <p data-testid="balance">
        Open balance{" "}
        <strong className="text-2xl tabular-nums" data-testid="balance-total">
          {formatMoney(f.total)}
        </strong>
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {over.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
            <dd
              className={`tabular-nums ${compareDecimals(value, "0") > 0 ? "font-semibold text-red-800 dark:text-red-300" : ""}`}
              data-testid={label.toLowerCase().replaceAll(" ", "-")}
            >
              {formatMoney(value)}
            </dd>
          </div>
        ))}
        <div>
          <dt className="text-slate-700 dark:text-slate-300">Open credit</dt>
          <dd className="tabular-nums">{formatMoney(f.openCredit)}</dd>
        </div>
        <div>
          <dt className="text-slate-700 dark:text-slate-300">Unapplied payments</dt>
          <dd className="tabular-nums">{paymentsRead ? formatMoney(f.unapplied) : "Online only"}</dd>
        </div>
        <div>
          <dt className="text-slate-700 dark:text-slate-300">Last payment</dt>
          <dd>{paymentsRead ? (f.lastPayment ? formatDay(f.lastPayment) : "None on record") : "Online only"}</dd>
        </div>
      </dl>
      <p className="text-sm">
        <Link href={pageHref.statements({ account: f.arAccountId })} className={`link ${TOUCH}`}>
          Statement of AR account {f.arAccountId}
        </Link>
      </p>
      <OpenInvoiceList invoices={openInvoices} today={today} />
    </div>
  );
}

/**
 * The account's open invoices (what is owed: each with how late it is) and, apart, its credits (credit memos and returns:
 * a negative open balance, owed to the store, never late and no invoice to pay: `openItems`). Each list folds past five.
 */
function OpenInvoiceList({ invoices, today }: { invoices?: OpenInvoiceLine[]; today: string }) {
  if (invoices === undefined)
    return <p className="text-sm">The open invoices are listed online (this copy keeps the balance only).</p>;
  const { debts, credits } = openItems(invoices);
  return (
    <>
      {debts.length === 0 ? (
        <p className="text-sm">No open invoice.</p>
      ) : (
        <details open={debts.length <= 5} className="text-sm">
          <summary className="cursor-pointer py-2 font-semibold sm:py-0">
            {plural(debts.length, "open invoice")}
          </summary>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Open invoices">
            {debts.map((invoice) => {
              const late = daysOverdue(invoice.DueDate?.slice(0, 10), today);
              return (
                <OpenItemLine key={invoice.InvoiceNum ?? invoice.InvoiceID} invoice={invoice}>
                  {formatDay(invoice.Date)} · due {formatDay(invoice.DueDate)}
                  {late > 0 && (
                    <strong className="whitespace-nowrap text-red-800 dark:text-red-300">
                      {" "}
                      · {plural(late, "day")} late
                    </strong>
                  )}
                </OpenItemLine>
              );
            })}
          </ul>
        </details>
      )}
      {credits.length > 0 && (
        <details open={credits.length <= 5} className="text-sm">
          <summary className="cursor-pointer py-2 font-semibold sm:py-0" data-figure="open-credits-count">
            {plural(credits.length, "credit")} (credit memos and returns)
          </summary>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Credits">
            {credits.map((invoice) => (
              <OpenItemLine key={invoice.InvoiceNum ?? invoice.InvoiceID} invoice={invoice}>
                {formatDay(invoice.Date)} · credit
              </OpenItemLine>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** One open item: its number (to the invoice's page), what `children` says of it, and its open balance. */
function OpenItemLine({ invoice, children }: { invoice: OpenInvoiceLine; children: React.ReactNode }) {
  return (
    <li className="flex flex-wrap justify-between gap-x-3 py-1">
      <span>
        {invoice.InvoiceID != null ? (
          <Link href={pageHref.invoice(invoice.InvoiceID)} className={`link ${TOUCH}`}>
            {invoice.InvoiceNum ?? `Invoice ${invoice.InvoiceID}`}
          </Link>
        ) : (
          invoice.InvoiceNum
        )}{" "}
        <span className="text-slate-700 dark:text-slate-300">{children}</span>
      </span>
      <span className="tabular-nums">{formatMoney(invoice.OpenBalance)}</span>
    </li>
  );
}

function NextSteps({ nextDelivery, lastOrder }: CustomerSummaryProps) {
  return (
    <p className="text-sm" data-testid="next-steps">
      {nextDelivery === undefined ? (
        "Next delivery: loading…"
      ) : nextDelivery === null ? (
        "No delivery to come is known."
      ) : (
        <>
          Next delivery <strong>{formatDay(nextDelivery.day)}</strong>
          {nextDelivery.cutOff && (
            <>
              {" "}
              · order by {cutOffText(nextDelivery.cutOff, nextDelivery.timeZone)}
              {nextDelivery.open === false && " (passed)"}
            </>
          )}
        </>
      )}
      {" · "}
      {lastOrder === undefined ? (
        "Last order: loading…"
      ) : lastOrder === null ? (
        "No order in the last 90 days"
      ) : (
        <>
          Last order {formatDay(lastOrder.day)}
          {lastOrder.invoiceNum && lastOrder.invoiceId !== undefined && (
            <>
              {" "}
              (
              <Link href={pageHref.invoice(lastOrder.invoiceId)} className="link">
                {lastOrder.invoiceNum}
              </Link>
              )
            </>
          )}
        </>
      )}
    </p>
  );
}
