"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from "react";
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
import { standInCustomerId } from "@/lib/ui/offline/page-rules";
import { KeptSummary, KeptSummarySlot, keptSummaryProps } from "./kept-summary";

/** The customer's id: from the address the worker answered for (`/customers/{id}`), or `?id=`. */
function useCustomerId(): number | undefined {
  const pathname = usePathname();
  const params = useSearchParams();
  const id = params.get("id") ?? "";
  return standInCustomerId(pathname) ?? (/^\d{1,15}$/.test(id) ? Number(id) : undefined);
}

/** False in the server's render and the hydrating one, true after: what the address says is read after hydration. */
const hydrated = () => true;
const subscribe = () => () => undefined;
const useHydrated = () => useSyncExternalStore(subscribe, hydrated, () => false);

/**
 * A customer's page from the rep's week kept on the device: its card (balance, last order, deliveries),
 * every field of its record, and its delivery days, as Today read them when the week was saved. For a customer's
 * address opened without a signal; online it reads the same lists as Today. Until the account is drawn, the slot the
 * service worker filled with the account's kept summary (`KeptSummarySlot`) shows it; it is replaced in the same
 * commit as the page draws the account, so nothing moves.
 */
export function KeptCustomer() {
  const ready = useHydrated();
  const customerId = useCustomerId();
  const { salesRepUserId } = useKeyScope();
  // The rep whose week the device keeps, else the person's own.
  const [kept, setKept] = useState<{ week?: WeekMeta; read: boolean }>({ read: false });
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    void weekMeta()
      .catch(() => undefined)
      .then((week) => setKept({ week, read: true }));
  }, []);
  const repId = kept.week?.repId ?? salesRepUserId ?? undefined;
  // Nothing of the address until hydrated (the server's render is the stand-in's, for every account), then each step.
  const waiting = !ready || (customerId !== undefined && (!kept.read || (repId != null && !drawn)));
  return (
    <>
      {waiting && <KeptSummarySlot />}
      {!ready ? null : customerId === undefined ? (
        <p>This address names no customer.</p>
      ) : !kept.read ? null : repId == null ? (
        <NotKept customerId={customerId} />
      ) : (
        <Kept customerId={customerId} repId={repId} onDrawn={setDrawn} />
      )}
    </>
  );
}

/** The account from the week; `onDrawn(true)` once it shows anything but "loading" (in the commit that shows it). */
function Kept({
  customerId,
  repId,
  onDrawn,
}: {
  customerId: number;
  repId: number;
  onDrawn: (drawn: boolean) => void;
}) {
  const timeZone = useTimeZone();
  const online = useOnline();
  const { week, restored } = useWeek(repId);
  const today = !online && week ? week.day : todayIn(timeZone);
  const { input, asOf, answer, notesByCustomer } = useToday(repId, today);
  const model = useMemo(() => (input ? todayModel({ ...input, now: new Date() }) : undefined), [input]);
  const summary = input && model ? keptSummaryProps({ input, model, today }, customerId) : undefined;
  const schedule = input?.customers.find((c) => c.CustomerID === customerId);
  const loading = !model && !(restored && !online) && !answer.error;
  useLayoutEffect(() => onDrawn(!loading), [loading, onDrawn]);
  if (!model) return loading ? null : <NotKept customerId={customerId} />;
  if (!summary || !schedule)
    return <NotKept customerId={customerId} reason="It is not one of the accounts kept on this device." />;
  const card = model.accounts.find((c) => c.customerId === customerId)!;
  return (
    <div className="space-y-4">
      <KeptSummary asOf={asOf} timeZone={timeZone} summary={summary} online={online} />
      <p className="text-sm">
        <Link href={pageHref.today()} className="link inline-flex min-h-11 items-center">
          Back to Today
        </Link>
      </p>
      <VisitNotes customerId={customerId} name={summary.name} kept={notesByCustomer.get(customerId) ?? []} />
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
          row={schedule}
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
