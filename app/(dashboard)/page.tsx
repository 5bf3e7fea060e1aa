import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { firstRequests } from "@/components/overview/requests";
import { Overview } from "@/components/overview/overview";
import { prefetched } from "./_lib/prefetch";
import { requireSession } from "./_lib/session";

export const metadata: Metadata = { title: "Overview · Backroom" };

/** The first page: what the connected key's person asks first (a retailer, a brand, the distributor's staff). */
export default async function OverviewPage() {
  const { active } = await requireSession();
  const state = await prefetched(firstRequests(active.keyType));
  return (
    <HydrationBoundary state={state}>
      <Overview keyType={active.keyType} />
    </HydrationBoundary>
  );
}
