"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { BusyButton, FormStatus, type Outcome } from "@/components/account/form-bits";
import { ConfirmButton } from "@/components/account/confirm-button";
import { useAction } from "@/components/account/use-action";
import { useTimeZone } from "@/components/shell/providers";
import { useSavedViews } from "@/components/views/save-view";
import { formatDateTime } from "@/lib/format/display";
import { SAVED_VIEWS_KEY, savedViewsClient } from "@/lib/session/saved-views-client";
import type { SavedViewJson, ScheduleInput, ScheduleJson } from "@/lib/session/saved-views-view";
import { WEEKDAYS } from "@/lib/session/schedule-values";
import { membersClient } from "@/lib/session/session-client";
import { describeFailure } from "@/lib/ui/failure";
import { entryFor } from "@/lib/domain/navigation";
import { BUTTON, FIELD_ERROR, fieldClass } from "@/lib/ui/styles";
import { ScheduleForm } from "./schedule-form";

/** A schedule in words: "Weekly on Monday at 09:00 (Europe/Berlin), to 2 members". */
function scheduleWords(schedule: ScheduleJson): string {
  const when = schedule.frequency === "weekly" ? `Weekly on ${WEEKDAYS[(schedule.weekday ?? 1) - 1]}` : "Daily";
  const to = schedule.recipients.length === 1 ? "1 member" : `${schedule.recipients.length} members`;
  return `${when} at ${schedule.localTime} (${schedule.timeZone}), to ${to}`;
}

/** The filters of a view's address, as the page's parameters name them ("Statuses=1,7 · PageSize=100"). */
function filterWords(path: string): string {
  const params = [...new URL(path, "http://x").searchParams];
  return params.length ? params.map(([k, v]) => `${k}=${v}`).join(" · ") : "No filters";
}

/**
 * The Saved views page: the workspace's views, each opened, renamed, deleted and scheduled (its CSV mailed daily or
 * weekly to members) here. What a person may change follows `lib/server/reports/views-api.ts`: the view's creator,
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

interface ViewCardProps {
  view: SavedViewJson;
  me: string;
  mayScheduleOthers: boolean;
  members: { userId: string; name: string; email: string }[];
  timeZone: string;
  said: (outcome: Outcome) => void;
}

/** One saved view: what it shows, when it is mailed, and what may be done with it. */
function ViewCard({ view, me, mayScheduleOthers, members, timeZone, said }: ViewCardProps) {
  const queryClient = useQueryClient();
  const { busy, run } = useAction();
  const [editing, setEditing] = useState<"rename" | "schedule">();
  const [name, setName] = useState(view.name);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mayChange = view.createdBy === me || mayScheduleOthers;
  const maySchedule =
    mayScheduleOthers || (view.createdBy === me && (view.schedule?.recipients ?? []).every((r) => r === me));
  const page = entryFor(view.path.split("?")[0]!)?.label ?? view.path.split("?")[0];
  const headingId = `view-${view.id}`;

  /** Runs a change, reads the views again, and says how it went. */
  const change = (
    work: () => Promise<{ ok: true } | { ok: false; message: string; fields: Record<string, string> }>,
    done: string,
  ) =>
    run(async () => {
      setErrors({});
      const result = await work();
      if (!result.ok) {
        setErrors(result.fields);
        if (Object.keys(result.fields).length === 0) said({ tone: "error", text: result.message });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: SAVED_VIEWS_KEY });
      setEditing(undefined);
      said({ tone: "ok", text: done });
    });

  return (
    <article
      aria-labelledby={headingId}
      className="rounded border border-slate-300 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          <Link href={view.path as never} prefetch={false} className="link">
            {view.name}
          </Link>
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">{page}</p>
      </div>
      <p className="mt-1 text-sm break-all text-slate-700 dark:text-slate-300">{filterWords(view.path)}</p>
      <div className="mt-2 text-sm">
        {view.schedule ? (
          <>
            <p>{scheduleWords(view.schedule)}.</p>
            <p>
              Next run:{" "}
              <time dateTime={view.schedule.nextRunAt}>{formatDateTime(view.schedule.nextRunAt, timeZone)}</time> (
              {timeZone})
              {view.schedule.lastRunAt && (
                <>
                  {" "}
                  · Last:{" "}
                  <time dateTime={view.schedule.lastRunAt}>{formatDateTime(view.schedule.lastRunAt, timeZone)}</time>
                  {view.schedule.lastError
                    ? ` (failed: ${view.schedule.lastError})`
                    : view.schedule.lastRows !== null
                      ? ` (${view.schedule.lastRows} rows)`
                      : ""}
                </>
              )}
            </p>
          </>
        ) : (
          <p>Not scheduled.</p>
        )}
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Link href={view.path as never} prefetch={false} className={`${BUTTON} inline-block`}>
          Open
        </Link>
        {mayChange && (
          <button
            type="button"
            className={BUTTON}
            aria-expanded={editing === "rename"}
            onClick={() => setEditing(editing === "rename" ? undefined : "rename")}
          >
            Rename
          </button>
        )}
        {maySchedule && (
          <button
            type="button"
            className={BUTTON}
            aria-expanded={editing === "schedule"}
            onClick={() => setEditing(editing === "schedule" ? undefined : "schedule")}
          >
            {view.schedule ? "Edit schedule" : "Schedule"}
          </button>
        )}
        {maySchedule && view.schedule && (
          <ConfirmButton
            label="Stop reports"
            question={`Stop mailing “${view.name}”?`}
            confirmLabel="Stop reports"
            busyLabel="Stopping…"
            busy={busy}
            onConfirm={() => change(() => savedViewsClient.unschedule(view.id), `“${view.name}” is no longer mailed.`)}
          />
        )}
        {mayChange && (
          <ConfirmButton
            label="Delete"
            question={`Delete “${view.name}”${view.schedule ? " and its reports" : ""}?`}
            confirmLabel="Delete view"
            busyLabel="Deleting…"
            busy={busy}
            onConfirm={() => change(() => savedViewsClient.remove(view.id), `“${view.name}” was deleted.`)}
          />
        )}
      </div>

      {editing === "rename" && (
        <form
          aria-label={`Rename “${view.name}”`}
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void change(() => savedViewsClient.rename(view.id, name), `Renamed to “${name.trim()}”.`);
          }}
          onKeyDown={(e) => e.key === "Escape" && setEditing(undefined)}
        >
          <div>
            <label htmlFor={`${headingId}-name`} className="block text-xs font-medium">
              New name
            </label>
            <input
              id={`${headingId}-name`}
              autoFocus
              value={name}
              maxLength={80}
              required
              onChange={(e) => setName(e.target.value)}
              aria-describedby={errors.name ? `${headingId}-name-error` : undefined}
              className={fieldClass(Boolean(errors.name), "w-64")}
            />
            {errors.name && (
              <p id={`${headingId}-name-error`} className={FIELD_ERROR}>
                {errors.name}
              </p>
            )}
          </div>
          <BusyButton busy={busy} busyLabel="Saving…">
            Save name
          </BusyButton>
          <button type="button" className={BUTTON} onClick={() => setEditing(undefined)}>
            Cancel
          </button>
        </form>
      )}
      {editing === "schedule" && (
        <ScheduleForm
          viewName={view.name}
          current={view.schedule}
          members={members}
          me={me}
          timeZone={timeZone}
          busy={busy}
          errors={errors}
          onSubmit={(input: ScheduleInput) =>
            void change(() => savedViewsClient.schedule(view.id, input), `“${view.name}” is scheduled.`)
          }
          onCancel={() => setEditing(undefined)}
        />
      )}
    </article>
  );
}
