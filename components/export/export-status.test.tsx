import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { ExportPlan } from "@/lib/export/plan";
import { type ChildWords, progressOf, StatusText } from "./export-status";

const lines: ChildWords = {
  parentNoun: { one: "invoice", many: "invoices" },
  noun: { one: "line", many: "lines" },
  idLabel: "Invoice ID",
};
const purchaseLines: ChildWords = {
  parentNoun: { one: "purchase", many: "purchases" },
  noun: { one: "line", many: "lines" },
  idLabel: "ERP id",
};

function planOf(rows: number, pages: number, fetched: number[], remaining?: number): ExportPlan {
  const page = { rows: [], hasNextPage: pages > 1, rateLimit: {} };
  return {
    pages,
    rows,
    pageSize: 500,
    requestsUsed: fetched.length,
    firstPage: page,
    fetched: new Map(fetched.map((p) => [p, [{}]])),
    rateLimit: { limit: 1000, remaining, reset: 1800, at: 0 },
  };
}

const text = (element: ReactElement) =>
  renderToStaticMarkup(element)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("progressOf", () => {
  it("says the list export's page and rows", () => {
    expect(progressOf({ page: 3, pages: 25, rows: 1500 }, undefined)).toEqual({
      label: "Page 3 of 25 · 1,500 rows",
      value: 3,
      max: 25,
    });
  });

  it("says both phases of a child export in words, the bar over the list's pages and the batches", () => {
    const base = { pages: 3, parents: 1000, batchesDone: 0, batches: 13, rows: 0 };
    expect(progressOf({ ...base, phase: "parents", page: 2 }, lines)).toEqual({
      label: "Reading invoices: page 2 of 3 · 1,000 invoices",
      value: 2,
      max: 16,
    });
    expect(
      progressOf({ ...base, phase: "children", page: 3, parents: 1234, batchesDone: 1, rows: 812 }, lines),
    ).toEqual({ label: "Reading lines: batch 2 of 13 · 812 lines", value: 4, max: 16 });
    expect(progressOf({ ...base, phase: "children", page: 3, batchesDone: 13, rows: 1 }, lines).label).toBe(
      "Reading lines: batch 13 of 13 · 1 line",
    );
    // An empty list: no batch, and a bar that still has a maximum.
    expect(
      progressOf({ phase: "children", page: 1, pages: 1, parents: 0, batchesDone: 0, batches: 0, rows: 0 }, lines),
    ).toMatchObject({ value: 1, max: 1 });
  });
});

describe("StatusText of a child export", () => {
  it("says what the export costs before it starts: the list's pages left, then a request per 100 rows", () => {
    const said = text(<StatusText phase={{ step: "ready", plan: planOf(1234, 3, [1, 2], 900) }} child={lines} />);
    expect(said).toContain(
      "1,234 invoices match the filters. Reading them takes 1 more request, then their lines about 13 requests",
    );
    expect(said).toContain("You have 900 requests left this hour.");
    expect(text(<StatusText phase={{ step: "ready", plan: planOf(0, 1, []) }} child={lines} />)).toContain(
      "No invoices match the filters: the file will hold only the column headers.",
    );
  });

  it("warns when the export needs more requests than are left", () => {
    expect(
      text(<StatusText phase={{ step: "ready", plan: planOf(5000, 10, [1, 2, 4, 8, 10], 30) }} child={lines} />),
    ).toContain("That is more than you have left.");
  });

  it("says what was exported, and the rows skipped for want of an id", () => {
    const done = { step: "done", rows: 250, fileName: "purchase-lines.csv", parents: 22, skipped: 4 } as const;
    expect(text(<StatusText phase={done} child={purchaseLines} />)).toBe(
      "Exported 250 lines of 22 purchases to purchase-lines.csv 4 purchases had no ERP id and were skipped.",
    );
    expect(text(<StatusText phase={{ ...done, skipped: 0 }} child={purchaseLines} />)).toBe(
      "Exported 250 lines of 22 purchases to purchase-lines.csv",
    );
  });

  it("names the lines in a failure", () => {
    const error = new DataApiError({ status: 500, detail: "Internal error", requestId: "req42" });
    const said = text(<StatusText phase={{ step: "failed", error }} child={lines} />);
    expect(said).toMatch(/^Could not export the lines\./);
    expect(said).toContain("Request id req42");
  });
});
