"use client";

import { StaleNote } from "@/components/table/stale-note";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useId } from "react";
import { RequestError } from "@/components/table/request-error";
import { FilterDisclosure } from "@/components/table/filter-disclosure";
import { TableFrame } from "@/components/table/table-frame";
import { cardCell, useWholeTable, WholeTableToggle } from "@/components/table/whole-table";
import { formatDay } from "@/lib/format/display";
import { isPlainClick, pushParams } from "@/lib/ui/address";
import { apiQueryOptions, apiWalkOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { addDays, isoWeekday, localDay } from "@/lib/format/days";
import { weekdayName } from "@/lib/domain/delivery/cutoff";
import {
  CUSTOMER_PAGES,
  customersRequest,
  DELIVERY_STALE,
  deliveryParams,
  repsRequest,
  stateCustomersRequest,
  statesRequest,
} from "@/lib/domain/delivery/requests";
import { byWeekday, dayCutOff, type ScheduleState } from "@/lib/domain/delivery/schedule";
import { scheduleFallbackRequest, unknownSchedules, withSchedules } from "@/lib/domain/delivery/schedule-fallback";
import { BUTTON, fieldClass, PRIMARY } from "@/lib/ui/styles";
import { ACCOUNT_STATUSES, ACCOUNT_STATUS_LABELS } from "@/lib/data-api/values";
import { filtersSet } from "@/lib/ui/views/filter-count";
import { RecordLink } from "@/components/table/record-link";

const SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
const ALL_STATUSES = ACCOUNT_STATUSES.join(",");
/** The filters' names in the address, as the form sends them. */
const FILTERS = ["day", "States", "rep", "AccountStatuses", "q"] as const;

/**
 * The week, Monday to Sunday: customers per delivery day with counts, each state's order cut-off for the chosen day
 * (what an order placed now still makes is marked), filters by state, sales rep, account status and name in the
 * address, and a print view of the day's list.
 *
 * The customers are walked once (every state, by account status); a state, a rep, a name or a day is chosen in the
 * page from what was walked, with the address changed in the browser (no server render, no request). Only a walk
 * that stopped at its limit asks the API again for the chosen states, so that they are counted in full.
 */
export function DeliveryDays({ withReps }: { withReps: boolean }) {
  const search = useSearchParams();
  const params = deliveryParams(Object.fromEntries(search.entries()));
  const ids = { cutoffs: useId() };
  const cards = !useWholeTable();
  const everyState = useQuery(apiWalkOptions(browserApi, customersRequest(params), DELIVERY_STALE, CUSTOMER_PAGES));
  const chosen = stateCustomersRequest(params);
  const partial = everyState.data !== undefined && !everyState.data.complete;
  const byState = useQuery({
    ...apiWalkOptions(browserApi, chosen ?? customersRequest(params), DELIVERY_STALE, CUSTOMER_PAGES),
    enabled: partial && chosen !== undefined,
  });
  const customers = partial && chosen ? byState : everyState;
  // Sparse records: customers sent without their schedule have it read from /deliveryDays, and only those.
  const fallback = customers.data ? scheduleFallbackRequest(customers.data.records, params) : undefined;
  const schedules = useQuery({
    ...apiWalkOptions(browserApi, fallback ?? { operation: "listDeliveryDays" }, DELIVERY_STALE, CUSTOMER_PAGES),
    enabled: fallback !== undefined,
  });
  const walked =
    fallback && schedules.data
      ? withSchedules(customers.data?.records ?? [], schedules.data.records)
      : (customers.data?.records ?? []);
  const unknown = customers.data ? unknownSchedules(walked, params) : 0;
  const loading = customers.isPending || (fallback !== undefined && schedules.isPending);
  const states = useQuery(apiQueryOptions(browserApi, statesRequest, STALE.reference));
  const reps = useQuery({ ...apiQueryOptions(browserApi, repsRequest, STALE.directory), enabled: withReps });
  const stateList = (states.data?.records ?? []) as ScheduleState[];
  const now = new Date();
  // Grouped anew each render: a few milliseconds for 3,000 customers, and always on the current day.
  const days = byWeekday(
    walked,
    stateList,
    reps.data?.records ?? [],
    { states: params.states?.split(","), rep: params.rep, q: params.q },
    now,
  );
  // The states in view: those filtered to, else those the customers are in.
  const inView = stateList.filter((s) =>
    params.states
      ? params.states.split(",").includes(s.StateAbbreviation ?? "")
      : [...days.values()].some((rows) => rows.some((r) => r.state === s.StateAbbreviation)),
  );
  const zone = inView[0]?.TimeZone ?? "UTC";
  const today = localDay(now, zone);
  // Without a day in the address: the next day from tomorrow with deliveries (the next truck a rep plans for).
  const ahead = Array.from({ length: 7 }, (_, i) => isoWeekday(addDays(today, i + 1)));
  const day = params.day ?? ahead.find((w) => (days.get(w)?.length ?? 0) > 0) ?? ahead[0]!;
  const rows = days.get(day) ?? [];
  const cutOffs = inView.map((s) => dayCutOff(s, day, now));

  const link = (changes: Record<string, string | undefined>): `/delivery-days?${string}` => {
    const next = new URLSearchParams(search.toString());
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === "") next.delete(k);
      else next.set(k, v);
    }
    return `/delivery-days?${next.toString()}`;
  };
  // The form sends its fields as the address; without script it is a plain GET of the same address.
  const apply = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    pushParams((p) => {
      for (const name of FILTERS) {
        const value = String(data.get(name) ?? "").trim();
        if (value) p.set(name, value);
        else p.delete(name);
      }
    });
  };

  if (customers.error)
    return <RequestError error={customers.error} onRetry={() => void customers.refetch()} what="customers" />;
  return (
    <div className="space-y-5">
      {/* Keyed by the address: after any navigation the fields show the filters in force, not an unsent choice. */}
      <FilterDisclosure
        count={filtersSet(
          Object.fromEntries(FILTERS.filter((name) => name !== "day").map((name) => [name, search.get(name)])),
        )}
        className="print:hidden"
      >
        <form
          key={search.toString()}
          action="/delivery-days"
          method="get"
          onSubmit={apply}
          className="flex flex-wrap items-end gap-3 print:hidden"
          aria-label="Filter the customers"
        >
          <input type="hidden" name="day" value={day} />
          <div>
            <label htmlFor="dd-state" className="block text-sm font-semibold">
              State
            </label>
            <select
              id="dd-state"
              name="States"
              defaultValue={params.states ?? ""}
              className={fieldClass(false, "mt-1")}
            >
              <option value="">All states</option>
              {stateList.map((s) => (
                <option key={s.StateAbbreviation} value={s.StateAbbreviation ?? ""}>
                  {s.StateName ?? s.StateAbbreviation}
                </option>
              ))}
            </select>
          </div>
          {withReps && (
            <div>
              <label htmlFor="dd-rep" className="block text-sm font-semibold">
                Sales rep
              </label>
              <select
                id="dd-rep"
                name="rep"
                defaultValue={params.rep ?? ""}
                className={fieldClass(false, "mt-1 max-w-64")}
              >
                <option value="">Any rep</option>
                {[...(reps.data?.records ?? [])]
                  .sort((a, b) => (a.Name ?? "").localeCompare(b.Name ?? ""))
                  .map((r) => (
                    <option key={r.UserID} value={r.UserID ?? ""}>
                      {r.Name ?? `User ${r.UserID}`} ({r.Customers?.length ?? 0})
                    </option>
                  ))}
              </select>
            </div>
          )}
          <div>
            <label htmlFor="dd-status" className="block text-sm font-semibold">
              Account status
            </label>
            <select
              id="dd-status"
              name="AccountStatuses"
              defaultValue={params.statuses}
              className={fieldClass(false, "mt-1")}
            >
              {ACCOUNT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ACCOUNT_STATUS_LABELS[s]}
                </option>
              ))}
              <option value={ALL_STATUSES}>Any status</option>
            </select>
          </div>
          <div>
            <label htmlFor="dd-q" className="block text-sm font-semibold">
              Customer name
            </label>
            <input
              id="dd-q"
              name="q"
              type="search"
              defaultValue={params.q ?? ""}
              className={fieldClass(false, "mt-1 w-56")}
            />
          </div>
          <button type="submit" className={PRIMARY}>
            Apply
          </button>
        </form>
      </FilterDisclosure>

      <nav aria-label="Days of the week" className="print:hidden">
        <ul className="grid grid-cols-7 gap-1 sm:gap-2">
          {SHORT.map((short, index) => {
            const weekday = index + 1;
            const count = days.get(weekday)?.length ?? 0;
            const cut = inView[0] ? dayCutOff(inView[0], weekday, now) : undefined;
            const current = weekday === day;
            return (
              <li key={short}>
                <a
                  href={link({ day: String(weekday) })}
                  onClick={(event) => {
                    if (!isPlainClick(event)) return;
                    event.preventDefault();
                    pushParams((p) => p.set("day", String(weekday)));
                  }}
                  aria-current={current ? "true" : undefined}
                  className={`block rounded border p-2 text-center text-sm ${current ? "border-sky-800 bg-sky-800 text-white dark:border-sky-300 dark:bg-sky-300 dark:text-slate-950" : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"}`}
                >
                  <span className="block font-semibold">
                    <abbr title={weekdayName(weekday)} className="no-underline">
                      {short}
                    </abbr>
                  </span>
                  <span className="block text-lg font-bold tabular-nums" aria-label={`${count} customers`}>
                    {loading ? "…" : count}
                  </span>
                  {cut?.next && (
                    <span className="hidden text-xs sm:block">{formatDay(cut.next.day).replace(/, \d{4}$/, "")}</span>
                  )}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      <section aria-labelledby={ids.cutoffs} className="space-y-2">
        <h2 id={ids.cutoffs} className="text-lg font-semibold">
          {weekdayName(day)}: order cut-off
        </h2>
        {cutOffs.length === 0 && <p className="text-sm">No state in view.</p>}
        <ul className="space-y-2">
          {cutOffs.map((c) => {
            const missed = c.nearest && c.next && c.nearest !== c.next;
            return (
              <li
                key={c.state}
                data-testid={`cutoff-${c.state}`}
                className={`rounded border p-3 text-sm ${missed ? "border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50" : "border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50"}`}
              >
                <strong>{c.state}</strong> ({c.timeZone}): {c.sentence}
                {c.next && !missed && <span className="ml-1 font-semibold">Still possible now.</span>}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="dd-list" className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="dd-list" className="text-lg font-semibold">
            {weekdayName(day)}&apos;s customers ({rows.length})
          </h2>
          <StaleNote as="span" of={[everyState.data, byState.data, schedules.data, states.data]} />
          <span className="flex flex-wrap items-center gap-2 print:hidden">
            <WholeTableToggle />
            <button type="button" className={BUTTON} onClick={() => window.print()}>
              Print {weekdayName(day)}&apos;s route list
            </button>
          </span>
        </div>
        <p className="hidden text-sm print:block">
          Route list for {weekdayName(day)}
          {cutOffs[0]?.next ? `, ${formatDay(cutOffs[0].next.day)}` : ""}
          {params.states ? ` · ${params.states}` : ""}
          {params.q ? ` · names with "${params.q}"` : ""}
        </p>
        {customers.data && !customers.data.complete && (
          <p className="text-sm">
            More than 3,000 customers match: the first 3,000 are counted.
            {chosen ? "" : " Choose a state to see all of its customers."}
          </p>
        )}
        {fallback && schedules.error && (
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
          <p className="text-sm">No customer takes deliveries on {weekdayName(day)} with these filters.</p>
        ) : (
          <TableFrame label={`${weekdayName(day)}'s customers`}>
            {/* Fixed column widths: a long table paints while it is still arriving, and columns sized by their content
                would move when a wider row came in. Narrower than 60rem, the frame scrolls sideways instead. */}
            <table className={`data-table min-w-[60rem] table-fixed print:min-w-0 ${cards ? "cards" : ""}`}>
              <colgroup>
                <col className="w-[28%]" />
                <col className="w-[7%]" />
                <col className="w-[19%]" />
                <col className="w-[12%]" />
                <col className="w-[19%]" />
                <col className="w-[15%]" />
              </colgroup>
              <thead>
                <tr>
                  <th scope="col">Customer</th>
                  <th scope="col">State</th>
                  <th scope="col">Sales rep</th>
                  <th scope="col">Account status</th>
                  <th scope="col">Next deliveries</th>
                  <th scope="col">Delivery days</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.customerId}>
                    <th scope="row" className="font-normal whitespace-normal" {...cardCell()}>
                      <Link className="link" href={`/customers/${r.customerId}`}>
                        {r.name}
                      </Link>
                    </th>
                    <td {...cardCell("State")}>{r.state ?? "—"}</td>
                    <td className="whitespace-normal" {...cardCell("Sales rep")}>
                      {r.rep || r.repUserId != null ? (
                        <RecordLink kind="UserIDs" id={r.repUserId}>
                          {r.rep ?? `User ${r.repUserId}`}
                        </RecordLink>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td {...cardCell("Account status")}>
                      {r.accountStatus
                        ? (ACCOUNT_STATUS_LABELS[r.accountStatus as keyof typeof ACCOUNT_STATUS_LABELS] ??
                          r.accountStatus)
                        : "—"}
                    </td>
                    <td className="whitespace-normal" {...cardCell("Next deliveries")}>
                      {r.nextDates.length
                        ? r.nextDates
                            .slice(0, 3)
                            .map((d) => formatDay(d).replace(/, \d{4}$/, ""))
                            .join(" · ")
                        : "—"}
                    </td>
                    <td {...cardCell("Delivery days")}>{r.weekdays.map((w) => SHORT[w - 1]).join(", ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>
    </div>
  );
}
