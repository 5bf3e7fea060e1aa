import type { Metadata } from "next";
import { cookies } from "next/headers";
import { CollectionsReport, CollectionsTitle } from "@/components/collections/collections-report";
import { backend } from "@/lib/backend";
import { withDisputes } from "@/lib/server/collections/collections-disputes";
import { collectionsView } from "@/lib/server/collections/collections-view";
import { collectionsQuery } from "@/lib/domain/collections/collections-list";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { collectionsCredit } from "../_lib/credit";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Collections · Backroom" };

// Collections: the distributor staff's daily call list, one row per AR account, drawn on the server from the
// Employee key's snapshot, the stores' disputes and the accounts' credit limits and reorder lists alone: opening the page asks nothing of the API. A key without a snapshot has its first walk
// queued here (the hourly sweep would otherwise start it), and the page says how far it has come.
export default async function CollectionsPage({ searchParams }: PageProps<"/collections">) {
  const [{ active, view: session, visitor }, params, jar] = await Promise.all([
    requireSession(),
    searchParams,
    cookies(),
  ]);
  if (active.keyType !== "Employee") {
    return (
      <div className="space-y-2">
        <CollectionsTitle />
        <p className="max-w-3xl">
          Collections are the distributor staff&apos;s: the list is kept for Employee keys, which see every AR account.
          This workspace&apos;s {active.keyType} key has none. Switch to an Employee key to see it.
        </p>
      </div>
    );
  }
  const { db, collections, disputes } = await backend();
  const view = await collectionsView(db, active.id);
  if (!view.ready) {
    if (!view.state) await collections.start(session.workspace!.id, active.id);
    return <CollectionsReport ready={false} progress={view.state} />;
  }
  return (
    <CollectionsReport
      ready
      asOf={view.state.asOf}
      refreshedAt={view.state.refreshedAt}
      walking={view.state.phase === "walk"}
      rows={
        await collectionsCredit(
          await withDisputes(
            db,
            disputes.openByCustomer,
            { environment: active.environment, visitor: visitor ?? null },
            active.id,
            view.rows,
          ),
        )
      }
      query={collectionsQuery(params)}
      timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value)}
    />
  );
}
