import "server-only";
import { DeliveriesCard, AwaitingCard, OnHoldCard } from "@/components/overview/staff-cards";
import { OrdersCard, StockCard, TopCustomersCard } from "@/components/overview/brand-cards";
import { AgingCard } from "@/components/overview/aging-card";
import { DueSoonCard, NextDeliveriesCard, PaymentsCard } from "@/components/overview/retailer-cards";
import { AGING_STALE } from "@/lib/domain/ar-aging/requests";
import { STALE } from "@/lib/domain/api-query";
import { deliveryParams } from "@/lib/domain/delivery/requests";
import type { OverviewCardId } from "@/lib/ui/overview/cards";
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
import { StoreCreditCard } from "./credit-card";
import { deliveryPrefetch } from "./delivery-prefetch";
import { serverWalk } from "./prefetch";

// The Overview page's cards (app/(dashboard)/page.tsx): what each draws, and what each reads on the server first.

/** Each card's body, streamed into its frame. */
export const BODIES: Record<OverviewCardId, () => React.ReactNode> = {
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
export async function cardRequests(card: OverviewCardId, purchasesV2: boolean): Promise<CardRequest[]> {
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
