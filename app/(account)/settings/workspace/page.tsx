import type { Metadata } from "next";
import { LeaveWorkspace } from "@/components/account/leave-workspace";
import { TwoFactorPolicyForm } from "@/components/account/two-factor-policy-form";
import { WorkspaceNameForm } from "@/components/account/workspace-name-form";
import { may } from "@/lib/session/roles";
import { isOwner } from "@/lib/session/role-options";
import { membersNow } from "../../_lib/members";
import { requireWorkspace } from "../../_lib/person";

export const metadata: Metadata = { title: "Workspace settings · Backroom" };

export default async function WorkspaceSettingsPage() {
  const [view, members] = await Promise.all([requireWorkspace(), membersNow()]);
  const owners = members?.members.filter((m) => isOwner(m.role)).length;
  const { workspace } = view;
  const manages = may(view.role, { organization: ["update"] });
  const sections = "space-y-3 border-t border-slate-300 pt-6 dark:border-slate-700";
  return (
    <div className="space-y-8" key={workspace.id}>
      <h1 className="text-2xl font-bold tracking-tight">Workspace</h1>
      <section aria-labelledby="workspace-name" className="space-y-3">
        <h2 id="workspace-name" className="text-lg font-semibold">
          Name
        </h2>
        {manages ? (
          <WorkspaceNameForm workspaceId={workspace.id} name={workspace.name} />
        ) : (
          <p>{workspace.name} (only owners and admins rename it)</p>
        )}
      </section>
      <section aria-labelledby="workspace-two-factor" className={sections}>
        <h2 id="workspace-two-factor" className="text-lg font-semibold">
          Two factors
        </h2>
        <TwoFactorPolicyForm
          workspaceId={workspace.id}
          required={workspace.requireTwoFactor}
          canChange={manages}
          ownTwoFactor={view.person.twoFactorEnabled}
        />
      </section>
      <section aria-labelledby="workspace-leave" className={sections}>
        <h2 id="workspace-leave" className="text-lg font-semibold">
          Leave the workspace
        </h2>
        <LeaveWorkspace
          workspaceId={workspace.id}
          name={workspace.name}
          lastOwner={isOwner(view.role) && owners === 1}
        />
      </section>
    </div>
  );
}
