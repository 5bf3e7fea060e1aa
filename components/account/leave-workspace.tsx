"use client";

import { useState } from "react";
import { workspaceClient } from "@/lib/session/session-client";
import { FormStatus, type Outcome } from "./form-bits";
import { ConfirmButton } from "./confirm-button";
import { useAction } from "./use-action";
import { fullLoad } from "./full-load";

interface LeaveWorkspaceProps {
  workspaceId: string;
  name: string;
  /** The person is the workspace's only owner: they cannot leave (better-auth refuses it too). */
  lastOwner: boolean;
}

/** Leaving the workspace (everyone but its last owner): access ends at once, and the person chooses another. */
export function LeaveWorkspace({ workspaceId, name, lastOwner }: LeaveWorkspaceProps) {
  const { busy, run } = useAction();
  const [outcome, setOutcome] = useState<Outcome>();

  const leave = () =>
    run(async () => {
      setOutcome(undefined);
      const left = await workspaceClient.leave(workspaceId);
      if (!left.ok) return setOutcome({ tone: "error", text: left.message });
      setOutcome({ tone: "ok", text: `You left ${name}.` });
      fullLoad("/workspaces");
    });

  return (
    <div className="space-y-3">
      {lastOwner ? (
        <p className="text-sm">
          You are the last owner of {name}: make another member owner on the Members page before you leave.
        </p>
      ) : (
        <p className="text-sm">You lose access to its keys and data at once; an owner or admin can invite you again.</p>
      )}
      <ConfirmButton
        label="Leave the workspace"
        question={`Leave ${name}?`}
        confirmLabel="Leave"
        busyLabel="Leaving…"
        busy={busy}
        disabled={lastOwner}
        onConfirm={leave}
      />
      <FormStatus outcome={outcome} />
    </div>
  );
}
