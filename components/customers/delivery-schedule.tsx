"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { StaleNote } from "@/components/table/stale-note";
import { RequestError } from "@/components/table/request-error";
import { TableFrame } from "@/components/table/table-frame";
import { isoWeekday } from "@/lib/format/days";
import { formatDate, NO_DELIVERY_DAYS } from "@/lib/format/display";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { deliveryWeekdays, weekdayName } from "@/lib/domain/delivery/cutoff";
import { customerSchedule, cutOffText } from "@/lib/domain/delivery/customer-schedule";
import { customerScheduleRequest, statesRequest } from "@/lib/domain/delivery/requests";

/** "2,5" → "Tuesday, Friday". */
const weekdayList = (days: string | null | undefined) => deliveryWeekdays(days).map(weekdayName).join(", ");

interface DeliveryScheduleProps {
  customerId: number;
  /** What the customer's own record says (any field may be missing). */
  customer: {
    CustomerName?: string | null;
    State?: string | null;
    AccountStatus?: string | null;
    DeliveryDays?: string | null;
  };
}

/**
 * A customer's delivery schedule, from `/deliveryDays?CustomerIDs=id`: its delivery days in words and its next
 * deliveries, each with the order cut-off of the customer's state (the schedule record holds none) and whether an order
 * placed now still makes it; then a link to the delivery-days page for the customer.
 */
export function DeliverySchedule({ customerId, customer }: DeliveryScheduleProps) {
  const schedule = useQuery(apiQueryOptions(browserApi, customerScheduleRequest(customerId), STALE.directory));
  const states = useQuery(apiQueryOptions(browserApi, statesRequest, STALE.reference));
  const records = schedule.data?.records ?? [];
  // Asked for this customer only: its record, or the one record when the API left its CustomerID out.
  const record = records.find((r) => r.CustomerID === customerId) ?? (records.length === 1 ? records[0] : undefined);
  const rule = customer.State ? states.data?.records.find((s) => s.StateAbbreviation === customer.State) : undefined;
  const view = customerSchedule(record, rule, new Date());
  const zone = rule?.TimeZone ?? "UTC";
  const withCutOffs = view.deliveries.some((d) => d.cutOff);
  // The link to the week: the date of its next delivery, where the list of that date holds it; else by the schedule's
  // days, else the record's own (an inactive customer has no schedule record).
  const firstDay = view.weekdays[0] ?? deliveryWeekdays(customer.DeliveryDays)[0];
  const next = view.deliveries[0]?.day;

  return (
    <section aria-labelledby="delivery-schedule" className="space-y-2">
      <h2 id="delivery-schedule" className="text-lg font-semibold">
        Delivery schedule
      </h2>
      <StaleNote of={[schedule.data, states.data]} />
      {schedule.error ? (
        <RequestError error={schedule.error} onRetry={() => void schedule.refetch()} what="the delivery schedule" />
      ) : schedule.isPending ? (
        <p className="text-sm" aria-busy="true">
          Loading…
        </p>
      ) : !record ? (
        <p className="text-sm">
          No delivery schedule
          {customer.AccountStatus && customer.AccountStatus !== "Active"
            ? ": delivery schedules cover active customers only."
            : " for this customer."}
        </p>
      ) : (
        <>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">Delivery days</dt>
            <dd>{view.days || NO_DELIVERY_DAYS}</dd>
          </dl>
          {view.deliveries.length === 0 ? (
            <p className="text-sm">No delivery in the next two weeks.</p>
          ) : (
            <TableFrame label="Next deliveries">
              <table className="data-table">
                <caption className="sr-only">Next deliveries and their order cut-offs</caption>
                <thead>
                  <tr>
                    <th scope="col">Delivery</th>
                    <th scope="col">Order by</th>
                    <th scope="col">Still possible</th>
                  </tr>
                </thead>
                <tbody>
                  {view.deliveries.map((d) => (
                    <tr key={d.day}>
                      <th scope="row" className="font-normal">
                        {weekdayName(isoWeekday(d.day))}, {formatDate(d.day)}
                      </th>
                      <td>{d.cutOff ? cutOffText(d.cutOff, zone) : "—"}</td>
                      <td>{d.open === undefined ? "—" : d.open ? "Yes" : "No: the cut-off has passed"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          )}
          {view.datesFrom === "weekdays" && (
            <p className="text-sm">The schedule lists no dates: these are the delivery days of the next two weeks.</p>
          )}
          {view.deliveries.length > 0 && !withCutOffs && !states.isPending && (
            <p className="text-sm">
              No order cut-off is shown: this key sees no cut-off rule for{" "}
              {customer.State
                ? `the customer's state (${customer.State})`
                : "the customer's state, which its record leaves out"}
              .
            </p>
          )}
        </>
      )}
      {firstDay !== undefined && (
        <p className="text-sm">
          <Link
            className="link"
            href={`/delivery-days?${next ? `date=${next}` : `day=${firstDay}`}&q=${encodeURIComponent(customer.CustomerName ?? "")}${customer.State ? `&States=${encodeURIComponent(customer.State)}` : ""}`}
          >
            Delivery days and order cut-offs
          </Link>{" "}
          for this customer ({view.days || weekdayList(customer.DeliveryDays)}).
        </p>
      )}
    </section>
  );
}
