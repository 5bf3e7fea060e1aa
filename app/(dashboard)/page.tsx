import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { pageHref } from "@/lib/domain/page-href";
import { opensOnToday } from "@/lib/ui/today/start-page";
import { Suspense } from "react";
import { Card } from "@/components/overview/card";
import { may } from "@/lib/session/roles";
import { OVERVIEW_BY_KEY } from "@/lib/ui/overview/cards";
import { PageTitle } from "./_lib/page-title";
import { purchasesV2Available } from "./_lib/purchases-v2";
import { Prefetched } from "./_lib/streamed";
import { requireSession } from "./_lib/session";
import { BODIES, cardRequests } from "./_lib/overview-cards";

export const metadata: Metadata = { title: "Overview · Backroom" };

/**
 * The first page: what the connected key's person asks first (a retailer, a brand, the distributor's staff). The title
 * and every card's frame at once; each card's body streams in when its own requests have answered, so the slowest
 * card holds up no other.
 */
export default async function OverviewPage() {
  const [{ active, view }, asked] = await Promise.all([requireSession(), headers()]);
  // A rep's phone opens on their Today, unless they came from a dashboard page.
  if (
    opensOnToday({
      keyType: active.keyType,
      salesRepUserId: view.salesRepUserId,
      userAgent: asked.get("user-agent"),
      mobileHint: asked.get("sec-ch-ua-mobile"),
      referer: asked.get("referer"),
    })
  )
    redirect(pageHref.today());
  const mayAllocate = may(view.role, { payments: ["allocate"] });
  const { subtitle, cards } = OVERVIEW_BY_KEY[active.keyType];
  const purchasesV2 = await purchasesV2Available(active);
  return (
    <div className="space-y-6">
      <PageTitle title="Overview" intro={subtitle} />
      <div className="grid gap-4 lg:grid-cols-2">
        {cards.map((card) => (
          <Suspense key={card} fallback={<Card card={card} loading readOnly={card === "payments" && !mayAllocate} />}>
            <Prefetched requests={() => cardRequests(card, purchasesV2)}>{BODIES[card]()}</Prefetched>
          </Suspense>
        ))}
      </div>
    </div>
  );
}
