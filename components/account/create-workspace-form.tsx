"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { authFailure } from "@/lib/ui/account/auth-failure";
import { workspaceSlug } from "@/lib/ui/account/workspace-slug";
import { BusyButton, FormStatus, type Outcome, TextField } from "./form-bits";
import { useAction } from "./use-action";

/**
 * Creates a workspace: its name (the slug better-auth needs is derived from it, with a random suffix), the person its
 * owner; it becomes the workspace they work in, and its keys page follows, where its first Data API key is added.
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
      let answer = await authClient.organization.create({ name: trimmed, slug: workspaceSlug(trimmed) });
      // A slug taken by chance (a suffix met twice): once more with another suffix.
      if (answer.error?.code === "ORGANIZATION_SLUG_ALREADY_TAKEN")
        answer = await authClient.organization.create({ name: trimmed, slug: workspaceSlug(trimmed) });
      if (!answer.data)
        return setOutcome({ tone: "error", text: authFailure(answer.error, "The workspace could not be made.") });
      const active = await authClient.organization.setActive({ organizationId: answer.data.id });
      if (active.error)
        return setOutcome({
          tone: "error",
          text: authFailure(active.error, `${trimmed} was made but could not be opened: open it from the list.`),
        });
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
