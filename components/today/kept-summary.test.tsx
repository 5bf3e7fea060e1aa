import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { todayModel } from "@/lib/domain/today/today";
import type { TodayInput } from "@/lib/domain/today/today-types";
import { fillKeptSummary, KEPT_SUMMARY_SLOT } from "@/lib/ui/offline/page-rules";
import { KeptSummary, KeptSummarySlot, keptSummaryProps } from "./kept-summary";

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

// Two stores of the rep's: 1 owes on its AR account 501; 2 shares AR account 502 with a store of another rep's.
const input: Omit<TodayInput, "now"> = {
  customerIds: [1, 2],
  customers: [
    { CustomerID: 1, CustomerName: "Fern & Fig", State: "CA", OnHold: true, DeliveryDays: "3", DeliveryDates: [] },
    { CustomerID: 2, CustomerName: "Corner Cellar", State: "CA", OnHold: false, DeliveryDays: "", DeliveryDates: [] },
  ],
  states: [
    {
      StateAbbreviation: "CA",
      TimeZone: "America/Los_Angeles",
      OrderCutOffTime: "2:30 PM",
      OrderCutOffDaysInAdvance: "1",
    },
  ],
  aging: [
    { ARAccountID: 501, CloseDate: "2026-11-23T00:00:00.000Z", CurrentDue: "100", Due_31_60: "50.25" },
    { ARAccountID: 502, CloseDate: "2026-11-23T00:00:00.000Z", CurrentDue: "7" },
  ],
  openInvoices: [
    { InvoiceID: 10, CustomerID: 1, ARAccountID: 501, OpenBalance: "150.25" },
    { InvoiceID: 11, CustomerID: 2, ARAccountID: 502, OpenBalance: "7" },
  ],
  invoices: [],
};
const week = { input, model: todayModel({ ...input, now: new Date("2026-11-24T20:00:00Z") }), today: "2026-11-24" };

describe("keptSummaryProps", () => {
  it("reads an account of the week: its name, its hold, its AR account's balance and ages, its next delivery", () => {
    const summary = keptSummaryProps(week, 1)!;
    expect(summary).toMatchObject({ customerId: 1, name: "Fern & Fig", onHold: true, today: "2026-11-24" });
    expect(summary.money).toHaveLength(1);
    expect(summary.money![0]!.figures).toMatchObject({ arAccountId: 501 });
    expect(Number(summary.money![0]!.figures.total)).toBe(150.25);
    expect(Number(summary.money![0]!.figures.over30)).toBe(50.25);
    expect(summary.nextDelivery).toEqual({ day: "2026-11-25", timeZone: "UTC" });
  });

  it("holds nothing for an account the week does not keep", () => {
    expect(keptSummaryProps(week, 3)).toBeUndefined();
  });
});

describe("the kept summary in the stand-in's slot", () => {
  it("is the slot's markup as the server renders it, which the worker fills", () => {
    const slot = renderToString(<KeptSummarySlot />);
    expect(slot).toBe(`${KEPT_SUMMARY_SLOT.open}${KEPT_SUMMARY_SLOT.loading}</div>`);
    const summary = renderToString(
      <KeptSummary
        asOf={Date.parse("2026-11-24T18:05:00Z")}
        timeZone="America/Los_Angeles"
        summary={keptSummaryProps(week, 1)!}
      />,
    );
    const page = fillKeptSummary(`<main>${slot}</main>`, summary);
    expect(page).not.toContain(KEPT_SUMMARY_SLOT.loading);
    expect(text(page)).toContain("Offline · as of Tue, Nov 24, 10:05 AM");
    // React's escaping, as in any of its HTML: the worker puts the names in as they were drawn.
    expect(page).toContain("Fern &amp; Fig");
    expect(text(page)).toContain("Fern &amp; Fig On hold");
    expect(text(page)).toContain("Open balance $150.25");
    expect(page).toContain('data-testid="balance"');
  });

  it("says nothing of being offline when drawn online", () => {
    const summary = renderToString(<KeptSummary online timeZone="UTC" summary={keptSummaryProps(week, 2)!} />);
    expect(summary).not.toContain("Offline");
    expect(text(summary)).toContain("Corner Cellar");
  });
});
