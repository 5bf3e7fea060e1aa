import { describe, expect, it } from "vitest";
import type { PreviewJson } from "./accounting-client";
import { centsAsDecimal, countsSentence } from "./export-words";

const FILE = "qbo-bills-2026-10-01-to-2026-10-31.csv";

function preview(change: Partial<PreviewJson> & { counts: PreviewJson["counts"] }): PreviewJson {
  return {
    format: "qbo-bills",
    label: "QuickBooks Online — bills",
    kind: "bills",
    program: "QuickBooks Online",
    from: "2026-11-01",
    to: "2026-11-21",
    newOnly: true,
    exportedBefore: { count: 0, exportedAt: [], fileNames: [] },
    held: [],
    gaps: [],
    changed: [],
    parts: 1,
    files: [],
    total: "12345.67",
    preview: { header: [], rows: [] },
    requests: 3,
    ...change,
  };
}

const changedIn = (n: number, fileName = FILE, exportedAt = "2026-11-02T18:00:00.000Z") =>
  Array.from({ length: n }, (_, i) => ({ number: `INV-${i}`, exportedAt, fileName }));

/** Exported before, as they are: `count` records on one day in one file, or over several. */
const before = (count: number, exportedAt = ["2026-10-03T18:00:00.000Z"], fileNames = [FILE]) => ({
  count,
  exportedAt,
  fileNames,
});

const SUMS = { bank: "100.00", credits: "0.00", allocated: "80.00", prepaid: "20.00", returned: "0.00" };

describe("countsSentence", () => {
  it.each([
    [
      "new, changed and left out, saying when",
      preview({
        counts: { period: 20, new: 6, changed: 2, unchanged: 12, inFile: 8 },
        changed: changedIn(2),
        exportedBefore: before(12),
      }),
      `8 bills, total $12,345.67: 6 new, 2 changed since their export on Nov 2, 2026 (${FILE}); 12 exported to QuickBooks Online on Oct 3, 2026 (${FILE}) are left out.`,
    ],
    [
      "all new",
      preview({ counts: { period: 8, new: 8, changed: 0, unchanged: 0, inFile: 8 } }),
      "8 bills, total $12,345.67, none exported to QuickBooks Online before.",
    ],
    [
      "new only, one left out of several files",
      preview({
        counts: { period: 2, new: 1, changed: 0, unchanged: 1, inFile: 1 },
        exportedBefore: before(1, ["2026-10-03T18:00:00.000Z", "2026-11-02T18:00:00.000Z"], ["a.csv", "b.csv"]),
      }),
      "1 bill, total $12,345.67: 1 new; 1 exported to QuickBooks Online between Oct 3, 2026 and Nov 2, 2026, in 2 files is left out.",
    ],
    [
      "the whole period again: what it repeats said",
      preview({
        newOnly: false,
        counts: { period: 9, new: 1, changed: 0, unchanged: 8, inFile: 9 },
        exportedBefore: before(8),
      }),
      `9 bills, total $12,345.67: 1 new, 8 exported to QuickBooks Online on Oct 3, 2026 (${FILE}) as they are: importing them again records them twice.`,
    ],
    [
      "changed in several files",
      preview({
        counts: { period: 2, new: 0, changed: 2, unchanged: 0, inFile: 2 },
        changed: [...changedIn(1), ...changedIn(1, "xero-bills-2026-10-01-to-2026-10-31.csv")],
      }),
      "2 bills, total $12,345.67: 2 changed since exported.",
    ],
    [
      "payments, and allocations applied from a prepayment",
      preview({
        kind: "payments",
        program: "Xero",
        total: "-0.5",
        counts: { period: 3, new: 3, changed: 0, unchanged: 0, inFile: 3 },
        sums: { ...SUMS, payments: 1, applied: 2 },
      }),
      "1 payment and 2 allocations applied from a prepayment, total −$0.50, none exported to Xero before.",
    ],
    [
      "allocations applied alone",
      preview({
        kind: "payments",
        counts: { period: 1, new: 1, changed: 0, unchanged: 0, inFile: 1 },
        sums: { ...SUMS, payments: 0, applied: 1 },
      }),
      "1 allocation applied from a prepayment, total $12,345.67, none exported to QuickBooks Online before.",
    ],
  ])("says %s", (_, answer, text) => {
    expect(countsSentence(answer, "America/Los_Angeles")).toEqual({ text, nothing: false });
  });

  it.each([
    [
      "nothing new to this program, saying when it went",
      preview({ counts: { period: 12, new: 0, changed: 0, unchanged: 12, inFile: 0 }, exportedBefore: before(12) }),
      `Nothing new to export to QuickBooks Online in this period: its 12 bills were exported to it on Oct 3, 2026 (${FILE}), unchanged since.`,
    ],
    [
      "an empty period",
      preview({ counts: { period: 0, new: 0, changed: 0, unchanged: 0, inFile: 0 } }),
      "Nothing to export in this period: it has no bills with the statuses chosen.",
    ],
    [
      "no payment",
      preview({ kind: "payments", counts: { period: 0, new: 0, changed: 0, unchanged: 0, inFile: 0 } }),
      "Nothing to export in this period: it has no payments, nor allocations of earlier payments to apply.",
    ],
  ])("never offers a file of nothing: %s", (_, answer, text) => {
    expect(countsSentence(answer, "UTC")).toEqual({ text, nothing: true });
  });
});

describe("centsAsDecimal", () => {
  it.each([
    ["123456", "1234.56"],
    ["-5", "-0.05"],
    ["0", "0.00"],
    ["-100", "-1.00"],
  ])("%s cents are %s", (cents, decimal) => {
    expect(centsAsDecimal(cents)).toBe(decimal);
  });
});
