"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { WorkspaceChoice } from "@/lib/session/session-view";
import { ROLE_LABELS, isRole } from "@/lib/session/roles";

/**
 * The workspace the person works in, and the others they belong to: choosing one makes it their session's active
 * workspace (better-auth's `organization/set-active`), and the page is drawn again with its keys and their role there.
 */
export function WorkspaceSwitcher({ workspaces, activeId }: { workspaces: WorkspaceChoice[]; activeId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  async function change(organizationId: string) {
    setBusy(true);
    setFailure(undefined);
    const response = await fetch("/api/auth/organization/set-active", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ organizationId }), credentials: "same-origin" }).catch(() => undefined);
    setBusy(false);
    if (!response?.ok) setFailure("That workspace could not be opened. Try again.");
    router.refresh();
  }
  const label = (w: WorkspaceChoice) => `${w.name} (${w.role.split(",").map((r) => (isRole(r) ? ROLE_LABELS[r].label : r)).join(", ")})`;
  return (
    <div className="flex min-w-0 items-center gap-1 text-xs">
      <label htmlFor="workspace-switcher" className="whitespace-nowrap text-slate-800 dark:text-slate-200">
        Workspace
      </label>
      <select id="workspace-switcher" value={activeId} disabled={busy} onChange={(e) => void change(e.target.value)} className="max-w-56 min-w-0 truncate rounded border border-slate-400 bg-white px-1 py-0.5 dark:bg-slate-900">
        {workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {label(w)}
          </option>
        ))}
      </select>
      {failure && (
        <span role="alert" className="text-red-800 dark:text-red-300">
          {failure}
        </span>
      )}
    </div>
  );
}
