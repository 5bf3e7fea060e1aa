"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { WorkspaceChoice } from "@/lib/session/session-view";
import { workspaceClient } from "@/lib/session/session-client";
import { roleWords } from "@/lib/session/role-options";
import { BUTTON } from "@/lib/ui/styles";
import { BusyButton, FormStatus, type Outcome } from "./form-bits";
import { useAction } from "./use-action";

interface WorkspaceListProps {
  workspaces: WorkspaceChoice[];
  /** The workspace the person works in now, if any. */
  activeId: string | undefined;
  /** Where to go once one is open (a path of this site), else the dashboard. */
  next: string | undefined;
}

/** The person's workspaces with their role in each; Open makes one the workspace they work in, and goes on. */
export function WorkspaceList({ workspaces, activeId, next }: WorkspaceListProps) {
  const router = useRouter();
  const { busy, run } = useAction();
  const [opening, setOpening] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();

  const open = (workspace: WorkspaceChoice) =>
    run(async () => {
      setOutcome(undefined);
      setOpening(workspace.id);
      const chosen = await workspaceClient.choose(workspace.id);
      if (!chosen.ok) {
        setOpening(undefined);
        return setOutcome({ tone: "error", text: `${workspace.name} could not be opened: ${chosen.message}` });
      }
      setOutcome({ tone: "ok", text: `Opening ${workspace.name}…` });
      router.push((next ?? "/") as never);
      router.refresh();
    });

  if (workspaces.length === 0) {
    return (
      <p className="text-sm">
        You belong to no workspace yet. Create one below, or open the link of an invitation someone sent you.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <ul className="divide-y divide-slate-300 rounded border border-slate-300 dark:divide-slate-700 dark:border-slate-700">
        {workspaces.map((w) => (
          <li key={w.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div>
              <p className="font-semibold">
                {w.name}
                {w.id === activeId && (
                  <span className="ml-2 text-xs font-normal text-slate-700 dark:text-slate-300">(open now)</span>
                )}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">Your role: {roleWords(w.role)}</p>
            </div>
            <BusyButton
              type="button"
              busy={busy && opening === w.id}
              busyLabel="Opening…"
              onClick={() => void open(w)}
              className={BUTTON}
              aria-label={`Open ${w.name}`}
            >
              Open
            </BusyButton>
          </li>
        ))}
      </ul>
      <FormStatus outcome={outcome} />
    </div>
  );
}
