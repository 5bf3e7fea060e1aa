"use client";

import type { TodayModel } from "@/lib/domain/today/today";
import { type LastNote, TodayCards } from "./today-cards";
import { TODAY_SECTION, TodaySection } from "./today-section";

interface TodayHistorySectionsProps {
  model: TodayModel;
  lastNote: LastNote;
  /** Why there is no "orders stopped" section, when the key keeps no history of these accounts. */
  noHistory: React.ReactNode;
}

/** What the key's synced history tells: the accounts due to reorder, and those whose orders stopped. */
export function TodayHistorySections({ model, lastNote, noHistory }: TodayHistorySectionsProps) {
  return (
    <>
      {model.dueToReorder && (
        <TodaySection
          title="Due to reorder"
          what="accounts due to reorder"
          count={model.dueToReorder.length}
          empty="No account is due to reorder this week by its own rhythm."
          note="From this key's synced history: accounts whose next order by their own rhythm (the median of their days between orders, three orders at least) is expected by Sunday, or is already due or late; this week's first. Not those silent for over 90 days."
        >
          {(limit) => <TodayCards cards={model.dueToReorder!.slice(0, limit)} lastNote={lastNote} kind="line" rhythm />}
        </TodaySection>
      )}
      {model.stopped ? (
        <TodaySection
          title="Orders stopped"
          what="accounts whose orders stopped"
          count={model.stopped.length}
          empty="Every account with a past order has ordered in the last 60 days."
          note="From this key's synced history: accounts that ordered before and not for more than 60 days (the Insights tiers At risk and Lost), the longest silent first."
        >
          {(limit) => <TodayCards cards={model.stopped!.slice(0, limit)} lastNote={lastNote} kind="line" />}
        </TodaySection>
      ) : (
        noHistory && (
          <section aria-labelledby="today-stopped" className={TODAY_SECTION}>
            <h2 id="today-stopped" className="text-lg font-semibold">
              Orders stopped
            </h2>
            <p className="max-w-3xl text-sm">{noHistory}</p>
          </section>
        )
      )}
    </>
  );
}
