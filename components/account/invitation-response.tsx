"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { invitationClient, sessionClient } from "@/lib/session/session-client";
import type { InvitationView } from "@/lib/session/session-view";
import { roleWords } from "@/lib/session/role-options";
import { formatDateTime } from "@/lib/format/display";
import { BUTTON } from "@/lib/ui/styles";
import { BusyButton, FormStatus, type Outcome } from "./form-bits";
import { useAction } from "./use-action";
import { fullLoad } from "./full-load";

interface InvitationResponseProps {
  /** The link's secret: what answers the invitation. */
  secret: string;
  /** The invitation, as the server read it for the person signed in; or why it shows nothing of it. */
  invitation?: InvitationView;
  problem?: { text: string; otherAddress: boolean };
  /** Who is signed in: the invitation must be for this address. */
  email: string;
  timeZone: string;
}

/**
 * An invitation, as the person it was sent to reads it signed in: which workspace, as what, from whom, until when;
 * Accept (then the workspace is theirs to work in, and the dashboard opens) or Decline. Why it cannot be read or
 * accepted (ended, sent to another address, an address not yet confirmed) is said in words.
 */
export function InvitationResponse({ secret, email, timeZone, ...read }: InvitationResponseProps) {
  const router = useRouter();
  const { busy, run } = useAction();
  const [invitation, setInvitation] = useState(read.invitation);
  const [outcome, setOutcome] = useState<Outcome>();
  const { problem } = read;

  const accept = () =>
    run(async () => {
      setOutcome(undefined);
      const accepted = await invitationClient.accept(secret);
      if (!accepted.ok) return setOutcome({ tone: "error", text: accepted.message });
      setOutcome({ tone: "ok", text: `You are a member of ${accepted.data.workspaceName}. Opening its dashboard…` });
      router.push("/");
      router.refresh();
    });

  const decline = () =>
    run(async () => {
      setOutcome(undefined);
      const declined = await invitationClient.decline(secret);
      if (!declined.ok) return setOutcome({ tone: "error", text: declined.message });
      setInvitation(undefined);
      setOutcome({ tone: "ok", text: `Declined: you did not join ${declined.data.workspaceName}.` });
    });

  const signOutAndIn = () =>
    run(async () => {
      await sessionClient.signOut();
      fullLoad(`/sign-in?next=${encodeURIComponent(`/invitations/${secret}`)}`);
    });

  return (
    <div className="min-h-40 space-y-4">
      {invitation && (
        <>
          <p className="text-lg">
            <strong>{invitation.inviterEmail}</strong> invites you to the workspace{" "}
            <strong>{invitation.workspaceName}</strong> as <strong>{roleWords(invitation.role)}</strong>.
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            For {email}. The invitation is open until {formatDateTime(invitation.expiresAt, timeZone)}.
          </p>
          <div className="flex flex-wrap gap-3">
            <BusyButton type="button" busy={busy} busyLabel="Working…" onClick={() => void accept()}>
              Accept and open the workspace
            </BusyButton>
            <BusyButton
              type="button"
              busy={busy}
              busyLabel="Working…"
              onClick={() => void decline()}
              className={BUTTON}
            >
              Decline
            </BusyButton>
          </div>
        </>
      )}
      {problem && (
        <div className="space-y-3">
          <p
            role="alert"
            className="rounded border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-950 dark:bg-red-950 dark:text-red-100"
          >
            {problem.text}
          </p>
          <p className="text-sm">You are signed in as {email}.</p>
          <div className="flex flex-wrap gap-3">
            {problem.otherAddress && (
              <BusyButton
                type="button"
                busy={busy}
                busyLabel="Signing out…"
                onClick={() => void signOutAndIn()}
                className={BUTTON}
              >
                Sign in with another account
              </BusyButton>
            )}
            <Link href="/workspaces" className="link text-sm" prefetch={false}>
              Your workspaces
            </Link>
          </div>
        </div>
      )}
      <FormStatus outcome={outcome} />
      {outcome?.tone === "ok" && !invitation && (
        <Link href="/workspaces" className="link text-sm" prefetch={false}>
          Your workspaces
        </Link>
      )}
    </div>
  );
}
