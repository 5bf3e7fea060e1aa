"use client";

import { useId } from "react";
import { RequestError } from "@/components/table/request-error";
import { StaleNote } from "@/components/table/stale-note";
import { WholeTableToggle } from "@/components/table/whole-table";
import { BUTTON } from "@/lib/ui/styles";
import { DeliveryCustomerTable } from "./delivery-customer-table";
import { DeliveryCutOffs } from "./delivery-cut-offs";
import { DeliveryFilterForm } from "./delivery-filter-form";
import { DeliveryWeekNav } from "./delivery-week-nav";
import { dateWords } from "./delivery-weekdays";
import { useDeliveryDays } from "./use-delivery-days";

interface DeliveryDaysProps {
  withReps: boolean;
}

/**
 * The seven days from today, each with its count of customers with a delivery dated that day (the API's dates:
 * `deliveriesOn`, as the staff overview counts them), the chosen date's customers, each state's order cut-off for it
 * (what an order placed now still makes is marked), filters by state, sales rep, account status and name in the
 * address, and a print view of the date's list.
 *
 * The customers are walked once (every state, by account status); a state, a rep, a name or a date is chosen in the
 * page from what was walked, with the address changed in the browser (no server render, no request). Only a walk
 * that stopped at its limit asks the API again for the chosen states, so that they are counted in full.
 */
export function DeliveryDays({ withReps }: DeliveryDaysProps) {
  const ids = { cutoffs: useId() };
  const view = useDeliveryDays(withReps);
  const { search, params, customers, schedules, loading, date, asked, dayRows: rows, cutOffs, unknown } = view;
  const words = dateWords(date);

  if (customers.error)
    return <RequestError error={customers.error} onRetry={() => void customers.refetch()} what="customers" />;
  return (
    <div className="space-y-5">
      <DeliveryFilterForm
        search={search}
        params={params}
        date={date}
        stateList={view.stateList}
        withReps={withReps}
        reps={view.reps.data?.records ?? []}
      />

      <DeliveryWeekNav search={search} week={view.week} counts={view.counts} date={date} loading={loading} />
      {asked && (
        <p className="text-sm" role="status">
          {dateWords(asked)} is not among the next seven days, whose deliveries the API dates: showing {words}.
        </p>
      )}

      <DeliveryCutOffs headingId={ids.cutoffs} date={date} cutOffs={cutOffs} />

      <section aria-labelledby="dd-list" className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="dd-list" className="text-lg font-semibold">
            {words}: <span data-figure="deliveries-on-date">{loading ? "…" : rows.length}</span>{" "}
            {rows.length === 1 ? "customer" : "customers"}
          </h2>
          <StaleNote as="span" of={[view.everyState.data, view.byState.data, schedules.data, view.states.data]} />
          <span className="flex flex-wrap items-center gap-2 print:hidden">
            <WholeTableToggle />
            <button type="button" className={BUTTON} onClick={() => window.print()}>
              Print {words}&apos;s route list
            </button>
          </span>
        </div>
        <p className="hidden text-sm print:block">
          Route list for {words}
          {params.states ? ` · ${params.states}` : ""}
          {params.q ? ` · names with "${params.q}"` : ""}
        </p>
        {customers.data && !customers.data.complete && (
          <p className="text-sm">
            More than 3,000 customers match: the first 3,000 are counted.
            {view.chosen ? "" : " Choose a state to see all of its customers."}
          </p>
        )}
        {view.fallback && schedules.error && (
          <RequestError error={schedules.error} onRetry={() => void schedules.refetch()} what="delivery schedules" />
        )}
        {unknown > 0 && !loading && (
          <p className="text-sm">
            {unknown === 1 ? "1 customer has" : `${unknown.toLocaleString("en-US")} customers have`} no delivery days
            this key may see (their records leave them out, and the delivery schedules cover active customers only), so{" "}
            {unknown === 1 ? "it is" : "they are"} on no day.
          </p>
        )}
        {loading ? (
          <p aria-busy="true">Loading customers…</p>
        ) : rows.length === 0 ? (
          <p className="text-sm">No customer has a delivery dated {words} with these filters.</p>
        ) : (
          <DeliveryCustomerTable date={date} rows={rows} />
        )}
      </section>
    </div>
  );
}
