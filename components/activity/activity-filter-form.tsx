"use client";

import type { FormEvent } from "react";
import { FilterDisclosure } from "@/components/table/filter-disclosure";
import { AUDIT_EVENT_NAMES, AUDIT_EVENTS, type AuditPage } from "@/lib/audit/audit-types";
import { filtersSet } from "@/lib/ui/views/filter-count";
import { ACTIVITY_FILTERS } from "./activity-filters";
import type { PeopleNames } from "./people-names";

const FIELD = "mt-1 rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900";

interface ActivityFilterFormProps {
  /** The filters in force (and the page). */
  filters: URLSearchParams;
  people: AuditPage["people"];
  /** The people's names, where the workspace knows them. */
  names: PeopleNames;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClear: () => void;
}

/** The filters by event, person and dates, with the CSV download of the same filters. */
export function ActivityFilterForm({ filters, people, names, onSubmit, onClear }: ActivityFilterFormProps) {
  const query = filters.toString();
  const csv = new URLSearchParams(filters);
  csv.delete("page");
  csv.set("format", "csv");
  return (
    <FilterDisclosure count={filtersSet(Object.fromEntries(ACTIVITY_FILTERS.map((name) => [name, filters.get(name)])))}>
      <form onSubmit={onSubmit} key={query} className="flex flex-wrap items-end gap-3" aria-label="Filter the activity">
        <label className="flex flex-col text-sm">
          Event
          <select name="event" defaultValue={filters.get("event") ?? ""} className={FIELD}>
            <option value="">All events</option>
            {AUDIT_EVENTS.map((e) => (
              <option key={e} value={e}>
                {AUDIT_EVENT_NAMES[e]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          Person
          <select name="person" defaultValue={filters.get("person") ?? ""} className={FIELD}>
            <option value="">Everyone</option>
            {people.map((p) => (
              <option key={p.userId} value={p.userId}>
                {names.byUserId.has(p.userId) ? `${names.byUserId.get(p.userId)} (${p.email})` : p.email}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          From (UTC)
          <input type="date" name="from" defaultValue={filters.get("from") ?? ""} className={FIELD} />
        </label>
        <label className="flex flex-col text-sm">
          To (UTC)
          <input type="date" name="to" defaultValue={filters.get("to") ?? ""} className={FIELD} />
        </label>
        <button type="submit" className="pager-button text-sm">
          Apply
        </button>
        {query && (
          <button type="button" className="pager-button text-sm" onClick={onClear}>
            Clear filters
          </button>
        )}
        <a href={`/api/activity?${csv}`} download className="pager-button text-sm">
          Download CSV
        </a>
      </form>
    </FilterDisclosure>
  );
}
