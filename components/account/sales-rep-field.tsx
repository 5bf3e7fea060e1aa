"use client";

import { useId, useState } from "react";
import { BUTTON, FIELD_ERROR, fieldClass } from "@/lib/ui/styles";
import { BusyButton } from "./form-bits";

interface SalesRepFieldProps {
  name: string;
  /** The sales rep's UserID the member is linked to, or null. */
  value: number | null;
  busy: boolean;
  /** Links (a UserID) or unlinks (null). */
  onSave: (salesRepUserId: number | null) => Promise<void>;
}

/** A member's sales rep link: a UserID of `/salesReps`, empty for none, and Save. */
export function SalesRepField({ name, value, busy, onSave }: SalesRepFieldProps) {
  const id = useId();
  const [text, setText] = useState(value === null ? "" : String(value));
  const [error, setError] = useState<string>();
  const typed = text.trim();
  const changed = typed !== (value === null ? "" : String(value));
  function save() {
    if (typed && !/^[1-9]\d{0,9}$/.test(typed))
      return setError("A UserID is a whole number above 0; leave it empty for none.");
    setError(undefined);
    void onSave(typed ? Number(typed) : null);
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Sales rep UserID of {name}
      </label>
      <input
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === "Enter" && changed && !busy && save()}
        inputMode="numeric"
        placeholder="None"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldClass(Boolean(error), "w-24")}
      />
      <BusyButton
        type="button"
        busy={busy}
        busyLabel="Saving…"
        disabled={!changed}
        onClick={save}
        className={BUTTON}
        aria-label={`Save the sales rep of ${name}`}
      >
        Save
      </BusyButton>
      {error && (
        <p id={`${id}-error`} className={`w-full ${FIELD_ERROR}`}>
          {error}
        </p>
      )}
    </div>
  );
}
