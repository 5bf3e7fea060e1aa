import { may } from "@/lib/session/roles";
import type { Metadata } from "next";
import Link from "next/link";
import { V1OnlyNotice } from "@/components/purchases/v1-notice";
import { V2MissingWatch } from "@/components/purchases/v2-missing-watch";
import { mayCall } from "@/lib/domain/navigation";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";
import { ListPage } from "../_lib/list-page";
import { purchasesV2MayGoMissing, purchasesV2State } from "../_lib/purchases-v2";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Purchases · Backroom" };

export default async function Page({ searchParams }: PageProps<"/purchases">) {
  const { active, view } = await requireSession();
  const drafts = mayCall(active.keyType, "createPurchase") && may(view.role, { purchases: ["write"] });
  const v2 = await purchasesV2State(active);
  // Without the v2 endpoints (the service lacks them, or DATA_API_V2=off): v1's posted purchases, read only.
  if (v2 !== "available" && mayCall(active.keyType, "listPurchases")) {
    return (
      <ListPage name="purchasesV1" searchParams={searchParams}>
        <V1OnlyNotice reason={v2} />
        {/* The plan counts the posted purchases on order without v2; it only cannot draft. */}
        {mayCall(active.keyType, "listInventory") && (
          <Link href="/purchases/plan" prefetch={false} className={`${BUTTON} inline-block`}>
            Plan replenishment
          </Link>
        )}
      </ListPage>
    );
  }
  const page = (
    <ListPage name="purchases" searchParams={searchParams}>
      {mayCall(active.keyType, "createPurchase") && (
        <div className="flex flex-wrap items-center gap-3">
          {drafts ? (
            <Link href="/purchases/new" className={`${PRIMARY} inline-block`}>
              New purchase order
            </Link>
          ) : (
            <p className="text-sm">
              Your role in this workspace does not draft purchase orders: owners, admins and purchasing do.
            </p>
          )}
          <Link href="/purchases/plan" prefetch={false} className={`${BUTTON} inline-block`}>
            Plan replenishment
          </Link>
        </div>
      )}
    </ListPage>
  );
  // In auto, a v2 list read that meets a service without v2 renders this page again, as the v1 view.
  return (await purchasesV2MayGoMissing()) ? <V2MissingWatch>{page}</V2MissingWatch> : page;
}
