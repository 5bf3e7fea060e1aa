import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { pageRead } from "@/lib/domain/page-href";
import { cookies } from "next/headers";
import { CustomerDetail } from "@/components/customers/customer-detail";
import { WithDisputes } from "@/components/customers/with-disputes";
import { backend } from "@/lib/backend";
import { pageDisputes } from "@/lib/server/disputes/page-disputes";
import { todayIn } from "@/lib/format/days";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { pageCredit } from "../../_lib/credit";
import { NotesPrefetched } from "../../_lib/notes-prefetched";
import { DetailSkeleton, Prefetched } from "../../_lib/streamed";
import { requireSession } from "../../_lib/session";
import { accountReads, customerReads, customerRequests } from "./_lib/customer-prefetch";

export const metadata: Metadata = { title: "Customer · Backroom" };

export default async function CustomerPage({ params, searchParams }: PageProps<"/customers/[customerId]">) {
  const [{ customerId }, query, { active }] = await Promise.all([params, searchParams, requireSession()]);
  const id = pageRead.customer(customerId);
  if (id === undefined) notFound();
  const effective: Record<string, string> =
    typeof query.EffectiveDate === "string" ? { EffectiveDate: query.EffectiveDate } : {};
  const reads = customerReads(active.keyType);
  const today = todayIn(parseTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value) ?? "UTC");
  // The store's disputes (Backroom's database, the party rule on the store's record the page reads anyway), asked now
  // and awaited inside the stream: no request of the browser's, and the shell is not held for them.
  const disputes = pageDisputes(backend, id);
  // Its credit (the feature's services: the snapshot, the limit and the open lists for staff and the rep, the store's
  // own aging for the store), asked now beside them and awaited inside the stream too.
  const credit = pageCredit(id);
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <Suspense fallback={<DetailSkeleton label="Loading the customer" />}>
      <Prefetched
        then={() => accountReads(id, reads)}
        requests={customerRequests({ id, customerId, reads, today, effective })}
      >
        <NotesPrefetched of={{ customerId: id }}>
          <WithDisputes disputes={disputes} credit={credit}>
            {(found, credited) => <CustomerDetail customerId={id} reads={reads} disputes={found} credit={credited} />}
          </WithDisputes>
        </NotesPrefetched>
      </Prefetched>
    </Suspense>
  );
}
