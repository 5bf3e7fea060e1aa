"use client";

import Link from "next/link";
import { useState } from "react";
import { sessionClient } from "@/lib/session/session-client";
import { fullLoad } from "./full-load";

interface AccountMenuProps {
  name: string;
  email: string;
}

/** The header's menu of a person in no workspace yet (the shell's `PersonMenu` names a role): their account, sign out. */
export function AccountMenu({ name, email }: AccountMenuProps) {
  const [busy, setBusy] = useState(false);
  async function signOut() {
    if (busy) return;
    setBusy(true);
    await sessionClient.signOut();
    fullLoad("/sign-in");
  }
  return (
    <div className="flex items-center gap-3 text-xs">
      <span className="whitespace-nowrap" title={email}>
        {name}
      </span>
      <Link href="/account" prefetch={false} className="link whitespace-nowrap">
        Account
      </Link>
      <button type="button" onClick={() => void signOut()} aria-disabled={busy || undefined} className="link whitespace-nowrap">
        Sign out
      </button>
    </div>
  );
}
