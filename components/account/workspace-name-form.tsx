"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { workspaceClient } from "@/lib/session/session-client";
import { BusyButton, FormStatus, type Outcome, TextField } from "./form-bits";
import { useAction } from "./use-action";

interface WorkspaceNameFormProps {
  workspaceId: string;
  name: string;
}

/** Renames the workspace (owners and admins): every member's header shows the new name. */
export function WorkspaceNameForm({ workspaceId, name: current }: WorkspaceNameFormProps) {
  const router = useRouter();
  const { busy, run } = useAction();
  const [name, setName] = useState(current);
  const [outcome, setOutcome] = useState<Outcome>();

  const rename = () =>
    run(async () => {
      setOutcome(undefined);
      const trimmed = name.trim();
      const renamed = await workspaceClient.rename(workspaceId, trimmed);
      if (!renamed.ok) return setOutcome({ tone: "error", text: renamed.message });
      setOutcome({ tone: "ok", text: `The workspace is now called ${trimmed}.` });
      router.refresh();
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void rename();
      }}
      className="max-w-xl space-y-4"
    >
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={100}
        autoComplete="organization"
      />
      <BusyButton busy={busy} busyLabel="Renaming…" disabled={name.trim() === current}>
        Rename
      </BusyButton>
      <FormStatus outcome={outcome} />
    </form>
  );
}
