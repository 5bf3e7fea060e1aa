"use client";

import { useId, useState } from "react";
import { CopyButton } from "@/components/table/copy-button";
import { type RoleName } from "@/lib/session/roles";
import { roleOptions } from "@/lib/session/role-options";
import { membersClient } from "@/lib/session/session-client";
import { BusyButton, FormStatus, inputClass, type Outcome, TextField } from "./form-bits";
import { useAction } from "./use-action";

interface InviteFormProps {
  /** The inviter's role: only owners invite owners. */
  myRole: string;
  mailDelivers: boolean;
  /** Told once the invitation is made (the page reads the list again). */
  onInvited: () => Promise<void>;
}

/**
 * Invites a person by email with a role; the invitation is good for 7 days. Its link is mailed to the address; where
 * Backroom sends no mail, it is shown here once, to be sent on by hand (no list shows it again).
 */
export function InviteForm({ myRole, mailDelivers, onInvited }: InviteFormProps) {
  const ids = { role: useId(), roleHint: useId() };
  const { busy, run } = useAction();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<RoleName>("viewer");
  const [outcome, setOutcome] = useState<Outcome>();
  const [made, setMade] = useState<{ email: string; link: string }>();
  const options = roleOptions(myRole);
  const chosen = options.find((o) => o.value === role);

  const invite = () =>
    run(async () => {
      setOutcome(undefined);
      setMade(undefined);
      const address = email.trim();
      const result = await membersClient.invite(address, role);
      if (!result.ok) return setOutcome({ tone: "error", text: result.message });
      setEmail("");
      await onInvited();
      if (result.data.link) setMade({ email: address, link: result.data.link });
      setOutcome({
        tone: "ok",
        text:
          mailDelivers || !result.data.link
            ? `Invited ${address}: a mail with the link is on its way.`
            : `Invited ${address}. Backroom sends no mail: copy the invitation's link below and send it to them. It is shown this once.`,
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
      {made && (
        <p className="flex flex-wrap items-center gap-2 text-xs">
          <span className="font-mono break-all">{made.link}</span>
          <CopyButton text={made.link} label={`Copy the invitation link of ${made.email}:`} />
        </p>
      )}
    </form>
  );
}
