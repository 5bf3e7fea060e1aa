"use client";

import Link from "next/link";
import { ConfirmButton } from "@/components/account/confirm-button";
import type { SavedViewJson } from "@/lib/session/saved-views-view";
import { BUTTON } from "@/lib/ui/styles";

type Editing = "rename" | "schedule" | undefined;

interface ViewCardActionsProps {
  view: SavedViewJson;
  /** Whether the person may rename and delete the view. */
  mayChange: boolean;
  /** Whether the person may schedule the view, or stop its reports. */
  maySchedule: boolean;
  editing: Editing;
  onEditing: (editing: Editing) => void;
  busy: boolean;
  onStop: () => Promise<void>;
  onDelete: () => Promise<void>;
}

/** What may be done with a view: open it, and as the person may, rename, schedule, stop its reports or delete it. */
export function ViewCardActions(props: ViewCardActionsProps) {
  const { view, mayChange, maySchedule, editing, onEditing, busy, onStop, onDelete } = props;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <Link href={view.path as never} prefetch={false} className={`${BUTTON} inline-block`}>
        Open
      </Link>
      {mayChange && (
        <button
          type="button"
          className={BUTTON}
          aria-expanded={editing === "rename"}
          onClick={() => onEditing(editing === "rename" ? undefined : "rename")}
        >
          Rename
        </button>
      )}
      {maySchedule && (
        <button
          type="button"
          className={BUTTON}
          aria-expanded={editing === "schedule"}
          onClick={() => onEditing(editing === "schedule" ? undefined : "schedule")}
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
          onConfirm={onStop}
        />
      )}
      {mayChange && (
        <ConfirmButton
          label="Delete"
          question={`Delete “${view.name}”${view.schedule ? " and its reports" : ""}?`}
          confirmLabel="Delete view"
          busyLabel="Deleting…"
          busy={busy}
          onConfirm={onDelete}
        />
      )}
    </div>
  );
}
