"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { authFailure } from "@/lib/session/auth-failure";
import { BusyButton, FormStatus, type Outcome, TextField } from "./form-bits";
import { useAction } from "./use-action";

interface ProfileFormProps {
  name: string;
  email: string;
}

/** The person's name (as members and the audit trail show it), and their email, shown: it is how they sign in. */
export function ProfileForm({ name: current, email }: ProfileFormProps) {
  const router = useRouter();
  const { busy, run } = useAction();
  const [name, setName] = useState(current);
  const [outcome, setOutcome] = useState<Outcome>();

  const save = () =>
    run(async () => {
      setOutcome(undefined);
      const { error } = await authClient.updateUser({ name: name.trim() });
      if (error) return setOutcome({ tone: "error", text: authFailure(error, "Your name could not be saved.") });
      setOutcome({ tone: "ok", text: `Saved: you are ${name.trim()}.` });
      router.refresh();
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="max-w-xl space-y-4"
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="name"
        required
        maxLength={200}
      />
      <div>
        <p className="text-sm font-semibold">Email</p>
        <p className="text-sm">{email}</p>
      </div>
      <BusyButton busy={busy} busyLabel="Saving…" disabled={name.trim() === current || !name.trim()}>
        Save the name
      </BusyButton>
      <FormStatus outcome={outcome} />
    </form>
  );
}
