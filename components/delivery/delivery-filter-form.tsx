"use client";

import { FilterDisclosure } from "@/components/table/filter-disclosure";
import { ACCOUNT_STATUSES, ACCOUNT_STATUS_LABELS } from "@/lib/data-api/values";
import type { DeliveryParams } from "@/lib/domain/delivery/requests";
import type { ScheduleRep, ScheduleState } from "@/lib/domain/delivery/schedule";
import { pushParams } from "@/lib/ui/address";
import { fieldClass, PRIMARY } from "@/lib/ui/styles";
import { filtersSet } from "@/lib/ui/views/filter-count";

const ALL_STATUSES = ACCOUNT_STATUSES.join(",");
/** The filters' names in the address, as the form sends them. */
const FILTERS = ["date", "States", "rep", "AccountStatuses", "q"] as const;

interface DeliveryFilterFormProps {
  search: URLSearchParams;
  params: DeliveryParams;
  /** The date in view, kept when the filters change. */
  date: string;
  stateList: ScheduleState[];
  withReps: boolean;
  reps: readonly ScheduleRep[];
}

// The form sends its fields as the address; without script it is a plain GET of the same address.
function apply(event: React.FormEvent<HTMLFormElement>) {
  event.preventDefault();
  const data = new FormData(event.currentTarget);
  pushParams((p) => {
    p.delete("day");
    for (const name of FILTERS) {
      const value = String(data.get(name) ?? "").trim();
      if (value) p.set(name, value);
      else p.delete(name);
    }
  });
}

/** The filters by state, sales rep, account status and name, behind the phone's disclosure. */
export function DeliveryFilterForm({ search, params, date, stateList, withReps, reps }: DeliveryFilterFormProps) {
  // Keyed by the address: after any navigation the fields show the filters in force, not an unsent choice.
  return (
    <FilterDisclosure
      count={filtersSet(
        Object.fromEntries(FILTERS.filter((name) => name !== "date").map((name) => [name, search.get(name)])),
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
        <input type="hidden" name="date" value={date} />
        <div>
          <label htmlFor="dd-state" className="block text-sm font-semibold">
            State
          </label>
          <select id="dd-state" name="States" defaultValue={params.states ?? ""} className={fieldClass(false, "mt-1")}>
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
              {[...reps]
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
  );
}
