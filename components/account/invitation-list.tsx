"use client";

import { CopyButton } from "@/components/table/copy-button";
import { formatDateTime } from "@/lib/format/display";
import type { InvitationRow } from "@/lib/session/members-view";
import { roleWords } from "@/lib/session/role-options";
import { ConfirmButton } from "./confirm-button";

interface InvitationListProps {
  invitations: InvitationRow[];
  /** Whether Backroom mails invitations: without, each one's link is shown to copy. */
  mailDelivers: boolean;
  /** The site's origin, for the links (known in the browser only: the server's render shows the path, on the same line). */
  origin: string;
  /** Owners and admins: Cancel. */
  canCancel: boolean;
  timeZone: string;
  cancelling: string | undefined;
  onCancel: (invitation: InvitationRow) => Promise<void>;
}

/** Pending invitations: to whom, as what, by whom, until when; Cancel; and where no mail goes, the link to send. */
export function InvitationList({
  invitations,
  mailDelivers,
  origin,
  canCancel,
  timeZone,
  cancelling,
  onCancel,
}: InvitationListProps) {
  if (invitations.length === 0)
    return <p className="text-sm text-slate-700 dark:text-slate-300">No invitation is waiting for an answer.</p>;
  return (
    <div className="space-y-2">
      {!mailDelivers && (
        <p className="text-sm">
          Backroom sends no mail here: send each invited person their invitation&apos;s link yourself. It works once,
          for the address it names.
        </p>
      )}
      <ul className="divide-y divide-slate-300 rounded border border-slate-300 dark:divide-slate-700 dark:border-slate-700">
        {invitations.map((invitation) => {
          const link = `${origin}/invitations/${encodeURIComponent(invitation.id)}`;
          return (
            <li key={invitation.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
              <div className="min-w-0 space-y-1">
                <p>
                  <span className="font-semibold">{invitation.email}</span> as {roleWords(invitation.role)}
                </p>
                <p className="text-xs text-slate-700 dark:text-slate-300">
                  Invited by {invitation.invitedBy}; open until {formatDateTime(invitation.expiresAt, timeZone)}
                </p>
                {!mailDelivers && (
                  <p className="flex flex-wrap items-center gap-2 text-xs">
                    <span className="font-mono break-all">{link}</span>
                    <CopyButton text={link} label={`Copy the invitation link of ${invitation.email}:`} />
                  </p>
                )}
              </div>
              {canCancel && (
                <ConfirmButton
                  label="Cancel"
                  name={`Cancel the invitation of ${invitation.email}`}
                  question={`Cancel the invitation of ${invitation.email}? Its link stops working.`}
                  confirmLabel="Cancel the invitation"
                  busyLabel="Cancelling…"
                  dismissLabel="Keep it"
                  busy={cancelling === invitation.id}
                  onConfirm={() => onCancel(invitation)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
