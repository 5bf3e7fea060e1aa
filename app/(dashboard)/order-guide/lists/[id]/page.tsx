import type { Metadata } from "next";
import { SharedListView } from "@/components/order-guide/shared-list-view";
import { may } from "@/lib/session/roles";
import { listCredit } from "../../../_lib/credit";
import { PageTitle } from "../../../_lib/page-title";
import { requireSession } from "../../../_lib/session";

export const metadata: Metadata = { title: "Reorder request · Backroom" };

// GET /order-guide/lists/{id}: a reorder list as its store or its rep sees it; the list is read in the browser (and
// again every 30 s), since each side's key is asked whether it is one (lib/server/core/parties.ts).
export default async function SharedListPage({ params }: PageProps<"/order-guide/lists/[id]">) {
  const [{ id }, { active, view }] = await Promise.all([params, requireSession()]);
  if (active.keyType === "Supplier")
    return (
      <div className="space-y-2">
        <PageTitle title="Reorder request" />
        <p className="max-w-3xl">
          A reorder list is its store&apos;s and its rep&apos;s: this workspace&apos;s Supplier key is neither. Switch
          to a Customer or Employee key to see it.
        </p>
      </div>
    );
  return (
    <SharedListView
      listId={id}
      maySend={may(view.role ?? undefined, { purchases: ["write"] })}
      credit={await listCredit(id)}
    />
  );
}
