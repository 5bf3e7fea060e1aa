import type { Metadata } from "next";
import { cookies } from "next/headers";
import { Suspense } from "react";
import { PlanSkeleton, PlanView } from "@/components/today/plan/plan-view";
import { todayIn } from "@/lib/format/days";
import { pageRead } from "@/lib/domain/page-href";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { PageTitle } from "../../_lib/page-title";
import { requireSession } from "../../_lib/session";
import { BackToToday, NoRepHere } from "../_lib/rep-page";

export const metadata: Metadata = { title: "Today's route · Backroom" };

// GET /today/plan: the rep's day's visits, chosen by their reasons and put in driving order; the person's own rep or
// the one `?rep=` names. The rep's choices (stops, add, remove) are in the address.
export default async function TodayPlanPage({ searchParams }: PageProps<"/today/plan">) {
  const [{ active, view }, params, jar] = await Promise.all([requireSession(), searchParams, cookies()]);
  const repId = pageRead.today(params).rep ?? view.salesRepUserId ?? undefined;
  if (active.keyType !== "Employee" || repId === undefined) {
    return <NoRepHere title="Today's route" what="A rep's route is planned" />;
  }
  const date = todayIn(parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC");
  return (
    <div className="space-y-4">
      <PageTitle
        title="Today's route"
        intro="The stores worth a visit today and why, in an order to drive them: change the stops, then open the route in your maps app."
      />
      <BackToToday repId={repId} ownRep={view.salesRepUserId} />
      <Suspense fallback={<PlanSkeleton />}>
        <PlanView repId={repId} date={date} />
      </Suspense>
    </div>
  );
}
