import { may } from "@/lib/session/roles";
import type { Metadata } from "next";
import { PurchaseEditor } from "@/components/purchases/purchase-editor";
import { DraftsNeedV2 } from "@/components/purchases/v1-notice";
import { mayCall } from "@/lib/domain/navigation";
import { NotForThisKey, NotForThisRole } from "../../_lib/page-title";
import { purchasesV2State } from "../../_lib/purchases-v2";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "New purchase order · Backroom" };

/** A new purchase order: drafted in the browser, nothing sent until it is saved, validated or submitted. */
export default async function NewPurchasePage() {
  const { active, view } = await requireSession();
  if (!mayCall(active.keyType, "createPurchase"))
    return <NotForThisKey title="Purchase orders" keyType={active.keyType} />;
  if (!may(view.role, { purchases: ["write"] }))
    return <NotForThisRole title="New purchase order" role={view.role!} doing="draft or submit purchase orders" />;
  // Drafts are v2's alone: without it, say so rather than offer an editor whose every save would fail.
  const v2 = await purchasesV2State(active);
  if (v2 !== "available") return <DraftsNeedV2 title="New purchase order" reason={v2} />;
  return <PurchaseEditor />;
}
