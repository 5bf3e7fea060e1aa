import type { Metadata } from "next";
import { Suspense } from "react";
import { firstRequests } from "@/lib/ui/overview/requests";
import { Overview } from "@/components/overview/overview";
import { BlockSkeleton, Prefetched } from "./_lib/streamed";
import { requireSession } from "./_lib/session";

export const metadata: Metadata = { title: "Overview · Backroom" };

/**
 * The first page: what the connected key's person asks first (a retailer, a brand, the distributor's staff). The shell
 * at once; the cards stream in when their first requests have answered (together, for now: one boundary).
 */
export default async function OverviewPage() {
  const { active } = await requireSession();
  return (
    <Suspense fallback={<BlockSkeleton height="h-96" label="Loading the overview" />}>
      <Prefetched requests={firstRequests(active.keyType)}>
        <Overview keyType={active.keyType} />
      </Prefetched>
    </Suspense>
  );
}
