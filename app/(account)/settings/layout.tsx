import { SettingsNav } from "@/components/account/settings-nav";
import { requireWorkspace } from "../_lib/person";

/** The workspace's settings (members, keys, the workspace itself): the person must be working in a workspace. */
export default async function SettingsLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const view = await requireWorkspace();
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Settings of the workspace <strong className="text-slate-900 dark:text-slate-50">{view.workspace.name}</strong>
        </p>
        <SettingsNav />
      </div>
      {children}
    </div>
  );
}
