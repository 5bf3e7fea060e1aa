"use client";

import { formatDateTime } from "@/lib/format/display";
import type { InvitationRow } from "@/lib/session/members-view";
import { roleWords } from "@/lib/session/role-options";
import { ConfirmButton } from "./confirm-button";

interface InvitationListProps {
  invitations: InvitationRow[];
  /** Owners and admins: Cancel. */
  canCancel: boolean;
  timeZone: string;
  cancelling: string | undefined;
  onCancel: (invitation: InvitationRow) => Promise<void>;
}

/**
 * Pending invitations: to whom, as what, by whom, until when; Cancel. Never a link: an invitation's link is mailed to
 * the address, or shown once to whoever made it (`InviteForm`).
 */
export function InvitationList({ invitations, canCancel, timeZone, cancelling, onCancel }: InvitationListProps) {
  if (invitations.length === 0)
    return <p className="text-sm text-slate-700 dark:text-slate-300">No invitation is waiting for an answer.</p>;
  return (
    <div className="space-y-2">
      <ul className="divide-y divide-slate-300 rounded border border-slate-300 dark:divide-slate-700 dark:border-slate-700">
        {invitations.map((invitation) => {
          return (
            <li key={invitation.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
              <div className="min-w-0 space-y-1">
                <p>
                  <span className="font-semibold">{invitation.email}</span> as {roleWords(invitation.role)}
                </p>
                <p className="text-xs text-slate-700 dark:text-slate-300">
                  Invited by {invitation.invitedBy}; open until {formatDateTime(invitation.expiresAt, timeZone)}
                </p>
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
