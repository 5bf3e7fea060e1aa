"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { workspaceClient } from "@/lib/session/session-client";
import { BusyButton, FormStatus, type Outcome, TextField } from "./form-bits";
import { useAction } from "./use-action";

/**
 * Creates a workspace: its name (Backroom derives its slug), the person its owner; it becomes the workspace they work
 * in, and its keys page follows, where its first Data API key is added.
 */
export function CreateWorkspaceForm() {
  const router = useRouter();
  const { busy, run } = useAction();
  const [name, setName] = useState("");
  const [outcome, setOutcome] = useState<Outcome>();

  const create = () =>
    run(async () => {
      setOutcome(undefined);
      const trimmed = name.trim();
      const made = await workspaceClient.create(trimmed);
      if (!made.ok) return setOutcome({ tone: "error", text: made.message });
      setOutcome({ tone: "ok", text: `${trimmed} is made, and you are its owner. Next: its Data API key.` });
      router.push("/settings/keys");
      router.refresh();
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
      className="space-y-4"
    >
      <TextField
        label="Workspace name"
        hint="Your company or team, as its members will see it: “Valley Cannabis buyers”."
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={100}
        autoComplete="organization"
      />
      <BusyButton busy={busy} busyLabel="Creating…">
        Create the workspace
      </BusyButton>
      <FormStatus outcome={outcome} />
    </form>
  );
}
