import type { Metadata } from "next";
import { cookies } from "next/headers";
import { MembersSettings } from "@/components/account/members-settings";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { membersNow } from "../../_lib/members";
import { requireWorkspace } from "../../_lib/person";

export const metadata: Metadata = { title: "Members · Backroom" };

export default async function MembersPage() {
  const [view, jar, initial] = await Promise.all([requireWorkspace(), cookies(), membersNow()]);
  const active = view.keys.find((k) => k.id === view.activeKeyId);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Members</h1>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
          Who works in this workspace and as what. A role decides what a member may do with the workspace&apos;s keys; a
          change takes effect on their next request.
        </p>
      </div>
      <MembersSettings
        key={view.workspace.id}
        initial={initial}
        me={{ userId: view.person.id, role: view.role }}
        showSalesRep={active?.keyType === "Employee"}
        timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC"}
      />
    </div>
  );
}
