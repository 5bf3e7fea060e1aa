"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { authClient } from "@/lib/session/auth-client";
import { sessionClient } from "@/lib/session/session-client";
import { authFailure } from "@/lib/ui/account/auth-failure";
import { roleWords } from "@/lib/session/role-options";
import { formatDateTime } from "@/lib/format/display";
import { BUTTON } from "@/lib/ui/styles";
import { BusyButton, FormStatus, type Outcome } from "./form-bits";
import { useAction } from "./use-action";
import { fullLoad } from "./full-load";

interface InvitationResponseProps {
  invitationId: string;
  /** Who is signed in: the invitation must be for this address. */
  email: string;
  timeZone: string;
}

interface Invitation {
  organizationId: string;
  organizationName: string;
  role: string;
  inviterEmail: string;
  expiresAt: string;
}

/**
 * An invitation, as the person it was sent to reads it signed in: which workspace, as what, from whom, until when;
 * Accept (then the workspace is theirs to work in, and the dashboard opens) or Decline. Why it cannot be read or
 * accepted (ended, sent to another address, an address not yet confirmed) is said in words.
 */
export function InvitationResponse({ invitationId, email, timeZone }: InvitationResponseProps) {
  const router = useRouter();
  const { busy, run } = useAction();
  const [invitation, setInvitation] = useState<Invitation>();
  const [problem, setProblem] = useState<{ text: string; otherAddress: boolean }>();
  const [outcome, setOutcome] = useState<Outcome>();

  useEffect(() => {
    let live = true;
    void authClient.organization.getInvitation({ query: { id: invitationId } }).then(({ data, error }) => {
      if (!live) return;
      if (data) setInvitation({ ...data, expiresAt: new Date(data.expiresAt).toISOString() });
      else
        setProblem({
          text: authFailure(error, "The invitation could not be read."),
          otherAddress: error?.code === "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION",
        });
    });
    return () => {
      live = false;
    };
  }, [invitationId]);

  const accept = () =>
    run(async () => {
      setOutcome(undefined);
      const { error } = await authClient.organization.acceptInvitation({ invitationId });
      if (error)
        return setOutcome({ tone: "error", text: authFailure(error, "The invitation could not be accepted.") });
      await authClient.organization.setActive({ organizationId: invitation!.organizationId });
      setOutcome({ tone: "ok", text: `You are a member of ${invitation!.organizationName}. Opening its dashboard…` });
      router.push("/");
      router.refresh();
    });

  const decline = () =>
    run(async () => {
      setOutcome(undefined);
      const { error } = await authClient.organization.rejectInvitation({ invitationId });
      if (error)
        return setOutcome({ tone: "error", text: authFailure(error, "The invitation could not be declined.") });
      setInvitation(undefined);
      setOutcome({ tone: "ok", text: `Declined: you did not join ${invitation!.organizationName}.` });
    });

  const signOutAndIn = () =>
    run(async () => {
      await sessionClient.signOut();
      fullLoad(`/sign-in?next=${encodeURIComponent(`/invitations/${invitationId}`)}`);
    });

  return (
    <div className="min-h-40 space-y-4">
      {!invitation && !problem && !outcome && (
        <p className="text-sm text-slate-700 dark:text-slate-300">Reading the invitation…</p>
      )}
      {invitation && (
        <>
          <p className="text-lg">
            <strong>{invitation.inviterEmail}</strong> invites you to the workspace{" "}
            <strong>{invitation.organizationName}</strong> as <strong>{roleWords(invitation.role)}</strong>.
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
