"use client";

import Link from "next/link";
import { useDeliverySchedule } from "@/components/delivery/use-delivery-schedule";
import { weekdayName } from "@/lib/domain/delivery/cutoff";
import { deliveryParams } from "@/lib/domain/delivery/requests";
import { deliveriesOn } from "@/lib/domain/delivery/schedule";
import { pageHref } from "@/lib/domain/page-href";
import { addDays, isoWeekday } from "@/lib/format/days";
import { formatDay, formatMoneyExact } from "@/lib/format/display";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { listHref, wholeList } from "@/lib/domain/views/whole-list";
import {
  AWAITING_QUERY,
  ON_HOLD_QUERY,
  OVERVIEW_STALE,
  overviewAwaitingVerification,
  overviewOnHold,
} from "@/lib/ui/overview/requests";
import { Card, Figure } from "./card";
import { useWalk } from "./use-api";

// The distributor's staff's overview, one component per card: each streams in with its own data.

/** Active customers, every state, as the delivery-days page reads them by default. */
const DEFAULT_SCHEDULE = deliveryParams({});

export function DeliveriesCard() {
  // The delivery-days page's own schedule: each figure is `deliveriesOn` its date, the list that date's link opens.
  const schedule = useDeliverySchedule(DEFAULT_SCHEDULE, false);
  const days = [schedule.today, addDays(schedule.today, 1)].map((day) => ({
    day,
    count: deliveriesOn(schedule.rows, day).length,
  }));
  const complete = schedule.customers.data?.complete ?? true;
  const query = {
    error: schedule.customers.error ?? schedule.schedules.error,
    isPending: schedule.loading,
    refetch: () => schedule.customers.refetch(),
    data: schedule.customers.data,
  };
  return (
    <Card
      card="deliveries"
      href={pageHref.deliveryDays({ date: days[1]!.day })}
      query={query}
      also={[schedule.states.data]}
    >
      <div className="grid grid-cols-2 gap-4">
        {days.map((d, i) => (
          <p key={d.day} className="text-sm">
            {i === 0 ? "Today" : "Tomorrow"}, {weekdayName(isoWeekday(d.day))} {formatDay(d.day)}
            <Link
              data-figure="deliveries-on-date"
              className="link block text-2xl font-bold tabular-nums"
              href={pageHref.deliveryDays({ date: d.day })}
              data-testid={i === 0 ? "deliveries-today" : "deliveries-tomorrow"}
            >
              {complete ? "" : "at least "}
              {d.count}
              <span className="sr-only"> {d.count === 1 ? "customer" : "customers"}</span>
            </Link>
          </p>
        ))}
      </div>
      <p className="text-sm">
        Active customers with a delivery dated that day by the API, as Delivery days lists them
        {complete ? "." : `: counted over the first ${schedule.customers.data?.records.length ?? 0}.`}
      </p>
    </Card>
  );
}

export function OnHoldCard() {
  const onHold = useWalk(overviewOnHold, OVERVIEW_STALE.directory);
  const walked = onHold.data ?? { records: [], complete: true };
  const held = wholeList(LIST_VIEWS.customers, ON_HOLD_QUERY, walked, "").rows;
  return (
    <Card card="onHold" href={listHref("/customers", ON_HOLD_QUERY)} query={onHold}>
      <Figure
        label="On hold"
        value={`${walked.complete ? "" : "at least "}${held.length}`}
        testId="on-hold"
        figure="customers-on-hold"
        href={listHref("/customers", ON_HOLD_QUERY)}
        counts="Active customers whose account is on hold now, as All customers on hold lists them."
      />
      <ul className="space-y-1 text-sm">
        {held.slice(0, 5).map((c) => (
          <li key={c.CustomerID}>
            <Link className="link" href={`/customers/${c.CustomerID}`}>
              {c.CustomerName ?? c.CustomerID}
            </Link>{" "}
            {c.State ?? ""}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function AwaitingCard() {
  const awaiting = useWalk(overviewAwaitingVerification, OVERVIEW_STALE.working);
  const walked = awaiting.data ?? { records: [], complete: true };
  // The list the figure opens, counted and totalled by the same function (`wholeList`): its count and its total.
  const list = wholeList(LIST_VIEWS.invoices, AWAITING_QUERY, walked, "");
  const atLeast = list.complete ? "" : "at least ";
  const href = listHref("/invoices", AWAITING_QUERY);
  return (
    <Card card="awaiting" href={href} query={awaiting}>
      <Figure
        label="Balanced, not yet verified"
        value={`${atLeast}${list.count}`}
        testId="awaiting-verification"
        figure="invoices-awaiting-count"
        href={href}
        counts="Invoices in the Balanced status now, as All balanced invoices lists them."
      />
      <p className="text-sm">
        Worth {atLeast}
        <Link
          data-figure="invoices-awaiting-total"
          className="link font-semibold tabular-nums"
          href={href as never}
          data-testid="awaiting-total"
        >
          {formatMoneyExact(list.totals.InvoiceTotal)}
        </Link>{" "}
        in invoice totals; the end of day verifies them.
      </p>
    </Card>
  );
}
