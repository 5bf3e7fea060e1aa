"use client";

import Link from "next/link";
import { useState } from "react";
import { isRole, ROLE_LABELS } from "@/lib/session/roles";
import { sessionClient } from "@/lib/session/session-client";

/** Who is signed in and their role here, with their account, the workspace's settings, and signing out. */
export function PersonMenu({ name, email, role }: { name: string; email: string; role: string }) {
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    await sessionClient.signOut();
    // Nothing of the person stays on the device (loaded here only: no page's first load carries it).
    await (await import("@/lib/ui/offline/clear-device")).clearDevice();
    // A full load on purpose (not the router): every client cache of the ended session goes with it.
    window.location.assign(new URL("/sign-in", window.location.href));
  }
  const roleName = role.split(",").map((r) => (isRole(r) ? ROLE_LABELS[r].label : r)).join(", ");
  return (
    <div className="flex items-center gap-3 text-xs">
      <span className="whitespace-nowrap" title={email}>
        {name} · <span data-testid="role">{roleName}</span>
      </span>
      <Link href="/settings/members" prefetch={false} className="link whitespace-nowrap">
        Workspace
      </Link>
      <Link href="/account" prefetch={false} className="link whitespace-nowrap">
        Account
      </Link>
      <button type="button" onClick={() => void signOut()} disabled={busy} className="link whitespace-nowrap">
        Sign out
      </button>
    </div>
  );
}
