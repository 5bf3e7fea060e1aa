import { describe, expect, it } from "vitest";
import type { PreviewJson } from "./accounting-client";
import { centsAsDecimal, countsSentence } from "./export-words";

const FILE = "qbo-bills-2026-10-01-to-2026-10-31.csv";

function preview(change: Partial<PreviewJson> & { counts: PreviewJson["counts"] }): PreviewJson {
  return {
    format: "qbo-bills",
    label: "QuickBooks Online bills",
    kind: "bills",
    from: "2026-11-01",
    to: "2026-11-21",
    newOnly: true,
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

describe("countsSentence", () => {
  it.each([
    [
      "new, changed and left out",
      preview({
        counts: { period: 20, new: 6, changed: 2, unchanged: 12, inFile: 8 },
        changed: changedIn(2),
      }),
      `8 bills, total $12,345.67: 6 new, 2 changed since their export on Nov 2, 2026 (${FILE}); 12 exported before are left out.`,
    ],
    [
      "all new",
      preview({ counts: { period: 8, new: 8, changed: 0, unchanged: 0, inFile: 8 } }),
      "8 bills, total $12,345.67, none exported before.",
    ],
    [
      "new only, one left out",
      preview({ counts: { period: 2, new: 1, changed: 0, unchanged: 1, inFile: 1 } }),
      "1 bill, total $12,345.67: 1 new; 1 exported before is left out.",
    ],
    [
      "the whole period again",
      preview({ newOnly: false, counts: { period: 9, new: 1, changed: 0, unchanged: 8, inFile: 9 } }),
      "9 bills, total $12,345.67: 1 new, 8 exported before as they are.",
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
      "payments",
      preview({
        kind: "payments",
        total: "-0.5",
        counts: { period: 1, new: 1, changed: 0, unchanged: 0, inFile: 1 },
      }),
      "1 allocation, total −$0.50, none exported before.",
    ],
  ])("says %s", (_, answer, text) => {
    expect(countsSentence(answer, "America/Los_Angeles")).toEqual({ text, nothing: false });
  });

  it.each([
    [
      "nothing new",
      preview({ counts: { period: 12, new: 0, changed: 0, unchanged: 12, inFile: 0 } }),
      "Nothing new to export in this period: its 12 bills were exported before, unchanged since.",
    ],
    [
      "an empty period",
      preview({ counts: { period: 0, new: 0, changed: 0, unchanged: 0, inFile: 0 } }),
      "Nothing to export in this period: it has no bills with the statuses chosen.",
    ],
    [
      "no allocation",
      preview({ kind: "payments", counts: { period: 0, new: 0, changed: 0, unchanged: 0, inFile: 0 } }),
      "Nothing to export in this period: it has no confirmed allocations.",
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
