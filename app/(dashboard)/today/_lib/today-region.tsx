import "server-only";
import Link from "next/link";
import { HydrationBoundary } from "@tanstack/react-query";
import { TodayView } from "@/components/today/today-view";
import { todayNotesOf } from "@/lib/domain/today/today-data";
import { NotesPrefetched } from "../../_lib/notes-prefetched";
import { todayState } from "./today-prefetch";

/** The rep's Today read on the server (the browser hydrates it). "Save for offline" keeps the page with it drawn. */
export async function TodayRegion({
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
