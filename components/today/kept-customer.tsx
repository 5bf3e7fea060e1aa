"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { RecordFacts } from "@/components/views/record-facts";
import { useTimeZone } from "@/components/shell/providers";
import { todayIn } from "@/lib/format/days";
import { formatDay } from "@/lib/format/display";
import { deliveryDaysText } from "@/lib/domain/delivery/cutoff";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { useOnline } from "@/lib/ui/offline/use-online";
import { useWeek } from "@/lib/ui/offline/use-week";
import { weekMeta, type WeekMeta } from "@/lib/ui/offline/week-store";
import { pageHref } from "@/lib/domain/page-href";
import { todayModel } from "@/lib/domain/today/today";
import { TODAY_CUSTOMER_FIELDS } from "@/lib/domain/today/today-data";
import { useToday } from "@/lib/ui/today/use-today";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { VisitNotes } from "@/components/customers/visit-notes";
import { CustomerSummary } from "@/components/customers/customer-summary";
import { customerMoney } from "@/lib/domain/customers/customer-money";
import type { TodayCustomer, TodayInput } from "@/lib/domain/today/today-types";
import { OfflineLine } from "./offline-line";

/** The customer's id: from the address the worker answered for (`/customers/{id}`), or `?id=`. */
function useCustomerId(): number | undefined {
  const pathname = usePathname();
  const params = useSearchParams();
  const text = /^\/customers\/(\d{1,15})$/.exec(pathname)?.[1] ?? params.get("id") ?? "";
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * A customer's page from the rep's week kept on the device: its card (balance, last order, deliveries),
 * every field of its record, and its delivery days, as Today read them when the week was saved. For a customer's
 * address opened without a signal; online it reads the same lists as Today.
 */
export function KeptCustomer() {
  const customerId = useCustomerId();
  const { salesRepUserId } = useKeyScope();
  // The rep whose week the device keeps, else the person's own.
  const [kept, setKept] = useState<{ week?: WeekMeta; read: boolean }>({ read: false });
  useEffect(() => {
    void weekMeta()
      .catch(() => undefined)
      .then((week) => setKept({ week, read: true }));
  }, []);
  const repId = kept.week?.repId ?? salesRepUserId ?? undefined;
  if (customerId === undefined) return <p>This address names no customer.</p>;
  if (!kept.read) return <p aria-busy="true">Loading customer {customerId}…</p>;
  if (repId == null) return <NotKept customerId={customerId} />;
  return <Kept customerId={customerId} repId={repId} />;
}

function Kept({ customerId, repId }: { customerId: number; repId: number }) {
  const timeZone = useTimeZone();
  const online = useOnline();
  const { week, restored } = useWeek(repId);
  const { input, asOf, answer, customerRecords, notesByCustomer } = useToday(
    repId,
    !online && week ? week.day : todayIn(timeZone),
  );
  const model = useMemo(() => (input ? todayModel({ ...input, now: new Date() }) : undefined), [input]);
  const card = model?.accounts.find((c) => c.customerId === customerId);
  const record = customerRecords?.find((c) => c.CustomerID === customerId);
  const schedule = input?.customers.find((c) => c.CustomerID === customerId);
  if (!model) {
    if (restored && !online) return <NotKept customerId={customerId} />;
    return answer.error ? <NotKept customerId={customerId} /> : <p aria-busy="true">Loading customer {customerId}…</p>;
  }
  if (!card || !record || !schedule)
    return <NotKept customerId={customerId} reason="It is not one of the accounts kept on this device." />;
  return (
    <div className="space-y-4">
      <OfflineLine asOf={asOf} timeZone={timeZone} />
      <CustomerSummary
        customerId={customerId}
        name={card.name}
        onHold={card.onHold}
        money={keptMoney(input!, record, customerId)}
        lastOrder={card.lastOrder ?? null}
        nextDelivery={card.nextDeliveries[0] ? { day: card.nextDeliveries[0], timeZone: "UTC" } : null}
        today={!online && week ? week.day : todayIn(timeZone)}
      />
      <p className="text-sm">
        <Link href={pageHref.today()} className="link inline-flex min-h-11 items-center">
          Back to Today
        </Link>
      </p>
      <VisitNotes customerId={customerId} name={card.name} kept={notesByCustomer.get(customerId) ?? []} />
      <section aria-labelledby="kept-deliveries" className="space-y-1 text-sm">
        <h2 id="kept-deliveries" className="text-lg font-semibold">
          Deliveries
        </h2>
        <p>Delivery days: {deliveryDaysText(schedule.DeliveryDays, "long")}.</p>
        <p>
          {card.nextDeliveries.length
            ? `Next: ${card.nextDeliveries
                .slice(0, 4)
                .map((d) => formatDay(d))
                .join(", ")}.`
            : "No delivery to come is known."}
        </p>
      </section>
      <section aria-labelledby="kept-record" className="space-y-2">
        <h2 id="kept-record" className="text-lg font-semibold">
          Customer record
        </h2>
        <RecordFacts
          row={record}
          columns={LIST_VIEWS.customers.columns.filter((c) =>
            (TODAY_CUSTOMER_FIELDS as readonly string[]).includes(c.id),
          )}
        />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The record&apos;s other fields (the rep&apos;s email and phone, when it was updated) are on the
          customer&apos;s page online.
        </p>
      </section>
    </div>
  );
}

/** The store's money from the kept week: its AR accounts' aging (open invoices and payments are read online). */
function keptMoney(input: Omit<TodayInput, "now">, record: TodayCustomer, customerId: number) {
  const accounts = new Set(
    input.openInvoices.flatMap((i) => (i.CustomerID === customerId && i.ARAccountID != null ? [i.ARAccountID] : [])),
  );
  return customerMoney({
    customer: { ...record, CustomerID: customerId },
    aging: input.aging.filter((row) => row.ARAccountID != null && accounts.has(row.ARAccountID)),
  });
}

function NotKept({
  customerId,
  reason = "This device keeps no week of a rep's accounts.",
}: {
  customerId: number;
  reason?: string;
}) {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold tracking-tight">Customer {customerId}</h1>
      <p role="status" className="max-w-3xl">
        This customer&apos;s page cannot be shown without a connection. {reason} On Today, &quot;Save for offline&quot;
        keeps your accounts on this device for a week.
      </p>
      <p>
        <Link href={pageHref.today()} className="link inline-flex min-h-11 items-center">
          Go to Today
        </Link>
      </p>
    </div>
  );
}
