"use client";

import { useId, useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { type RoleName } from "@/lib/session/roles";
import { authFailure } from "@/lib/ui/account/auth-failure";
import { roleOptions } from "@/lib/session/role-options";
import { BusyButton, FormStatus, inputClass, type Outcome, TextField } from "./form-bits";
import { useAction } from "./use-action";

interface InviteFormProps {
  /** The inviter's role: only owners invite owners. */
  myRole: string;
  mailDelivers: boolean;
  /** Told once the invitation is made (the page reads the list again). */
  onInvited: () => Promise<void>;
}

/** Invites a person by email with a role; the invitation is good for 7 days, mailed, or its link shown where no mail goes. */
export function InviteForm({ myRole, mailDelivers, onInvited }: InviteFormProps) {
  const ids = { role: useId(), roleHint: useId() };
  const { busy, run } = useAction();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<RoleName>("viewer");
  const [outcome, setOutcome] = useState<Outcome>();
  const options = roleOptions(myRole);
  const chosen = options.find((o) => o.value === role);

  const invite = () =>
    run(async () => {
      setOutcome(undefined);
      const address = email.trim();
      const { error } = await authClient.organization.inviteMember({ email: address, role });
      if (error) return setOutcome({ tone: "error", text: authFailure(error, "The invitation could not be made.") });
      setEmail("");
      await onInvited();
      setOutcome({
        tone: "ok",
        text: mailDelivers
          ? `Invited ${address}: a mail with the link is on its way.`
          : `Invited ${address}. Backroom sends no mail: copy the invitation's link below and send it to them.`,
      });
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void invite();
      }}
      className="max-w-xl space-y-4"
    >
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoComplete="off"
        required
      />
      <div>
        <label htmlFor={ids.role} className="block text-sm font-semibold">
          Role
        </label>
        <select
          id={ids.role}
          value={role}
          onChange={(e) => setRole(e.target.value as RoleName)}
          aria-describedby={ids.roleHint}
          className={inputClass(false)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
              {o.disabled ? " (only owners invite owners)" : ""}
            </option>
          ))}
        </select>
        <p id={ids.roleHint} className="mt-1 text-xs text-slate-700 dark:text-slate-300">
          {chosen?.description}
        </p>
      </div>
      <BusyButton busy={busy} busyLabel="Inviting…">
        Invite
      </BusyButton>
      <FormStatus outcome={outcome} />
    </form>
  );
}
