"use client";

import Link from "next/link";
import { addDecimals } from "@/lib/format/decimal";
import { addDays, isoWeekday, localDay } from "@/lib/format/days";
import { formatDay, formatMoney } from "@/lib/format/display";
import { deliveryWeekdays, weekdayName } from "@/lib/domain/delivery/cutoff";
import {
  OVERVIEW_STALE,
  overviewActiveCustomers,
  overviewAwaitingVerification,
  overviewOnHold,
  overviewStates,
} from "@/lib/ui/overview/requests";
import { Card, Figure } from "./card";
import { useApi } from "./use-api";

// The distributor's staff's overview, one component per card: each streams in with its own data.

export function DeliveriesCard() {
  const customers = useApi(overviewActiveCustomers, OVERVIEW_STALE.directory);
  const states = useApi(overviewStates, OVERVIEW_STALE.reference);
  const zone = states.data?.records[0]?.TimeZone ?? "UTC";
  const today = localDay(new Date(), zone);
  const days = [today, addDays(today, 1)].map((day) => ({
    day,
    weekday: isoWeekday(day),
    count: (customers.data?.records ?? []).filter((c) => deliveryWeekdays(c.DeliveryDays).includes(isoWeekday(day)))
      .length,
  }));
  const partial = customers.data?.paging?.hasNextPage;
  return (
    <Card card="deliveries" href={`/delivery-days?day=${days[1]!.weekday}`} query={customers} also={[states.data]}>
      <div className="grid grid-cols-2 gap-4">
        {days.map((d, i) => (
          <p key={d.day} className="text-sm">
            {i === 0 ? "Today" : "Tomorrow"}, {weekdayName(d.weekday)} {formatDay(d.day)}
            <Link
              className="block text-2xl font-bold tabular-nums"
              href={`/delivery-days?day=${d.weekday}`}
              data-testid={i === 0 ? "deliveries-today" : "deliveries-tomorrow"}
            >
              {d.count}
              {partial && d.count > 0 ? "+" : ""}
              <span className="sr-only"> customers</span>
            </Link>
          </p>
        ))}
      </div>
      {partial && (
        <p className="text-sm">Counted over the first 500 active customers; Delivery days counts them all.</p>
      )}
    </Card>
  );
}

export function OnHoldCard() {
  const onHold = useApi(overviewOnHold, OVERVIEW_STALE.directory);
  const held = onHold.data?.records ?? [];
  return (
    <Card card="onHold" query={onHold}>
      <Figure
        label="On hold"
        value={`${held.length}${onHold.data?.paging?.hasNextPage ? "+" : ""}`}
        testId="on-hold"
        counts="Customers whose account is on hold now."
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
  const awaiting = useApi(overviewAwaitingVerification, OVERVIEW_STALE.working);
  const waiting = awaiting.data?.records ?? [];
  return (
    <Card card="awaiting" query={awaiting}>
      <Figure
        label="Balanced, not yet verified"
        value={`${waiting.length}${awaiting.data?.paging?.hasNextPage ? "+" : ""}`}
        testId="awaiting-verification"
        counts="Invoices in the Balanced status now."
      />
      <p className="text-sm">
        Worth {awaiting.data?.paging?.hasNextPage ? "at least " : ""}
        {formatMoney(addDecimals(...waiting.map((i) => i.InvoiceTotal ?? "0")))}; the end of day verifies them.
      </p>
    </Card>
  );
}
