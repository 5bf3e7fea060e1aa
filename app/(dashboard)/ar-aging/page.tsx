import type { Metadata } from "next";
import { Suspense } from "react";
import { mayCall } from "@/lib/domain/navigation";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { NotForThisKey, PageTitle } from "../_lib/page-title";
import { myAccounts } from "../_lib/my-accounts";
import { requireSession } from "../_lib/session";
import { BlockSkeleton } from "../_lib/streamed";
import { AgingReport } from "./_lib/aging-report";

export const metadata: Metadata = { title: "AR aging · Backroom" };

/**
 * The AR aging report: the whole aging for the URL's filters (every row: an Employee key's from its daily snapshot,
 * other keys' read page by page) with the names of its accounts and suppliers, fetched on the server, so the report
 * paints with its chart, table and names instead of a spinner.
 */
export default async function ArAgingPage({ searchParams }: PageProps<"/ar-aging">) {
  const view = LIST_VIEWS.arAging;
  const [{ active, view: session }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, view.operation)) return <NotForThisKey title={view.title} keyType={active.keyType} />;
  const note = await myAccounts("/ar-aging", params);
  return (
    <div className="space-y-4">
      <PageTitle
        title={view.title}
        intro="What each AR account owes, per supplier, by how long it is past due: every row of the aging. Select any amount to list the invoices behind it."
      />
      {note}
      <Suspense fallback={<BlockSkeleton height="h-96" label="Loading the AR aging report" />}>
        <AgingReport keyType={active.keyType} keyId={active.id} workspaceId={session.workspace!.id} params={params} />
      </Suspense>
    </div>
  );
}
