import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { InsightsReport } from "@/components/insights/insights-report";
import { backend } from "@/lib/backend";
import { insightsView } from "@/lib/server/insights/insights-view";
import { workspaceMembers } from "@/lib/server/watch/hold-store";
import { insightsQuery } from "@/lib/domain/insights/insights-tables";
import { parseShown } from "@/lib/domain/insights/table-paging";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Insights · Backroom" };

// Insights: a brand's sales, account health, white space and shelf watch, or for an Employee key the same
// over the accounts of the reps its members are linked to (with their weekly leaderboard), or over the whole
// distributor one supplier at a time, as an owner or admin chose on Keys; drawn on the server from the key's synced
// history alone: opening the page asks nothing of the API. A key's first backfill starts when the key is added (a key
// without one yet, an Employee key whose member was linked since, has it queued here); until its first window is read
// the page says how far it has come, then shows the figures of the days read so far, saying which, until it is in.
export default async function InsightsPage({ searchParams }: PageProps<"/insights">) {
  const [{ active, view: session }, params, jar] = await Promise.all([requireSession(), searchParams, cookies()]);
  const workspaceId = session.workspace!.id;
  const { db, insights: history } = await backend();
  if (active.keyType === "Customer") {
    return (
      <Explained>
        Insights are kept for brands&apos; keys (Supplier), and for Employee keys over the accounts of the sales reps
        their members are linked to or over the whole distributor: this workspace&apos;s Customer key has none. Switch
        to another key to see them.
      </Explained>
    );
  }
  if (
    active.keyType === "Employee" &&
    active.historyScope !== "distributor" &&
    !(await workspaceMembers(db, workspaceId)).some((m) => m.salesRepUserId !== null)
  ) {
    return (
      <Explained>
        An Employee key&apos;s insights cover the accounts of the sales reps this workspace&apos;s members are linked
        to, and no member is linked to one yet. An owner or admin links a member to their rep under{" "}
        <Link href="/settings/members" prefetch={false} className="underline">
          Members
        </Link>
        ; the history of those reps&apos; accounts is then synced in the background. Or they choose, under{" "}
        <Link href="/settings/keys" prefetch={false} className="underline">
          Keys
        </Link>
        , to keep the whole distributor&apos;s history, so that staff can look at any supplier&apos;s sales.
      </Explained>
    );
  }
  const view = await insightsView(db, active.id, insightsQuery(params));
  if (!view.ready && !view.state) await history.start(workspaceId, active.id);
  const estimate = view.ready && view.coverage.whole ? undefined : await history.estimate(active.id);
  return (
    <InsightsReport
      view={view}
      keyType={active.keyType}
      timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value)}
      estimate={estimate}
      now={new Date()}
      shown={parseShown(params.show)}
    />
  );
}

function Explained({ children }: { children: React.ReactNode }) {
  return (
    <div className="space-y-2">
      <PageTitle title="Insights" />
      <p className="max-w-3xl">{children}</p>
    </div>
  );
}
