import type { Metadata } from "next";
import { Suspense } from "react";
import { V2MissingWatch } from "@/components/purchases/v2-missing-watch";
import { ReplenishmentPlanner } from "@/components/replenishment/replenishment-planner";
import { mayCall } from "@/lib/domain/navigation";
import { readPlanAddress } from "@/lib/ui/replenishment/address";
import { planSupplier } from "@/lib/domain/replenishment/requests";
import { NotForThisKey, PageTitle } from "../../_lib/page-title";
import { purchasesV2MayGoMissing, purchasesV2State } from "../../_lib/purchases-v2";
import { requireSession } from "../../_lib/session";
import { Prefetched, TableSkeleton } from "../../_lib/streamed";
import { planReads } from "./_lib/plan-reads";

export const metadata: Metadata = { title: "Replenishment plan · Backroom" };

const TITLE = "Replenishment plan";

/**
 * The replenishment planner: what a brand should order for each product and warehouse, and the draft
 * purchase orders made from it. A Supplier key plans for its supplier; an Employee key chooses one first (the
 * address's `supplier`); Customer keys may not read warehouse inventory. The title at once; the plan's data is read on
 * the server and streams in, and the browser applies the filters to it without asking again. Without the v2 purchase
 * endpoints the plan counts v1's posted purchases on order and says that drafting needs v2.
 */
export default async function ReplenishmentPlanPage({ searchParams }: PageProps<"/purchases/plan">) {
  const [{ active }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, "listInventory")) return <NotForThisKey title={TITLE} keyType={active.keyType} />;
  const v2 = await purchasesV2State(active);
  const who = planSupplier(
    { keyType: active.keyType, suppliers: active.scope.suppliers },
    readPlanAddress(params).supplier,
  );
  const page = (
    <div className="space-y-5">
      <PageTitle
        title={TITLE}
        intro="What to order for each product and warehouse: days of cover from the stock, what is on order and the last 90 days' sales, then the vendor's next pickup, lead time and target days. Ticked rows become draft purchase orders, one per vendor and warehouse; nothing is submitted."
      />
      <Suspense fallback={<TableSkeleton rows={12} label="Loading the plan" />}>
        <Prefetched requests={() => planReads(who, v2 === "available")}>
          <ReplenishmentPlanner v1Reason={v2 === "available" ? undefined : v2} />
        </Prefetched>
      </Suspense>
    </div>
  );
  // In auto, a v2 read that meets a service without v2 renders this page again: the plan then counts v1's purchases.
  return v2 === "available" && (await purchasesV2MayGoMissing()) ? <V2MissingWatch>{page}</V2MissingWatch> : page;
}
