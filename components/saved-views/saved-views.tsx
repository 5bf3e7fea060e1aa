"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { FormStatus, type Outcome } from "@/components/account/form-bits";
import { useTimeZone } from "@/components/shell/providers";
import { useSavedViews } from "@/components/views/save-view";
import { membersClient } from "@/lib/session/session-client";
import { describeFailure } from "@/lib/ui/failure";
import { ViewCard } from "./view-card";

/**
 * The Saved views page: the workspace's views, each opened, renamed, deleted and scheduled (its CSV mailed daily or
 * weekly to members) here. What a person may change follows `lib/server/views/views-api.ts`: the view's creator,
 * owners and admins change a view; owners and admins mail any members; others mail their own views to themselves.
 */
export function SavedViews() {
  const timeZone = useTimeZone();
  const views = useSavedViews();
  const members = useQuery({
    queryKey: ["backroom", "members"],
    queryFn: async () => {
      const result = await membersClient.list();
      if (!result.ok) throw result.error;
      return result.data.members;
    },
    staleTime: 60_000,
  });
  const [outcome, setOutcome] = useState<Outcome>();

  if (views.isPending) return <SavedViews.Skeleton />;
  if (views.isError)
    return <p role="alert">{describeFailure(views.error, { what: "the saved views", service: "Backroom" }).message}</p>;
  const { me, mayScheduleOthers } = views.data;

  return (
    <div className="space-y-4">
      <FormStatus outcome={outcome} />
      {views.data.views.length === 0 ? (
        <p className="max-w-2xl text-sm">
          No saved views yet. Open a list (
          <Link href="/invoices" className="link">
            Invoices
          </Link>
          ,{" "}
          <Link href="/customers" className="link">
            Customers
          </Link>
          , …), set its filters and columns, then press <strong>Save view</strong> above its table.
        </p>
      ) : (
        <ul className="space-y-3">
          {views.data.views.map((view) => (
            <li key={view.id}>
              <ViewCard
                view={view}
                me={me}
                mayScheduleOthers={mayScheduleOthers}
                members={mayScheduleOthers ? (members.data ?? []) : (members.data ?? []).filter((m) => m.userId === me)}
                timeZone={timeZone}
                said={setOutcome}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

SavedViews.Skeleton = function SavedViewsSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading saved views" className="space-y-3">
      {[0, 1, 2].map((i) => (
        <li
          key={i}
          className="h-24 animate-pulse rounded border border-slate-300 bg-slate-100 dark:border-slate-700 dark:bg-slate-800"
        />
      ))}
    </ul>
  );
};
