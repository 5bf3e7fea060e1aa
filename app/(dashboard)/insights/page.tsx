import type { Metadata } from "next";
import { cookies } from "next/headers";
import { InsightsReport } from "@/components/insights/insights-report";
import { backend } from "@/lib/backend";
import { insightsView } from "@/lib/server/insights/insights-view";
import { insightsQuery } from "@/lib/ui/insights/insights-tables";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { PageTitle } from "../_lib/page-title";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Insights · Backroom" };

// Insights (issue 30): a brand's sales, account health, white space and shelf watch, drawn on the server from the
// key's synced history alone: opening the page asks nothing of the API. A key without a history yet has its first
// backfill queued here (the hourly sweep would otherwise start it), and the page says how far it has come.
export default async function InsightsPage({ searchParams }: PageProps<"/insights">) {
  const [{ active, view: session }, params, jar] = await Promise.all([requireSession(), searchParams, cookies()]);
  if (active.keyType !== "Supplier") {
    return (
      <div className="space-y-2">
        <PageTitle title="Insights" />
        <p className="max-w-3xl">
          Insights are kept for brands&apos; keys (Supplier): this workspace&apos;s {active.keyType} key has none. Switch to a Supplier key to see
          its sales, account health, white space and shelf watch.
        </p>
      </div>
    );
  }
  const { db, history } = await backend();
  const view = await insightsView(db, active.id, insightsQuery(params));
  if (!view.ready && !view.state) await history.start(session.workspace!.id, active.id);
  return <InsightsReport view={view} timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value)} />;
}
