"use client";

import { cutOffSentence, weekdayName } from "@/lib/domain/delivery/cutoff";
import type { DeliveryGroup } from "@/lib/domain/today/today";
import { isoWeekday } from "@/lib/format/days";
import { formatDay } from "@/lib/format/display";
import { CutOffCountdown } from "./cut-off-countdown";
import { type LastNote, TodayCards } from "./today-cards";
import { TodaySection } from "./today-section";

interface TodayDeliveriesProps {
  title: string;
  groups: DeliveryGroup[];
  empty: string;
  lastNote: LastNote;
  /**
   * Tomorrow's: each state's order cut-off is said, counting down while it is open, and each store in a line (its
   * balance and last order: whether it has ordered in time), not as a stop.
   */
  tomorrow?: boolean;
}

interface CutOffLineProps {
  group: DeliveryGroup;
}

/** A day's deliveries, by state and day, as cards. */
export function TodayDeliveries({ title, groups, empty, lastNote, tomorrow = false }: TodayDeliveriesProps) {
  const count = groups.reduce((n, g) => n + g.cards.length, 0);
  // The first cards across the section's groups (states), in order: each group takes what the ones before it left.
  const before = groups.map((_, i) => groups.slice(0, i).reduce((n, g) => n + g.cards.length, 0));
  return (
    <TodaySection
      title={title}
      count={count}
      empty={empty}
      what={tomorrow ? "deliveries tomorrow" : "deliveries today"}
    >
      {(limit) =>
        groups.flatMap((g, i) => {
          const cards = g.cards.slice(0, Math.max(0, limit - before[i]!));
          return cards.length
            ? [
                <div key={`${g.state}|${g.day}`} className="space-y-2">
                  <h3 className="font-semibold">
                    {g.state || "No state"} · {weekdayName(isoWeekday(g.day))} {formatDay(g.day)}
                  </h3>
                  {tomorrow && <CutOffLine group={g} />}
                  <TodayCards cards={cards} lastNote={lastNote} kind={tomorrow ? "line" : "stop"} />
                </div>,
              ]
            : [];
        })
      }
    </TodaySection>
  );
}

function CutOffLine({ group }: CutOffLineProps) {
  if (!group.cutOff || !group.timeZone) return <p className="text-sm">The state gives no usable order cut-off.</p>;
  const sentence = cutOffSentence({ day: group.day, cutOff: group.cutOff, open: !group.cutOffPassed }, group.timeZone);
  return (
    <p className={`text-sm ${group.cutOffPassed ? "" : "font-semibold"}`} data-testid="cut-off">
      {group.cutOffPassed
        ? sentence.replace(/^Order by (.*) for (.*)$/, "Too late for $2: the cut-off was $1.")
        : sentence}
      {!group.cutOffPassed && (
        <>
          {" · "}
          <CutOffCountdown at={group.cutOff} />
        </>
      )}
    </p>
  );
}
