import { compareDecimals } from "@/lib/format/decimal";
import type { DeliveryGroup, TodayModel } from "./today-types";

/** Today at a glance: the counts of its sections, and tomorrow's next cut-off. */
export interface TodayGlance {
  today: number;
  tomorrow: number;
  onHold: number;
  /** AR accounts with something more than 60 days past due. */
  over60: number;
  /** Accounts due to reorder by their own rhythm; undefined without a history. */
  dueToReorder?: number;
  /** Tomorrow's earliest cut-off still open, else the latest passed; undefined when no state gives one. */
  cutOff?: { at: Date; timeZone: string; passed: boolean };
}

const cards = (groups: readonly DeliveryGroup[]) => groups.reduce((n, g) => n + g.cards.length, 0);

/**
 * The strip's figures, from the model the sections draw: each count is its section's.
 *
 * @example
 * todayGlance(model); // { today: 12, tomorrow: 9, onHold: 3, over60: 4, dueToReorder: 7, cutOff: { … } }
 */
export function todayGlance(model: TodayModel): TodayGlance {
  const cutOffs = model.tomorrow.flatMap((g) =>
    g.cutOff && g.timeZone ? [{ at: g.cutOff, timeZone: g.timeZone, passed: g.cutOffPassed === true }] : [],
  );
  const open = cutOffs.filter((c) => !c.passed).sort((a, b) => a.at.getTime() - b.at.getTime());
  const passed = cutOffs.filter((c) => c.passed).sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    today: cards(model.today),
    tomorrow: cards(model.tomorrow),
    onHold: model.onHold.length,
    over60: model.overdue.filter((o) => compareDecimals(o.over60, "0") > 0).length,
    dueToReorder: model.dueToReorder?.length,
    cutOff: open[0] ?? passed[0],
  };
}
