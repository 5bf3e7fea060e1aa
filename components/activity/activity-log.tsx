"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { describeFailure } from "@/lib/ui/failure";
import { ActivityFilterForm } from "./activity-filter-form";
import { ACTIVITY_FILTERS, activityFilters } from "./activity-filters";
import { ActivityTable } from "./activity-table";
import { ACTIVITY_PAGE_SIZE, fetchActivityPage } from "./fetch-activity-page";
import { usePeopleNames } from "./use-people-names";

/**
 * The workspace's audit trail (`GET /api/activity`): every write made through Backroom with its keys, sign-ins and
 * sign-outs, keys added and removed, invitations, role changes and removals, each naming who, newest first (a role that
 * sees only its own entries sees those). The filters (event, person, from, to) and the page live in the address, so a
 * view can be bookmarked or sent; the CSV download takes the same filters.
 */
export function ActivityLog() {
  const timeZone = useTimeZone();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [refused, setRefused] = useState<string>();
  const filters = activityFilters(new URLSearchParams(params.toString()));
  const query = filters.toString();
  const page = Number(filters.get("page") ?? 1);
  const activity = useQuery({
    queryKey: ["audit", query],
    queryFn: ({ signal }) => fetchActivityPage(query, signal),
    staleTime: 0,
  });
  const data = activity.data;
  const names = usePeopleNames();
  const pages = data ? Math.max(1, Math.ceil(data.total / ACTIVITY_PAGE_SIZE)) : 1;

  const go = (next: URLSearchParams) =>
    router.push(`${pathname}${next.size ? `?${next}` : ""}` as never, { scroll: false });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ACTIVITY_FILTERS) {
      const value = String(form.get(name) ?? "");
      if (value) next.set(name, value);
    }
    const from = next.get("from");
    const to = next.get("to");
    if (from && to && from > to)
      return setRefused("The From date is after the To date: choose a range that runs forward.");
    setRefused(undefined);
    go(activityFilters(next));
  };
  const toPage = (n: number) => {
    const next = new URLSearchParams(filters);
    if (n > 1) next.set("page", String(n));
    else next.delete("page");
    go(next);
  };

  return (
    <div className="space-y-3">
      <ActivityFilterForm
        filters={filters}
        people={data?.people ?? []}
        names={names}
        onSubmit={onSubmit}
        onClear={() => {
          setRefused(undefined);
          go(new URLSearchParams());
        }}
      />

      {refused && (
        <p role="alert" className="text-sm font-semibold text-red-800 dark:text-red-300">
          {refused}
        </p>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {activity.isFetching
          ? "Loading…"
          : data
            ? `${data.total.toLocaleString("en-US")} entr${data.total === 1 ? "y" : "ies"}${data.total > ACTIVITY_PAGE_SIZE ? `, page ${page} of ${pages}` : ""}`
            : ""}
      </p>
      {activity.error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {describeFailure(activity.error, { what: "the activity", service: "Backroom" }).message}
        </p>
      )}
      <ActivityTable data={data} filtered={query !== ""} timeZone={timeZone} names={names} />
      {data && data.total > ACTIVITY_PAGE_SIZE && (
        <nav aria-label="Activity pages" className="flex items-center gap-3">
          <button type="button" className="pager-button text-sm" disabled={page <= 1} onClick={() => toPage(page - 1)}>
            Previous page
          </button>
          <button
            type="button"
            className="pager-button text-sm"
            disabled={!data.hasNextPage}
            onClick={() => toPage(page + 1)}
          >
            Next page
          </button>
        </nav>
      )}
    </div>
  );
}
