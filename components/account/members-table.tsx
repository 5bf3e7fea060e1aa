"use client";

import { TableFrame } from "@/components/table/table-frame";
import { cardCell } from "@/components/table/card-cell";
import { formatDate, formatDateTime } from "@/lib/format/display";
import type { MemberRow } from "@/lib/session/members-view";
import { may, type RoleName } from "@/lib/session/roles";
import { isOwner, memberChoices, roleWords } from "@/lib/session/role-options";
import { ConfirmButton } from "./confirm-button";
import { MemberRoleControl } from "./member-role-control";
import { SalesRepField } from "./sales-rep-field";

interface MembersTableProps {
  members: MemberRow[];
  /** Who is looking: their user id and role decide what each row offers. */
  me: { userId: string; role: string };
  /** A workspace whose active key is an Employee key: the Sales rep column. */
  showSalesRep: boolean;
  timeZone: string;
  /** The member a change is being made to, while it is. */
  busyMemberId: string | undefined;
  onRole: (member: MemberRow, role: RoleName) => Promise<void>;
  onRemove: (member: MemberRow) => Promise<void>;
  onSalesRep: (member: MemberRow, salesRepUserId: number | null) => Promise<void>;
}

/**
 * The workspace's members: name and email, role, two factors, last activity, when they joined, and for owners and
 * admins changing a role (owners only for owners; the last owner stays) and removing (never themselves).
 */
export function MembersTable({
  members,
  me,
  showSalesRep,
  timeZone,
  busyMemberId,
  onRole,
  onRemove,
  onSalesRep,
}: MembersTableProps) {
  const ownerCount = members.filter((m) => isOwner(m.role)).length;
  const rows = members.map((member) => ({
    member,
    choices: memberChoices({ myRole: me.role, myUserId: me.userId, member, ownerCount }),
  }));
  const manages = may(me.role, { member: ["update"] });
  const removes = rows.some((r) => r.choices.canRemove);
  return (
    <TableFrame label="Members of this workspace">
      {/* On a phone a card per member, every column in it. */}
      <table className="data-table cards">
        <caption className="sr-only">Members of this workspace</caption>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Role</th>
            <th scope="col">Two factors</th>
            <th scope="col">Last active</th>
            <th scope="col">Joined</th>
            {showSalesRep && <th scope="col">Sales rep</th>}
            {removes && <th scope="col">Remove</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ member, choices }) => {
            const busy = busyMemberId === member.memberId;
            return (
              <tr key={member.memberId}>
                <td {...cardCell()}>
                  <span className="font-semibold">{member.name}</span>
                  {member.userId === me.userId && <span className="text-xs"> (you)</span>}
                  <span className="block text-xs font-normal text-slate-700 dark:text-slate-300">{member.email}</span>
                </td>
                <td className="whitespace-normal sm:min-w-44" {...cardCell("Role", { wide: true })}>
                  {manages ? (
                    <MemberRoleControl
                      key={member.role}
                      name={member.name}
                      choices={choices}
                      busy={busy}
                      onSave={(role) => onRole(member, role)}
                    />
                  ) : (
                    roleWords(member.role)
                  )}
                </td>
                <td {...cardCell("Two factors")}>{member.twoFactorEnabled ? "On" : "Off"}</td>
                <td className="whitespace-nowrap" {...cardCell("Last active")}>
                  {member.lastActiveAt ? formatDateTime(member.lastActiveAt, timeZone) : "Never"}
                </td>
                <td className="whitespace-nowrap" {...cardCell("Joined")}>
                  {formatDate(member.joinedAt, timeZone)}
                </td>
                {showSalesRep && (
                  <td {...cardCell("Sales rep", { wide: true })}>
                    {manages && (!isOwner(member.role) || isOwner(me.role)) ? (
                      <SalesRepField
                        key={String(member.salesRepUserId)}
                        name={member.name}
                        value={member.salesRepUserId}
                        busy={busy}
                        onSave={(id) => onSalesRep(member, id)}
                      />
                    ) : (
                      (member.salesRepUserId ?? "—")
                    )}
                  </td>
                )}
                {removes && (
                  <td {...cardCell(false, { wide: true })}>
                    {choices.canRemove && (
                      <ConfirmButton
                        label="Remove"
                        name={`Remove ${member.name}`}
                        question={`Remove ${member.name} (${member.email}) from the workspace? They lose access at once.`}
                        confirmLabel="Remove"
                        busyLabel="Removing…"
                        busy={busy}
                        onConfirm={() => onRemove(member)}
                      />
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
