import type { Metadata } from "next";
import { PurchaseEditor } from "@/components/purchases/purchase-editor";
import { mayCall } from "@/lib/ui/navigation";
import { NotForThisKey } from "../../_lib/page-title";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "New purchase order · Backroom" };

/** A new purchase order: drafted in the browser, nothing sent until it is saved, validated or submitted. */
export default async function NewPurchasePage() {
  const { active } = await requireSession();
  if (!mayCall(active.keyType, "createPurchase")) return <NotForThisKey title="Purchase orders" keyType={active.keyType} />;
  return <PurchaseEditor />;
}
