"use client";

import Link from "next/link";
import { useState } from "react";
import { PERSON_LINK, PERSON_LINKS, PERSON_MENU } from "@/components/shell/header-field";
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
    <div className={PERSON_MENU}>
      <span className="md:whitespace-nowrap" title={email}>
        {name}
      </span>
      <span className={PERSON_LINKS}>
        <Link href="/account" prefetch={false} className={PERSON_LINK}>
          Account
        </Link>
        <button type="button" onClick={() => void signOut()} aria-disabled={busy || undefined} className={PERSON_LINK}>
          Sign out
        </button>
      </span>
    </div>
  );
}
