import type { Metadata } from "next";
import { cookies } from "next/headers";
import { Suspense } from "react";
import { PlanWeekView, PlanWeekSkeleton } from "@/components/today/plan/plan-week";
import { planHref, planRead } from "@/lib/domain/today/plan/plan-href";
import { mondayOf } from "@/lib/domain/today/plan/week-areas";
import { addDays, isoWeekday, todayIn } from "@/lib/format/days";
import { formatDayRange } from "@/lib/format/display";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import Link from "next/link";
import { PageTitle } from "../../../_lib/page-title";
import { requireSession } from "../../../_lib/session";
import { BackToToday, NoRepHere } from "../../_lib/rep-page";

export const metadata: Metadata = { title: "The week's routes · Backroom" };

// GET /today/plan/week?rep=&weekOf=: the rep's Monday to Friday, each day's area and its plan's stops, drive and time.
export default async function TodayPlanWeekPage({ searchParams }: PageProps<"/today/plan/week">) {
  const [{ active, view }, params, jar] = await Promise.all([requireSession(), searchParams, cookies()]);
  const read = planRead.week(params);
  const repId = read.rep ?? view.salesRepUserId ?? undefined;
  if (active.keyType !== "Employee" || repId === undefined) {
    return <NoRepHere title="The week's routes" what="A rep's week is planned" />;
  }
  const today = todayIn(parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC");
  // At a weekend, the coming week.
  const monday = mondayOf(read.weekOf ?? (isoWeekday(today) >= 6 ? addDays(today, 2) : today));
  const rep = repId === view.salesRepUserId ? undefined : repId;
  return (
    <div className="space-y-4">
      <PageTitle
        title="The week's routes"
        intro={`${formatDayRange(monday, addDays(monday, 4))}: the rep's accounts in five areas of close stores, one a weekday, and each day's route in its area.`}
      />
      <BackToToday repId={repId} ownRep={view.salesRepUserId} />
      <nav aria-label="Other weeks" className="flex flex-wrap gap-x-4 text-sm">
        <Link
          href={planHref.week({ rep, weekOf: addDays(monday, -7) })}
          className="link inline-flex min-h-11 items-center"
        >
          Week before
        </Link>
        <Link
          href={planHref.week({ rep, weekOf: addDays(monday, 7) })}
          className="link inline-flex min-h-11 items-center"
        >
          Week after
        </Link>
      </nav>
      <Suspense fallback={<PlanWeekSkeleton />}>
        <PlanWeekView repId={repId} monday={monday} ownRep={rep === undefined} />
      </Suspense>
    </div>
  );
}
