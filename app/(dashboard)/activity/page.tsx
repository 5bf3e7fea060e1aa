import type { Metadata } from "next";
import { ActivityLog } from "@/components/activity/activity-log";
import { may } from "@/lib/session/roles";
import { NotForThisRole, PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Activity · Backroom" };

export default async function ActivityPage() {
  const { view } = await requireSession();
  const all = may(view.role, { audit: ["read"] });
  if (!all && !may(view.role, { audit: ["read-own"] }))
    return <NotForThisRole title="Activity" role={view.role!} doing="show the audit trail" />;
  return (
    <div className="space-y-4">
      <PageTitle
        title="Activity"
        intro={`${all ? `Everything done through Backroom in ${view.workspace!.name}` : "What you did through Backroom in this workspace"}: who signed in and out, keys added and removed, invitations and role changes, payment allocations and purchase orders (with what the API answered and what became of them). No key is ever recorded.`}
      />
      <ActivityLog />
    </div>
  );
}
