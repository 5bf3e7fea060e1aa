import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { Suspense } from "react";
import { PlanSkeleton, PlanView } from "@/components/today/plan/plan-view";
import { todayIn } from "@/lib/format/days";
import { pageHref, pageRead } from "@/lib/domain/page-href";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { PageTitle } from "../../_lib/page-title";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "Today's route · Backroom" };

// GET /today/plan: the rep's day's visits, chosen by their reasons and put in driving order; the person's own rep or
// the one `?rep=` names. The rep's choices (stops, add, remove) are in the address.
export default async function TodayPlanPage({ searchParams }: PageProps<"/today/plan">) {
  const [{ active, view }, params, jar] = await Promise.all([requireSession(), searchParams, cookies()]);
  const repId = pageRead.today(params).rep ?? view.salesRepUserId ?? undefined;
  if (active.keyType !== "Employee" || repId === undefined) {
    return (
      <div className="space-y-2">
        <PageTitle title="Today's route" />
        <p className="max-w-3xl">
          A rep&apos;s route is planned with an Employee key, for the rep a member is linked to:{" "}
          <Link href={pageHref.today()} className="link">
            Today
          </Link>{" "}
          says how to choose one.
        </p>
      </div>
    );
  }
  const date = todayIn(parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC");
  return (
    <div className="space-y-4">
      <PageTitle
        title="Today's route"
        intro="The stores worth a visit today and why, in an order to drive them: change the stops, then open the route in your maps app."
      />
      <p className="text-sm">
        <Link
          href={pageHref.today(repId === view.salesRepUserId ? {} : { rep: repId })}
          className="link inline-flex min-h-11 items-center"
        >
          Back to Today
        </Link>
      </p>
      <Suspense fallback={<PlanSkeleton />}>
        <PlanView repId={repId} date={date} />
      </Suspense>
    </div>
  );
}
