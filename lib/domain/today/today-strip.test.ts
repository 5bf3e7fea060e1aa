import { describe, expect, it } from "vitest";
import { todayGlance } from "./today-strip";
import type { AccountCard, DeliveryGroup, OverdueAccount, TodayModel } from "./today-types";

const card = (customerId: number): AccountCard => ({
  customerId,
  name: `Store ${customerId}`,
  balances: [],
  nextDeliveries: [],
});
const group = (ids: number[], cutOff?: { at: string; passed: boolean }): DeliveryGroup => ({
  state: "CA",
  timeZone: "America/Los_Angeles",
  day: "2026-11-27",
  cards: ids.map(card),
  ...(cutOff ? { cutOff: new Date(cutOff.at), cutOffPassed: cutOff.passed } : {}),
});
const overdue = (arAccountId: number, over60: string): OverdueAccount => ({
  arAccountId,
  cards: [card(arAccountId)],
  total: "100",
  over30: "100",
  over60,
  over90: "0",
  worst: 30,
});
const model = (parts: Partial<TodayModel>): TodayModel => ({
  today: [],
  tomorrow: [],
  onHold: [],
  overdue: [],
  accounts: [],
  missing: 0,
  unknownSchedules: 0,
  unknownHolds: 0,
  ...parts,
});

describe("todayGlance", () => {
  it("counts each section as it draws: stops across states, holds, accounts over 60 days, doors due", () => {
    const glance = todayGlance(
      model({
        today: [group([1, 2]), group([3])],
        tomorrow: [group([4])],
        onHold: [card(5), card(6)],
        overdue: [overdue(50001, "10.00"), overdue(50002, "0"), overdue(50003, "0.01")],
        dueToReorder: [card(7)],
      }),
    );
    expect(glance).toMatchObject({ today: 3, tomorrow: 1, onHold: 2, over60: 2, dueToReorder: 1 });
  });

  it("without a history there is no count of doors due; tomorrow's cut-off is the earliest still open, else the last passed", () => {
    const open = todayGlance(
      model({
        tomorrow: [
          group([1], { at: "2026-11-26T23:30:00Z", passed: false }),
          group([2], { at: "2026-11-26T22:30:00Z", passed: false }),
          group([3], { at: "2026-11-26T18:00:00Z", passed: true }),
        ],
      }),
    );
    expect(open.dueToReorder).toBeUndefined();
    expect(open.cutOff).toMatchObject({ at: new Date("2026-11-26T22:30:00Z"), passed: false });
    const passed = todayGlance(
      model({
        tomorrow: [
          group([1], { at: "2026-11-26T16:00:00Z", passed: true }),
          group([2], { at: "2026-11-26T18:00:00Z", passed: true }),
        ],
      }),
    );
    expect(passed.cutOff).toMatchObject({ at: new Date("2026-11-26T18:00:00Z"), passed: true });
    expect(todayGlance(model({})).cutOff).toBeUndefined();
  });
});
