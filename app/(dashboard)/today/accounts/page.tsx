import type { Metadata } from "next";
import { cookies } from "next/headers";
import { HydrationBoundary } from "@tanstack/react-query";
import { Suspense } from "react";
import { TodayAccounts } from "@/components/today/today-accounts";
import { TodaySkeleton } from "@/components/today/today-view";
import { todayIn } from "@/lib/format/days";
import { pageRead } from "@/lib/domain/page-href";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { PageTitle } from "../../_lib/page-title";
import { requireSession } from "../../_lib/session";
import { BackToToday, NoRepHere } from "../_lib/rep-page";

import { isOfflineSave } from "../../_lib/offline-save";
import { todayState } from "../_lib/today-prefetch";

export const metadata: Metadata = { title: "My accounts · Backroom" };

// GET /today/accounts: a rep's accounts as cards, searched; the person's own rep or the one `?rep=` names.
export default async function TodayAccountsPage({ searchParams }: PageProps<"/today/accounts">) {
  const [{ active, view }, params, jar] = await Promise.all([requireSession(), searchParams, cookies()]);
  const repId = pageRead.today(params).rep ?? view.salesRepUserId ?? undefined;
  if (active.keyType !== "Employee" || repId === undefined) {
    return <NoRepHere title="My accounts" what="A rep's accounts are read" />;
  }
  const today = todayIn(parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC");
  return (
    <div className="space-y-4">
      <PageTitle
        title="My accounts"
        intro="Your sales rep's active accounts, each with its address, licence, balance and last order."
      />
      <BackToToday repId={repId} ownRep={view.salesRepUserId} />
      <Suspense fallback={<TodaySkeleton />}>
        <Region repId={repId} today={today} keyId={active.id} />
      </Suspense>
    </div>
  );
}

async function Region({ repId, today, keyId }: { repId: number; today: string; keyId: string }) {
  // Kept by "Save for offline": no prefetch (its 254 cards' HTML), the page draws from the device.
  const { state } = (await isOfflineSave()) ? { state: undefined } : await todayState(repId, today, keyId);
  return (
    <HydrationBoundary state={state}>
      <TodayAccounts repId={repId} />
    </HydrationBoundary>
  );
}
