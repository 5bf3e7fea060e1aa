import type { Metadata } from "next";
import { cookies } from "next/headers";
import { Suspense } from "react";
import { PlanSkeleton, PlanView } from "@/components/today/plan/plan-view";
import { addDays, isoWeekday, todayIn } from "@/lib/format/days";
import Link from "next/link";
import { planHref, planRead } from "@/lib/domain/today/plan/plan-href";
import { dayLabel } from "@/lib/domain/today/plan/week-areas";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { PageTitle } from "../../_lib/page-title";
import { requireSession } from "../../_lib/session";
import { BackToToday, NoRepHere } from "../_lib/rep-page";

export const metadata: Metadata = { title: "Today's route · Backroom" };

// GET /today/plan?rep=&date=: the rep's day's visits (today's, or `date`'s from its weekday's area), chosen by their
// reasons and put in driving order; the person's own rep or the one `?rep=` names. The rep's choices are in the address.
export default async function TodayPlanPage({ searchParams }: PageProps<"/today/plan">) {
  const [{ active, view }, params, jar] = await Promise.all([requireSession(), searchParams, cookies()]);
  const repId = planRead.day(params).rep ?? view.salesRepUserId ?? undefined;
  if (active.keyType !== "Employee" || repId === undefined) {
    return <NoRepHere title="Today's route" what="A rep's route is planned" />;
  }
  const today = todayIn(parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC");
  const date = planRead.day(params).date ?? today;
  return (
    <div className="space-y-4">
      <PageTitle
        title={date === today ? "Today's route" : `Route for ${dayLabel(date)}`}
        intro="The stores worth a visit that day and why, in the day's area, in an order to drive them: change the stops, then open the route in your maps app."
      />
      <BackToToday repId={repId} ownRep={view.salesRepUserId} />
      <p className="text-sm">
        <Link
          href={planHref.week({
            rep: repId === view.salesRepUserId ? undefined : repId,
            weekOf: isoWeekday(date) >= 6 ? addDays(date, 2) : date,
          })}
          className="link inline-flex min-h-11 items-center"
        >
          The week by areas
        </Link>
      </p>
      <Suspense fallback={<PlanSkeleton />}>
        <PlanView repId={repId} date={date} />
      </Suspense>
    </div>
  );
}
