"use client";

import { BusyButton } from "@/components/account/form-bits";
import { BUTTON, FIELD_ERROR, fieldClass } from "@/lib/ui/styles";

interface ViewRenameFormProps {
  viewName: string;
  /** The id of the view's heading: the field's ids start with it. */
  headingId: string;
  name: string;
  onName: (name: string) => void;
  error: string | undefined;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/** A view's new name, saved or cancelled (Escape cancels too). */
export function ViewRenameForm(props: ViewRenameFormProps) {
  const { viewName, headingId, name, onName, error, busy, onSubmit, onCancel } = props;
  return (
    <form
      aria-label={`Rename “${viewName}”`}
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      onKeyDown={(e) => e.key === "Escape" && onCancel()}
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
          onChange={(e) => onName(e.target.value)}
          aria-describedby={error ? `${headingId}-name-error` : undefined}
          className={fieldClass(Boolean(error), "w-64")}
        />
        {error && (
          <p id={`${headingId}-name-error`} className={FIELD_ERROR}>
            {error}
          </p>
        )}
      </div>
      <BusyButton busy={busy} busyLabel="Saving…">
        Save name
      </BusyButton>
      <button type="button" className={BUTTON} onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
