"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { WorkspaceChoice } from "@/lib/session/session-view";
import { roleWords } from "@/lib/session/role-options";
import { workspaceClient } from "@/lib/session/session-client";
import { HEADER_FIELD, HEADER_LABEL, HEADER_SELECT } from "./header-field";

/**
 * The workspace the person works in, and the others they belong to: choosing one makes it their session's active
 * workspace (`PUT /api/session/workspace`), and the page is drawn again with its keys and their role there.
 */
export function WorkspaceSwitcher({ workspaces, activeId }: { workspaces: WorkspaceChoice[]; activeId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  async function change(organizationId: string) {
    setBusy(true);
    setFailure(undefined);
    const chosen = await workspaceClient.choose(organizationId);
    setBusy(false);
    if (!chosen.ok) setFailure("That workspace could not be opened. Try again.");
    router.refresh();
  }
  const label = (w: WorkspaceChoice) => `${w.name} (${roleWords(w.role)})`;
  return (
    <div className={HEADER_FIELD}>
      <label htmlFor="workspace-switcher" className={HEADER_LABEL}>
        Workspace
      </label>
      <select
        id="workspace-switcher"
        value={activeId}
        disabled={busy}
        onChange={(e) => void change(e.target.value)}
        className={HEADER_SELECT}
      >
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
