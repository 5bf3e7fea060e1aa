import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { LocationDetail } from "@/components/directory/location-detail";
import { STALE } from "@/lib/domain/api-query";
import { locationLists, relatedRequest, relatedStaleTime } from "@/lib/ui/directory/related-lists";
import { locationRequest } from "@/lib/ui/directory/requests";
import { mayCall } from "@/lib/domain/navigation";
import { NotForThisKey } from "../../../_lib/page-title";
import { DetailSkeleton, Prefetched } from "../../../_lib/streamed";
import { requireSession } from "../../../_lib/session";

export const metadata: Metadata = { title: "Warehouse · Backroom" };

/** One warehouse: its address and its stock. */
export default async function LocationPage({ params }: PageProps<"/directory/locations/[locationId]">) {
  const [{ locationId }, { active }] = await Promise.all([params, requireSession()]);
  if (!mayCall(active.keyType, "getLocation")) return <NotForThisKey title="Warehouses" keyType={active.keyType} />;
  if (!/^\d{1,15}$/.test(locationId)) notFound();
  const id = Number(locationId);
  const lists = locationLists(active.keyType, id);
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <Suspense fallback={<DetailSkeleton label="Loading the warehouse" />}>
      <Prefetched
        requests={[
          { request: locationRequest(id), staleTime: STALE.reference },
          ...lists.map((list) => ({ request: relatedRequest(list), staleTime: relatedStaleTime(list) })),
        ]}
      >
        <LocationDetail locationId={id} keyType={active.keyType} />
      </Prefetched>
    </Suspense>
  );
}
