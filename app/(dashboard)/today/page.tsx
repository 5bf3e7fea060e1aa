import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { HydrationBoundary } from "@tanstack/react-query";
import { TodaySkeleton, TodayView } from "@/components/today/today-view";
import { todayIn } from "@/lib/format/days";
import { STALE } from "@/lib/domain/api-query";
import { repsRequest } from "@/lib/domain/delivery/requests";
import { pageHref, pageRead } from "@/lib/domain/page-href";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { isOfflineSave } from "../_lib/offline-save";
import { PageTitle } from "../_lib/page-title";
import { serverAnswer } from "../_lib/prefetch";
import { Streamed } from "../_lib/streamed";
import { requireSession } from "../_lib/session";
import { todayState } from "./_lib/today-prefetch";
import { NotesPrefetched } from "../_lib/notes-prefetched";
import { todayNotesOf } from "@/lib/domain/today/today-data";

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

/** Whose day is shown, and a choice of another rep: a form that works before any JavaScript has loaded. */
async function RepChoice({ repId, linked }: { repId: number | undefined; linked: number | undefined }) {
  const reps = await serverAnswer({ request: repsRequest, staleTime: STALE.directory });
  const options = (reps?.records ?? [])
    .flatMap((r) =>
      r.UserID != null ? [{ id: r.UserID, name: r.Name ?? `Rep ${r.UserID}`, accounts: r.Customers?.length ?? 0 }] : [],
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="space-y-2">
      {linked === undefined && (
        <p className="max-w-3xl text-sm" data-testid="today-unlinked">
          You are not linked to a sales rep: choose one to see their day. An owner or admin links you to your rep under{" "}
          <Link href="/settings/members" className="link">
            Members
          </Link>
          ; Today then opens on your own accounts, and your Customers, AR aging and Delivery days pages on &quot;My
          accounts&quot;.
        </p>
      )}
      {linked !== undefined && repId !== linked && (
        <p className="text-sm">
          You are looking at another rep&apos;s day.{" "}
          <Link href={pageHref.today()} className="link inline-flex min-h-11 items-center">
            Back to your own
          </Link>
        </p>
      )}
      {options.length > 0 && (
        <form method="get" action="/today" className="flex flex-wrap items-end gap-2">
          <label className="block text-sm font-semibold">
            Sales rep
            <select
              name="rep"
              defaultValue={repId ?? ""}
              className="mt-1 block min-h-11 w-full max-w-xs rounded border border-slate-400 bg-white px-2 dark:bg-slate-900"
            >
              {repId === undefined && <option value="">Choose a rep</option>}
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name} ({o.accounts} {o.accounts === 1 ? "account" : "accounts"})
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="min-h-11 rounded border border-slate-400 px-3 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            Show
          </button>
        </form>
      )}
    </div>
  );
}

/** The rep's Today read on the server (the browser hydrates it). "Save for offline" keeps the page with it drawn. */
async function TodayRegion({
  repId,
  linked,
  today,
  keyId,
}: {
  repId: number;
  linked: boolean;
  today: string;
  keyId: string;
}) {
  const { state, data } = await todayState(repId, today, keyId);
  const view = (
    <TodayView
      repId={repId}
      linked={linked}
      noHistory={
        <>
          No history of these accounts yet: it is kept once a member is linked to this rep (
          <Link href="/settings/members" className="link">
            Members
          </Link>
          ) or an owner keeps the distributor&apos;s (
          <Link href="/settings/keys" className="link">
            Keys
          </Link>
          ).
        </>
      }
    />
  );
  // The accounts' notes are read here too (Backroom's database), so the strip's visits are in the first paint and in
  // the copy "Save for offline" keeps, not a round trip after the page's code has loaded.
  const ids = data?.accountIds ?? [];
  return (
    <HydrationBoundary state={state}>
      {ids.length > 0 ? <NotesPrefetched of={todayNotesOf(ids)}>{view}</NotesPrefetched> : view}
    </HydrationBoundary>
  );
}
