"use client";

import Link from "next/link";
import { useMemo } from "react";
import { RequestError } from "@/components/table/request-error";
import { useTimeZone } from "@/components/shell/providers";
import { todayIn } from "@/lib/format/days";
import { pageHref } from "@/lib/domain/page-href";
import { OFFLINE_CUSTOMER_PATH } from "@/lib/ui/offline/page-rules";
import { todayModel } from "@/lib/domain/today/today";
import { NOT_VISITED_DAYS, notVisited } from "@/lib/domain/today/visits";
import { useToday } from "@/lib/ui/today/use-today";
import { planQueryOptions } from "@/lib/ui/today/plan-query";
import { useOnline } from "@/lib/ui/offline/use-online";
import { useWeek } from "@/lib/ui/offline/use-week";
import { OfflineLine } from "./offline-line";
import { SaveOffline } from "./save-offline";
import { TODAY_GRID, TodayCards } from "./today-cards";
import { TodayCollect } from "./today-collect";
import { TodayDeliveries } from "./today-deliveries";
import { TodayDisputes } from "./today-disputes";
import { TodayHistorySections } from "./today-history-sections";
import { TodayNotes } from "./today-notes";
import { TodayPastDue } from "./today-past-due";
import { TodayReorders } from "./today-reorders";
import { TodaySection } from "./today-section";
import { TodayStrip } from "./today-strip";

export interface TodayViewProps {
  repId: number;
  /** Whether the rep is the person's own (the link on Members): their pages' addresses need not name it. */
  linked?: boolean;
  /** Why there is no "orders stopped" section, when the key keeps no history of these accounts. */
  noHistory?: React.ReactNode;
}

/**
 * A rep's Today: the reorder requests and the open disputes of the rep's stores, deliveries of today and tomorrow among the rep's accounts
 * with tomorrow's cut-off counting down, the accounts on hold, the balances more than 30 days past due, the accounts whose orders stopped, and every
 * account. Drawn from the lists `useToday` reads (the server fetched the first round); the model is `todayModel`.
 */
export function TodayView({ repId, linked = false, noHistory }: TodayViewProps) {
  const timeZone = useTimeZone();
  const { week } = useWeek(repId);
  const online = useOnline();
  // Offline, the lists as the device keeps them: asked for on the day they were saved.
  const today = !online && week ? week.day : todayIn(timeZone);
  const { answer, rep, unknownRep, ids, input, health, queryKeys, asOf, notesByCustomer, lastVisits } = useToday(
    repId,
    today,
    timeZone,
  );
  const lastNote = (id: number) => notesByCustomer.get(id)?.[0];
  const own = linked ? {} : { rep: repId };
  const model = useMemo(
    () => (input ? todayModel({ ...input, health, day: today, now: new Date() }) : undefined),
    [input, health, today],
  );
  const failed = answer.error && !answer.data ? answer : undefined;

  if (unknownRep)
    return (
      <p className="max-w-3xl" role="status">
        Sales rep {repId} is not among the active sales reps this key reads (no longer active, or another key&apos;s).
        Choose another rep below; an owner or admin changes your link under{" "}
        <Link href="/settings/members" className="link">
          Members
        </Link>
        .
      </p>
    );
  return (
    <div className="space-y-6">
      {/* The rep, the offline copy and the accounts: one group, closer together than the sections. */}
      <div className="space-y-2">
        <OfflineLine asOf={asOf} timeZone={timeZone} />
        <SaveOffline
          repId={repId}
          day={today}
          accounts={ids.length}
          keys={model ? queryKeys : undefined}
          also={[planQueryOptions({ rep: repId, date: today })]}
          summaries={input && model ? { week: { input, model, today }, asOf } : undefined}
          pages={[pageHref.today(own), pageHref.todayAccounts(own), pageHref.todayPlan(own), OFFLINE_CUSTOMER_PATH]}
          week={week}
          timeZone={timeZone}
          beside={
            <Link
              href={pageHref.todayPlan(own)}
              className="inline-flex min-h-11 items-center rounded border border-slate-400 px-4 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              Today&apos;s route
            </Link>
          }
        />
        <p className="text-sm" data-testid="today-summary">
          {rep ? (
            <>
              <strong>{rep.Name ?? `Rep ${repId}`}</strong>: {ids.length} active{" "}
              {ids.length === 1 ? "account" : "accounts"}.{" "}
              <Link href={pageHref.todayAccounts(own)} className="link inline-flex min-h-11 items-center">
                All of them
              </Link>
            </>
          ) : (
            <span className="skeleton inline-block h-4 w-64" aria-hidden="true" />
          )}
        </p>
      </div>
      {failed && <RequestError error={failed.error} onRetry={() => void failed.refetch()} what="the rep's accounts" />}
      {!model ? (
        <TodaySkeleton />
      ) : (
        <>
          <TodayStrip
            model={model}
            notVisited={{
              count: lastVisits && notVisited(model.accounts, lastVisits, today).length,
              href: pageHref.todayAccounts({ ...own, notVisited: NOT_VISITED_DAYS }),
            }}
          />
          <TodayCollect collect={answer.data?.collect} today={today} queryKey={queryKeys[0]!} />
          <TodayReorders
            reorders={answer.data?.reorders}
            customers={input?.customers ?? []}
            states={input?.states ?? []}
            queryKey={queryKeys[0]!}
            timeZone={timeZone}
          />
          <TodayDisputes disputes={answer.data?.disputes} today={today} timeZone={timeZone} />
          <TodayDeliveries
            title="Deliveries today"
            groups={model.today}
            empty="No delivery today among these accounts."
            lastNote={lastNote}
          />
          <TodayDeliveries
            title="Deliveries tomorrow"
            groups={model.tomorrow}
            empty="No delivery tomorrow among these accounts."
            lastNote={lastNote}
            tomorrow
          />
          <TodaySection
            title="On hold"
            what="accounts on hold"
            count={model.onHold.length}
            empty={
              model.unknownHolds === model.accounts.length && model.accounts.length
                ? "This key's records do not say which accounts are on hold."
                : "No account on hold."
            }
          >
            {(limit) => <TodayCards cards={model.onHold.slice(0, limit)} lastNote={lastNote} kind="line" />}
          </TodaySection>
          <TodayPastDue overdue={model.overdue} agingAsOf={model.agingAsOf} lastNote={lastNote} />
          <TodayHistorySections model={model} lastNote={lastNote} noHistory={noHistory} />
          <TodayNotes model={model} data={answer.data} />
        </>
      )}
    </div>
  );
}

/** Today's place while its lists come: two sections' headings and cards, as tall as they will be. */
export function TodaySkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading today's accounts" className="space-y-6">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3">
          <span className="skeleton block h-6 w-48" />
          <div className={TODAY_GRID}>
            {[0, 1, 2].map((j) => (
              <span key={j} className="skeleton block h-36 w-full" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
