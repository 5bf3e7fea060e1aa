"use client";

import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { CustomerSummary, type CustomerSummaryProps } from "@/components/customers/customer-summary";
import { customerMoney } from "@/lib/domain/customers/customer-money";
import type { TodayInput, TodayModel } from "@/lib/domain/today/today-types";
import { KEPT_SUMMARY_SLOT } from "@/lib/ui/offline/page-rules";
import { OfflineNotice } from "./offline-line";

/** What the kept week holds of the rep's accounts: Today's lists and the model drawn from them. */
export interface KeptWeek {
  input: Omit<TodayInput, "now">;
  model: TodayModel;
  /** The day the week is of (YYYY-MM-DD): what is overdue counts from it. */
  today: string;
}

/**
 * The top of an account's page from the kept week: its name and hold, what it owes and how late (its AR accounts'
 * aging; the open invoices and payments are read online), its next delivery and last order. Undefined when the week
 * does not hold the account. The one reading of it, for the page drawn from the device and for the summaries kept for
 * the service worker (`KeptSummariesDrawer`).
 */
export function keptSummaryProps(
  { input, model, today }: KeptWeek,
  customerId: number,
): CustomerSummaryProps | undefined {
  const card = model.accounts.find((c) => c.customerId === customerId);
  const record = input.customers.find((c) => c.CustomerID === customerId);
  if (!card || !record) return undefined;
  const arAccounts = new Set(
    input.openInvoices.flatMap((i) => (i.CustomerID === customerId && i.ARAccountID != null ? [i.ARAccountID] : [])),
  );
  return {
    customerId,
    name: card.name,
    onHold: card.onHold,
    money: customerMoney({
      customer: { ...record, CustomerID: customerId },
      aging: input.aging.filter((row) => row.ARAccountID != null && arAccounts.has(row.ARAccountID)),
    }),
    lastOrder: card.lastOrder ?? null,
    nextDelivery: card.nextDeliveries[0] ? { day: card.nextDeliveries[0], timeZone: "UTC" } : null,
    today,
  };
}

/** An account's page from the device, its top: "Offline · as of" (not while online) and the summary. */
export function KeptSummary({
  asOf,
  timeZone,
  summary,
  online = false,
}: {
  asOf?: number;
  timeZone: string;
  summary: CustomerSummaryProps;
  online?: boolean;
}) {
  return (
    <>
      {!online && <OfflineNotice asOf={asOf} timeZone={timeZone} />}
      <CustomerSummary {...summary} />
    </>
  );
}

/**
 * Where the service worker puts the account's kept summary in the page drawn from the device (`fillKeptSummary`): as the
 * server renders it, the slot says the account is loading; hydrated, React leaves what the worker put in it, and the page
 * draws the account in its place once the week is read. The slot's markup is `KEPT_SUMMARY_SLOT`'s.
 */
export function KeptSummarySlot() {
  return (
    <div
      data-kept-summary=""
      className="space-y-4"
      suppressHydrationWarning
      // A constant of ours; the service worker replaces it with the summary React drew for the account.
      dangerouslySetInnerHTML={{ __html: KEPT_SUMMARY_SLOT.loading }}
    />
  );
}

export interface KeptSummariesDrawerProps {
  week: KeptWeek;
  /** When the week's lists were read: the summaries' "Offline · as of". */
  asOf?: number;
  timeZone: string;
  /** Each account's summary as HTML, by customer id, once all are drawn. */
  onDrawn: (html: Record<string, string>) => void;
}

/** How many summaries a commit draws: a rep's hundreds of accounts in tasks of their own, not one long one. */
const BATCH = 10;

/**
 * Draws each account's kept summary as HTML, by customer id, for the service worker to put in the page drawn from the
 * device: React draws them here, in the page's own tree (hidden), with the components the page uses, `BATCH` a commit,
 * then `onDrawn` has them all. In the tree rather than a root of its own: importing React DOM's client here regrouped
 * the build's shared chunks (every route's first load 0.4 kB more, gzipped).
 */
export function KeptSummariesDrawer({ week, asOf, timeZone, onDrawn }: KeptSummariesDrawerProps) {
  const ids = useMemo(() => week.model.accounts.map((card) => card.customerId), [week]);
  const [at, setAt] = useState(0);
  const drawn = useRef<Record<string, string>>({});
  const container = useRef<HTMLDivElement>(null);
  const done = useEffectEvent(() => onDrawn(drawn.current));
  useEffect(() => {
    for (const element of Array.from(container.current?.children ?? []))
      drawn.current[(element as HTMLElement).dataset.customer!] = element.innerHTML;
    if (at + BATCH >= ids.length) {
      done();
      return;
    }
    // The next batch in a task of its own: the page answers a tap between two.
    const next = setTimeout(() => setAt(at + BATCH), 0);
    return () => clearTimeout(next);
  }, [at, ids]);
  return (
    <div hidden ref={container}>
      {ids.slice(at, at + BATCH).map((id) => {
        const summary = keptSummaryProps(week, id);
        return (
          summary && (
            <div key={id} data-customer={id}>
              <KeptSummary asOf={asOf} timeZone={timeZone} summary={summary} />
            </div>
          )
        );
      })}
    </div>
  );
}
