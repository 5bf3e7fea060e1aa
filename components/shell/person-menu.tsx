"use client";

import Link from "next/link";
import { useState } from "react";
import { isRole, ROLE_LABELS } from "@/lib/session/roles";
import { sessionClient } from "@/lib/session/session-client";
import { PERSON_LINK, PERSON_LINKS, PERSON_MENU } from "./header-field";

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
  const roleName = role
    .split(",")
    .map((r) => (isRole(r) ? ROLE_LABELS[r].label : r))
    .join(", ");
  return (
    <div className={PERSON_MENU}>
      <span className="md:whitespace-nowrap" title={email}>
        {name} · <span data-testid="role">{roleName}</span>
      </span>
      <span className={PERSON_LINKS}>
        <Link href="/settings/members" prefetch={false} className={PERSON_LINK}>
          Workspace
        </Link>
        <Link href="/account" prefetch={false} className={PERSON_LINK}>
          Account
        </Link>
        <button type="button" onClick={() => void signOut()} disabled={busy} className={PERSON_LINK}>
          Sign out
        </button>
      </span>
    </div>
  );
}
