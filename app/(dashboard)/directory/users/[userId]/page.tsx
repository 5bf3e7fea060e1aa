import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { UserDetail } from "@/components/directory/user-detail";
import { STALE } from "@/lib/domain/api-query";
import { userRequest } from "@/lib/ui/directory/requests";
import { needsRepRecord, SALES_REP_PAGES, salesRepsRequest } from "@/lib/ui/directory/sales-rep";
import { mayCall } from "@/lib/domain/navigation";
import { NotForThisKey } from "../../../_lib/page-title";
import { serverOutcome } from "../../../_lib/prefetch";
import { DetailSkeleton, Prefetched } from "../../../_lib/streamed";
import { requireSession } from "../../../_lib/session";

export const metadata: Metadata = { title: "User · Backroom" };

/** One user, and for a sales rep the customers and suppliers they serve. */
export default async function UserPage({ params }: PageProps<"/directory/users/[userId]">) {
  const [{ userId }, { active }] = await Promise.all([params, requireSession()]);
  if (!mayCall(active.keyType, "getUser")) return <NotForThisKey title="Users" keyType={active.keyType} />;
  if (!/^\d{1,15}$/.test(userId)) notFound();
  // The shell at once; the page's data streams in when its requests have answered.
  return (
    <Suspense fallback={<DetailSkeleton label="Loading the user" />}>
      <UserRegion userId={Number(userId)} />
    </Suspense>
  );
}

/**
 * The user first; the sales rep list only when it is needed (a rep, or a user the key may not read: one of its reps,
 * perhaps), so most users' pages cost one request. A 404 is told to the browser, which does not ask again.
 */
async function UserRegion({ userId }: { userId: number }) {
  const user = { request: userRequest(userId), staleTime: STALE.directory };
  const outcome = await serverOutcome(user);
  const hidden = "status" in outcome && outcome.status === 404;
  const role = "data" in outcome ? outcome.data.records[0]?.Role : undefined;
  const reps = needsRepRecord({ role, notFound: hidden })
    ? [{ request: salesRepsRequest, staleTime: STALE.directory, pages: SALES_REP_PAGES }]
    : [];
  // The user's answer is in the render's client already; a refusal is not asked again here (prefetching a failed
  // query runs it again), and only an answer is sent to the browser.
  return (
    <Prefetched requests={["data" in outcome ? [user] : [], reps].flat()}>
      <UserDetail userId={userId} hidden={hidden} />
    </Prefetched>
  );
}
