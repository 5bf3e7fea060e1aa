import type { Metadata } from "next";
import { cookies } from "next/headers";
import { TodaySkeleton } from "@/components/today/today-view";
import { todayIn } from "@/lib/format/days";
import { pageRead } from "@/lib/domain/page-href";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { isOfflineSave } from "../_lib/offline-save";
import { PageTitle } from "../_lib/page-title";
import { Streamed } from "../_lib/streamed";
import { requireSession } from "../_lib/session";
import { RepChoice } from "./_lib/rep-choice";
import { TodayRegion } from "./_lib/today-region";

export const metadata: Metadata = { title: "Today · Backroom" };

const INTRO = "Your accounts' stops and cut-offs, holds and late balances.";

// GET /today: a rep's day, for an Employee key's workspace. The person's own rep (the link on Members), or
// the one `?rep=` names; without either, a choice of reps and how to be linked to one.
export default async function TodayPage({ searchParams }: PageProps<"/today">) {
  const [{ active, view }, params, jar, kept] = await Promise.all([
    requireSession(),
    searchParams,
    cookies(),
    isOfflineSave(),
  ]);
  if (active.keyType !== "Employee") {
    return (
      <div className="space-y-2">
        <PageTitle title="Today" />
        <p className="max-w-3xl">
          Today is the distributor&apos;s sales reps&apos; day, read with an Employee key: this workspace&apos;s{" "}
          {active.keyType} key does not see the reps and their accounts. Switch to an Employee key to see it.
        </p>
      </div>
    );
  }
  const asked = pageRead.today(params).rep;
  const repId = asked ?? view.salesRepUserId ?? undefined;
  const today = todayIn(parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC");
  return (
    <div className="space-y-4">
      <PageTitle title="Today" intro={INTRO} />
      <Streamed whole={kept} fallback={<span className="skeleton block h-11 w-full max-w-md" aria-hidden="true" />}>
        <RepChoice repId={repId} linked={view.salesRepUserId ?? undefined} />
      </Streamed>
      {repId !== undefined && (
        <Streamed whole={kept} fallback={<TodaySkeleton />}>
          <TodayRegion repId={repId} linked={repId === view.salesRepUserId} today={today} keyId={active.id} />
        </Streamed>
      )}
    </div>
  );
}
