import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { csvHeader, csvRows } from "@/lib/format/csv";
import { exportColumns, screenColumns } from "@/lib/domain/views/export-columns";
import type { ListViewSpec } from "@/lib/ui/views/list-view-spec";
import { visibleColumns } from "@/lib/domain/views/list-view-spec";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { wholeList } from "@/lib/domain/views/whole-list";
import { csvSum, micros } from "./csv-sum";
import { ListTotals } from "./resource-table";

// A list's money total and its CSV are two readings of one list: the CSV's amounts, added as a spreadsheet adds the
// file's own text, must come to what the page says, to the cent and below it where the ERP holds a sub-cent balance.

/** The page's total of a column, as its totals line reads. */
function pageTotal(html: string, header: string): bigint {
  const text = html.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, "");
  const m = new RegExp(`${header} (−?\\$[\\d,]+\\.\\d+)`).exec(text);
  expect(m, `the page's totals name ${header}: ${text}`).not.toBeNull();
  return micros(m![1]!);
}

const today = "2026-11-27";
const open = (id: number, balance: string, total = balance) => ({
  InvoiceID: id,
  InvoiceNum: `INV-${id}`,
  CustomerID: 7,
  ARAccountID: 70,
  Date: "2026-10-01T00:00:00.000Z",
  DueDate: "2026-11-30T00:00:00.000Z",
  InvoiceTotal: total,
  OpenBalance: balance,
  Status: 2,
});

describe("a list's money totals and its CSV", () => {
  it.each([
    ["open invoices", LIST_VIEWS.openInvoices],
    ["invoices", LIST_VIEWS.invoices],
  ])("the %s CSV's amounts add up to the page's totals, sub-cent balances included", (_, spec) => {
    const view = spec as unknown as ListViewSpec;
    // An invoice owing 3,546.085 after a 100.005 allocation, another with a half cent, a credit, and cents.
    const records = [
      open(126577, "3546.085000", "3646.090000"),
      open(126578, "100.005000", "100.005000"),
      open(126579, "-10.000000", "-10.000000"),
      open(126580, "250.000000", "250.000000"),
    ];
    const params = new URLSearchParams();
    const whole = wholeList(view, params, { records, complete: true }, today);
    const columns = exportColumns(screenColumns(view, visibleColumns(view, params)), "UTC");
    const csv = csvHeader(columns, { bom: true }) + csvRows(columns, whole.rows);
    const html = renderToString(<ListTotals view={view} whole={whole} />);
    for (const id of view.totals ?? []) {
      const header = view.columns.find((c) => c.id === id)!.header;
      expect(csvSum(csv, header), `${header}: the CSV's sum against the page's total`).toBe(pageTotal(html, header));
    }
  });
});
