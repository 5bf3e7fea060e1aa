import { describe, expect, it } from "vitest";
import { EXPORT_FORMATS, FORMATS } from "@/lib/domain/accounting/formats";
import { ALL_INVOICE_STATUSES } from "@/lib/domain/accounting/bills";
import {
  ALL_STATUSES,
  checkDraft,
  downloadHref,
  type ExportDraft,
  FORMAT_CHOICES,
  previewPath,
} from "./export-request";

const draft: ExportDraft = {
  format: "qbo-bills",
  from: "2026-11-01",
  to: "2026-11-21",
  statuses: ALL_STATUSES,
  customer: "",
  newOnly: true,
};

describe("the formats the page offers", () => {
  it("are the server's, each of the kind the server writes", () => {
    expect(FORMAT_CHOICES.map((c) => c.format).sort()).toEqual([...EXPORT_FORMATS].sort());
    for (const choice of FORMAT_CHOICES)
      expect([choice.kind, choice.program]).toEqual([FORMATS[choice.format].kind, FORMATS[choice.format].program]);
    expect(ALL_STATUSES).toEqual([...ALL_INVOICE_STATUSES]);
  });
});

describe("the addresses", () => {
  it.each([
    [{ ...draft }, "format=qbo-bills&from=2026-11-01&to=2026-11-21&new=1"],
    // Asked again: said so (the server leaves out what the program holds unless asked).
    [
      { ...draft, newOnly: false, statuses: [4, 1] },
      "format=qbo-bills&from=2026-11-01&to=2026-11-21&statuses=1,4&new=0",
    ],
    // Payments take no statuses.
    [
      { ...draft, format: "xero-bank-statement", statuses: [4] },
      "format=xero-bank-statement&from=2026-11-01&to=2026-11-21&new=1",
    ],
    [{ ...draft, format: "iif", customer: "20002" }, "format=iif&from=2026-11-01&to=2026-11-21&customer=20002&new=1"],
  ] as const)("%j asks %s", (values, query) => {
    const checked = checkDraft(values, { storeRequired: false });
    if (!("request" in checked)) throw new Error(JSON.stringify(checked.problems));
    expect(previewPath(checked.request)).toBe(`/api/accounting/preview?${query}`);
    expect(downloadHref(checked.request, { part: 1 })).toBe(`/api/accounting/export?${query}`);
    expect(downloadHref(checked.request, { part: 2 })).toBe(`/api/accounting/export?${query}&part=2`);
  });
});

describe("checkDraft", () => {
  it.each([
    ["a period ending before it starts", { to: "2026-10-31" }, { to: "On or after the first day." }],
    ["a day left blank", { from: "" }, { from: "A day, as the date field takes it." }],
    ["a day that is no day", { to: "2026-02-30" }, { to: "A day, as the date field takes it." }],
    [
      "more than a year",
      { from: "2025-01-01", to: "2026-01-02" },
      { to: "At most 366 days after the first day: export a year at most at once." },
    ],
    ["no status", { statuses: [] }, { statuses: "At least one status." }],
    ["a store that is no id", { customer: "Valley" }, { customer: "A CustomerID: digits only." }],
  ] as const)("refuses %s", (_, change, problems) => {
    expect(checkDraft({ ...draft, ...change }, { storeRequired: false })).toEqual({ problems });
  });

  it("takes a year and a day (a leap year's whole), and no status for payments", () => {
    expect(checkDraft({ ...draft, from: "2024-01-01", to: "2024-12-31" }, { storeRequired: false })).toHaveProperty(
      "request",
    );
    expect(checkDraft({ ...draft, format: "qbo-payments", statuses: [] }, { storeRequired: false })).toHaveProperty(
      "request",
    );
  });

  it("asks the distributor's staff for a store", () => {
    expect(checkDraft(draft, { storeRequired: true })).toEqual({
      problems: { customer: "Name the store: its CustomerID." },
    });
    expect(checkDraft({ ...draft, customer: " 20001 " }, { storeRequired: true })).toEqual({
      request: { ...draft, customer: 20001 },
    });
  });
});
