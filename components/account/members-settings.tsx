"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import type { InvitationRow, MemberRow, MembersJson } from "@/lib/session/members-view";
import { may, type RoleName } from "@/lib/session/roles";
import { membersClient, type SessionResult } from "@/lib/session/session-client";
import { roleWords } from "@/lib/session/role-options";
import { describeFailure } from "@/lib/ui/failure";
import { FormStatus, type Outcome } from "./form-bits";
import { InvitationList } from "./invitation-list";
import { InviteForm } from "./invite-form";
import { MembersTable } from "./members-table";
import { useAction } from "./use-action";

interface MembersSettingsProps {
  /** The members as the server read them for the first paint (undefined: read here). */
  initial: MembersJson | undefined;
  me: { userId: string; role: string };
  /** The active key is an Employee key: members can be linked to sales reps. */
  showSalesRep: boolean;
  timeZone: string;
}

/** The Members page: the members and the pending invitations, read again after every change made here. */
export function MembersSettings({ initial, me, showSalesRep, timeZone }: MembersSettingsProps) {
  const router = useRouter();
  const { run } = useAction();
  const [data, setData] = useState(initial);
  const [loadError, setLoadError] = useState<string>();
  const [busyId, setBusyId] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();

  const take = useCallback((result: Awaited<ReturnType<typeof membersClient.list>>) => {
    if (result.ok) setData(result.data);
    setLoadError(
      result.ok ? undefined : describeFailure(result.error, { what: "the members", service: "Backroom" }).message,
    );
  }, []);
  const reload = useCallback(async () => take(await membersClient.list()), [take]);
  // The server could not read them for the first paint: read here once.
  useEffect(() => {
    if (initial) return;
    let live = true;
    void membersClient.list().then((result) => live && take(result));
    return () => {
      live = false;
    };
  }, [initial, take]);

  /** One change at a time: made, then the list read again, then said. A change to oneself redraws the page (the role). */
  const change = (id: string, self: boolean, work: () => Promise<Outcome>) =>
    run(async () => {
      setOutcome(undefined);
      setBusyId(id);
      const said = await work();
      await reload();
      setBusyId(undefined);
      setOutcome(said);
      if (self) router.refresh();
    });
  /** The outcome of a change: the server's words when it refused, `done` when it was made. */
  const said = (result: SessionResult<unknown>, done: string): Outcome =>
    result.ok ? { tone: "ok", text: done } : { tone: "error", text: result.message };

  const onRole = (member: MemberRow, role: RoleName) =>
    change(member.memberId, member.userId === me.userId, async () =>
      said(await membersClient.changeRole(member.memberId, role), `${member.name} is now ${roleWords(role)}.`),
    );
  const onRemove = (member: MemberRow) =>
    change(member.memberId, false, async () =>
      said(await membersClient.remove(member.memberId), `${member.name} is no longer a member: their access ended.`),
    );
  const onSalesRep = (member: MemberRow, salesRepUserId: number | null) =>
    change(member.memberId, member.userId === me.userId, async () => {
      const result = await membersClient.linkSalesRep(member.memberId, salesRepUserId);
      if (!result.ok)
        return {
          tone: "error",
          text: describeFailure(result.error, { what: "the sales rep link", doing: "save", service: "Backroom" })
            .message,
        };
      return {
        tone: "ok",
        text:
          salesRepUserId === null
            ? `${member.name} is linked to no sales rep.`
            : `${member.name} is linked to the sales rep with UserID ${salesRepUserId}.`,
      };
    });
  const onCancel = (invitation: InvitationRow) =>
    change(invitation.id, false, async () =>
      said(await membersClient.cancelInvitation(invitation.id), `The invitation of ${invitation.email} is cancelled.`),
    );

  const manages = may(me.role, { member: ["update"] });
  return (
    <div className="space-y-8">
      {showSalesRep && (
        <p className="max-w-3xl text-sm text-slate-700 dark:text-slate-300">
          Sales rep: a member linked to a sales rep (the rep&apos;s UserID in{" "}
          <code className="code-chip">/salesReps</code>) has their customers, delivery days and AR aging open on
          &ldquo;My accounts&rdquo;. It only sets what opens by default, not what they may see: every member sees
          everything the key sees.
        </p>
      )}
      {loadError && (
        <p role="alert" className="text-sm font-semibold text-red-800 dark:text-red-300">
          {loadError}
        </p>
      )}
      {data ? (
        <MembersTable
          members={data.members}
          me={me}
          showSalesRep={showSalesRep}
          timeZone={timeZone}
          busyMemberId={busyId}
          onRole={onRole}
          onRemove={onRemove}
          onSalesRep={onSalesRep}
        />
      ) : (
        !loadError && <p className="min-h-24 text-sm text-slate-700 dark:text-slate-300">Reading the members…</p>
      )}
      <FormStatus outcome={outcome} />
      {!manages && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Only owners and admins invite members, change roles and remove members.
        </p>
      )}
      {data?.invitations && (
        <section aria-labelledby="invitations" className="space-y-3">
          <h2 id="invitations" className="text-lg font-semibold">
            Pending invitations
          </h2>
          <InvitationList
            invitations={data.invitations}
            canCancel={may(me.role, { invitation: ["cancel"] })}
            timeZone={timeZone}
            cancelling={busyId}
            onCancel={onCancel}
          />
        </section>
      )}
      {may(me.role, { invitation: ["create"] }) && (
        <section aria-labelledby="invite" className="space-y-3">
          <h2 id="invite" className="text-lg font-semibold">
            Invite someone
          </h2>
          <InviteForm myRole={me.role} mailDelivers={data?.mailDelivers ?? true} onInvited={reload} />
        </section>
      )}
    </div>
  );
}
