import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type AgingRow, linesOf, totalLine } from "@/lib/domain/ar-aging/aging";
import { viewExportColumns } from "@/lib/domain/views/export-columns";
import type { ListViewSpec } from "@/lib/domain/views/list-view-spec";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { csvHeader, csvRows } from "@/lib/format/csv";
import { csvSum, micros } from "../table/csv-sum";
import { AgingBody } from "./aging-body";

// The AR aging's totals row and its CSV (`/api/collections/ar-aging`, written as the route writes it) are two readings of
// one list: each money column of the CSV, added from the file's text, is the total the page's foot shows, to the cent
// and below it where the ERP holds a sub-cent balance.

/** The texts of the table foot's cells, in order: the label, the five buckets, the open credit, the total. */
function footCells(html: string): string[] {
  const foot = /<tfoot>(.*?)<\/tfoot>/s.exec(html)?.[1] ?? "";
  return [...foot.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((m) =>
    m[1]!
      .replace(/<!--.*?-->/g, "")
      .replace(/<[^>]+>/g, "")
      .trim(),
  );
}

const row = (account: number, amounts: Partial<AgingRow>): AgingRow => ({
  ARAccountID: account,
  SupplierID: 3,
  CurrentDue: "0.000000",
  Due_1_30: "0.000000",
  Due_31_60: "0.000000",
  Due_61_90: "0.000000",
  Due_91: "0.000000",
  OpenCredit: "0.000000",
  ...amounts,
});

describe("the AR aging's totals and its CSV", () => {
  it("each money column of the CSV adds up to the page's total of it, sub-cent balances included", () => {
    // An account owing 3,546.085 past 90 days after a 100.005 allocation, another a half cent in 1–30, a credit.
    const rows = [
      row(70, { Due_91: "3546.085000", CurrentDue: "12.500000", TotalBalanceOutstanding: "3558.585000" }),
      row(71, { Due_1_30: "100.005000", OpenCredit: "10.000000", TotalBalanceOutstanding: "90.005000" }),
      row(72, { Due_31_60: "250.000000", TotalBalanceOutstanding: "250.000000" }),
    ];
    const lines = linesOf(rows);
    const html = renderToString(
      <AgingBody
        count={lines.length}
        total={totalLine(lines)}
        chart={{ shown: lines, omitted: 0 }}
        page={{ rows: lines, page: 1, pages: 1 }}
        query={{ sort: "total", dir: "desc", page: 1 }}
        hrefOf={() => "/ar-aging"}
        go={() => {}}
        accountNames={new Map()}
        supplierNames={new Map()}
        busy={false}
      />,
    );
    const columns = viewExportColumns(LIST_VIEWS.arAging as unknown as ListViewSpec, new URLSearchParams(), undefined);
    const csv = csvHeader(columns, { bom: true }) + csvRows(columns, rows as unknown as Record<string, unknown>[]);
    const header = (id: string) => columns.find((c) => c.id === id)!.header;
    const foot = footCells(html);
    const fields = ["CurrentDue", "Due_1_30", "Due_31_60", "Due_61_90", "Due_91", "OpenCredit"] as const;
    fields.forEach((id, i) =>
      expect(micros(foot[i + 1]!), `${header(id)}: the page's total against the CSV's sum`).toBe(
        csvSum(csv, header(id)),
      ),
    );
    expect(micros(foot[7]!), "the total outstanding").toBe(csvSum(csv, header("TotalBalanceOutstanding")));
  });
});
