"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { Outcome } from "@/components/account/form-bits";
import { useAction } from "@/components/account/use-action";
import { entryFor } from "@/lib/domain/navigation";
import { SAVED_VIEWS_KEY, savedViewsClient } from "@/lib/session/saved-views-client";
import type { SavedViewJson, ScheduleInput } from "@/lib/session/saved-views-view";
import { ScheduleForm } from "./schedule-form";
import { ViewCardActions } from "./view-card-actions";
import { ViewRenameForm } from "./view-rename-form";
import { ViewScheduleSummary } from "./view-schedule-summary";

/** The filters of a view's address, as the page's parameters name them ("Statuses=1,7 · PageSize=100"). */
function filterWords(path: string): string {
  const params = [...new URL(path, "http://x").searchParams];
  return params.length ? params.map(([k, v]) => `${k}=${v}`).join(" · ") : "No filters";
}

interface ViewCardProps {
  view: SavedViewJson;
  me: string;
  mayScheduleOthers: boolean;
  members: { userId: string; name: string; email: string }[];
  timeZone: string;
  said: (outcome: Outcome) => void;
}

/** One saved view: what it shows, when it is mailed, and what may be done with it. */
export function ViewCard({ view, me, mayScheduleOthers, members, timeZone, said }: ViewCardProps) {
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
      <ViewScheduleSummary schedule={view.schedule} timeZone={timeZone} />

      <ViewCardActions
        view={view}
        mayChange={mayChange}
        maySchedule={maySchedule}
        editing={editing}
        onEditing={setEditing}
        busy={busy}
        onStop={() => change(() => savedViewsClient.unschedule(view.id), `“${view.name}” is no longer mailed.`)}
        onDelete={() => change(() => savedViewsClient.remove(view.id), `“${view.name}” was deleted.`)}
      />

      {editing === "rename" && (
        <ViewRenameForm
          viewName={view.name}
          headingId={headingId}
          name={name}
          onName={setName}
          error={errors.name}
          busy={busy}
          onSubmit={() => void change(() => savedViewsClient.rename(view.id, name), `Renamed to “${name.trim()}”.`)}
          onCancel={() => setEditing(undefined)}
        />
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
