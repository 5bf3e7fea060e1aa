import type { Metadata } from "next";
import { cookies } from "next/headers";
import { CreateWorkspaceForm } from "@/components/account/create-workspace-form";
import { ClearDeviceOnLoad } from "@/components/offline/clear-device-on-load";
import { RemovalNotice } from "@/components/account/removal-notice";
import { WorkspaceList } from "@/components/account/workspace-list";
import { backend } from "@/lib/backend";
import { removalNotice } from "@/lib/server/core/auth/removal-notice";
import { safeNext } from "@/lib/session/safe-next";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { requirePerson } from "../_lib/person";

export const metadata: Metadata = { title: "Workspaces · Backroom" };

export default async function WorkspacesPage({ searchParams }: PageProps<"/workspaces">) {
  const [view, params, jar] = await Promise.all([requirePerson(), searchParams, cookies()]);
  const next = safeNext(params.next);
  // In no workspace: were they removed from their last one? (Read from the audit trail; a newcomer was not.)
  const removal = view.workspaces.length === 0 ? await removalNotice(await backend(), view.person) : undefined;
  return (
    <div className="max-w-2xl space-y-8">
      {/* In no workspace (removed from it, or never in one): none of a workspace's pages or data stays on the device. */}
      {!view.workspace && <ClearDeviceOnLoad />}
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Your workspaces</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          A workspace holds a team&apos;s Data API keys and its members. Open the one to work in
          {next && view.workspaces.length > 0 ? (
            <>
              : then you go on to <code className="code-chip">{next}</code>
            </>
          ) : (
            "."
          )}
        </p>
      </div>
      {removal ? (
        <RemovalNotice removal={removal} timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC"} />
      ) : (
        <WorkspaceList workspaces={view.workspaces} activeId={view.workspace?.id} next={next} />
      )}
      <section
        aria-labelledby="create-workspace"
        className="space-y-3 border-t border-slate-300 pt-6 dark:border-slate-700"
      >
        <h2 id="create-workspace" className="text-lg font-semibold">
          Create a workspace
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          You become its owner: you add its key and invite your team.
        </p>
        <CreateWorkspaceForm />
      </section>
    </div>
  );
}
