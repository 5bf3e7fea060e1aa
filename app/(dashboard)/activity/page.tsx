import type { Metadata } from "next";
import { ActivityLog } from "@/components/activity/activity-log";
import { PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Activity · Backroom" };

export default async function ActivityPage() {
  const { active } = await requireSession();
  return (
    <div className="space-y-4">
      <PageTitle
        title="Activity"
        intro={`Everything done through Backroom with ${active.label}: payment allocations and purchase orders (with what the API answered and what became of them), connects, sign-outs and key removals. The key itself is never recorded.`}
      />
      <ActivityLog />
    </div>
  );
}
