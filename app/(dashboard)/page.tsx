import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { pageHref } from "@/lib/domain/page-href";
import { opensOnToday } from "@/lib/ui/today/start-page";
import { Suspense } from "react";
import { DeliveriesCard, AwaitingCard, OnHoldCard } from "@/components/overview/staff-cards";
import { OrdersCard, StockCard, TopCustomersCard } from "@/components/overview/brand-cards";
import { AgingCard } from "@/components/overview/aging-card";
import { DueSoonCard, NextDeliveriesCard, PaymentsCard } from "@/components/overview/retailer-cards";
import { Card } from "@/components/overview/card";
import { may } from "@/lib/session/roles";
import { AGING_STALE } from "@/lib/domain/ar-aging/requests";
import { OVERVIEW_BY_KEY, type OverviewCardId } from "@/lib/ui/overview/cards";
import {
  accountsOfOpenInvoices,
  CARD_REQUESTS,
  type CardRequest,
  OVERVIEW_WALK_PAGES,
  overviewAging,
  overviewOpenInvoices,
  overviewPayments,
  overviewPending,
  topAccounts,
} from "@/lib/ui/overview/requests";
import { STALE } from "@/lib/domain/api-query";
import { PageTitle } from "./_lib/page-title";
import { purchasesV2Available } from "./_lib/purchases-v2";
import { Prefetched } from "./_lib/streamed";
import { serverWalk } from "./_lib/prefetch";
import { requireSession } from "./_lib/session";
import { deliveryPrefetch } from "./_lib/delivery-prefetch";
import { StoreCreditCard } from "./_lib/credit-card";
import { deliveryParams } from "@/lib/domain/delivery/requests";

export const metadata: Metadata = { title: "Overview · Backroom" };

const BODIES: Record<OverviewCardId, () => React.ReactNode> = {
  owed: () => <AgingCard card="owed" label="What you owe by age" testId="owed-total" />,
  dueSoon: () => <DueSoonCard />,
  payments: () => <PaymentsCard />,
  credit: () => <StoreCreditCard />,
  nextDeliveries: () => <NextDeliveriesCard />,
  stock: () => <StockCard />,
  orders: () => <OrdersCard />,
  receivables: () => <AgingCard card="receivables" label="Receivables by age" testId="receivables-total" />,
  topCustomers: () => <TopCustomersCard />,
  deliveries: () => <DeliveriesCard />,
  onHold: () => <OnHoldCard />,
  awaiting: () => <AwaitingCard />,
};

/**
 * What a card reads on the server: its first requests, then those that depend on their answers (the retailer's
 * payments need its AR accounts, from the open invoices; the top customers need the accounts' names). A request two
 * cards share is made once for the page (the render's one query client).
 */
async function cardRequests(card: OverviewCardId, purchasesV2: boolean): Promise<CardRequest[]> {
  const first = CARD_REQUESTS[card];
  // The orders card reads v2's drafts and submitted orders: nothing to ask without v2.
  if (card === "orders" && !purchasesV2) return [];
  if (card === "payments") {
    const open = await serverWalk({
      request: overviewOpenInvoices,
      staleTime: STALE.working,
      pages: OVERVIEW_WALK_PAGES,
    });
    const accounts = accountsOfOpenInvoices(open?.records ?? []);
    if (!accounts.length) return first;
    return [
      ...first,
      { request: overviewPayments(accounts), staleTime: STALE.working, pages: OVERVIEW_WALK_PAGES },
      { request: overviewPending(accounts), staleTime: STALE.working, pages: OVERVIEW_WALK_PAGES },
    ];
  }
  if (card === "deliveries") return deliveryPrefetch(deliveryParams({}), false);
  if (card === "topCustomers") {
    const aging = await serverWalk({ request: overviewAging, staleTime: AGING_STALE, pages: OVERVIEW_WALK_PAGES });
    const names = topAccounts(aging?.records ?? []).namesRequest;
    return names ? [...first, { request: names, staleTime: AGING_STALE }] : first;
  }
  return first;
}

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
