"use client";

import { useId, useState } from "react";
import type { MemberChoices } from "@/lib/session/role-options";
import type { RoleName } from "@/lib/session/roles";
import { BUTTON, fieldClass } from "@/lib/ui/styles";
import { BusyButton } from "./form-bits";

interface MemberRoleControlProps {
  /** The member's name, for the select's label. */
  name: string;
  choices: MemberChoices;
  busy: boolean;
  onSave: (role: RoleName) => Promise<void>;
}

/** A member's role as a select and Save (owners and admins), with why an option or the whole control is not offered. */
export function MemberRoleControl({ name, choices, busy, onSave }: MemberRoleControlProps) {
  const id = useId();
  const [role, setRole] = useState<RoleName>(choices.role);
  const changed = role !== choices.role;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Role of {name}
      </label>
      <select
        id={id}
        value={role}
        disabled={!choices.canChangeRole}
        onChange={(e) => setRole(e.target.value as RoleName)}
        aria-describedby={choices.note ? `${id}-note` : undefined}
        className={fieldClass(false)}
      >
        {choices.options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled} title={option.description}>
            {option.label}
            {option.disabled && option.value === "owner" && option.value !== choices.role ? " (owners only)" : ""}
          </option>
        ))}
      </select>
      {choices.canChangeRole && (
        <BusyButton
          type="button"
          busy={busy}
          busyLabel="Saving…"
          disabled={!changed}
          onClick={() => void onSave(role)}
          className={BUTTON}
          aria-label={`Save the role of ${name}`}
        >
          Save
        </BusyButton>
      )}
      {choices.note && (
        <p id={`${id}-note`} className="w-full text-xs text-slate-700 dark:text-slate-300">
          {choices.note}
        </p>
      )}
    </div>
  );
}
