import { describe, expect, it } from "vitest";
import { type AgingLine, type AgingRow, linesOf, listedCount, BUCKETS, CREDIT, totalLine } from "./aging";
import { agingListQuery, agingPage, ofSuppliers, sortedLines, withAgingList, withoutLongLists } from "./aging-list";

/** A row owing `total` now and `old` over 90 days, with one invoice per bucket that holds anything. */
function row(account: number, supplier: number, total: string, old = "0"): AgingRow {
  const current = (Number(total) - Number(old)).toFixed(2);
  return {
    ARAccountID: account,
    SupplierID: supplier,
    CurrentDue: current,
    Due_91: old,
    TotalBalanceOutstanding: total,
    CurrentInvoices: [{ InvoiceID: account * 10, InvoiceNum: `INV-${account}`, OpenBalance: current }],
    Invoices_91: old === "0" ? [] : [{ InvoiceID: account * 10 + 1, InvoiceNum: `INV-${account}-1`, OpenBalance: old }],
  };
}

const names = new Map([
  [1, "Zephyr"],
  [2, "Acme"],
  [3, "Mesa"],
]);
const label = (line: AgingLine, column: "account" | "supplier") =>
  column === "account"
    ? (names.get(line.arAccountId!) ?? `AR account ${line.arAccountId}`)
    : `Supplier ${line.supplierId}`;

describe("the AR aging table's order and pages", () => {
  const lines = linesOf([
    row(1, 101, "100.00", "90.00"),
    row(2, 101, "300.00"),
    row(3, 102, "200.00", "10.00"),
    row(2, 102, "300.00", "5.00"),
  ]);

  it("reads its choices from the address, unknown values falling back, and writes only what differs from the default", () => {
    expect(agingListQuery(new URLSearchParams("sort=91&dir=asc&page=3"))).toEqual({ sort: "91", dir: "asc", page: 3 });
    expect(agingListQuery({ sort: "bogus", dir: "up", page: "-2" })).toEqual({ sort: "total", dir: "desc", page: 1 });
    expect(
      withAgingList(new URLSearchParams("States=CA&page=4"), { sort: "total", dir: "desc", page: 1 }).toString(),
    ).toBe("States=CA");
    expect(withAgingList(new URLSearchParams("States=CA"), { sort: "account", dir: "asc", page: 2 }).toString()).toBe(
      "States=CA&sort=account&dir=asc&page=2",
    );
  });

  it("sorts by an amount exactly, ties by the larger total then by account and supplier, and by names A to Z", () => {
    const order = (sort: Parameters<typeof sortedLines>[1]) =>
      sortedLines(lines, sort, label).map((l) => `${l.arAccountId}:${l.supplierId}`);
    expect(order({ sort: "total", dir: "desc" })).toEqual(["2:101", "2:102", "3:102", "1:101"]);
    expect(order({ sort: "91", dir: "desc" })).toEqual(["1:101", "3:102", "2:102", "2:101"]);
    expect(order({ sort: "total", dir: "asc" })).toEqual(["1:101", "3:102", "2:101", "2:102"]);
    expect(order({ sort: "account", dir: "asc" })).toEqual(["2:101", "2:102", "3:102", "1:101"]);
    expect(order({ sort: "supplier", dir: "desc" })).toEqual(["2:102", "3:102", "2:101", "1:101"]);
  });

  it("pages 50 rows at a time, the last page when asked past it", () => {
    const many = linesOf(Array.from({ length: 120 }, (_, i) => row(i + 1, 101, `${i + 1}.00`)));
    const second = agingPage(many, { sort: "total", dir: "desc", page: 2 }, label);
    expect([second.page, second.pages, second.rows.length, second.rows[0]!.amounts.total]).toEqual([2, 3, 50, "70.00"]);
    expect(agingPage(many, { sort: "total", dir: "desc", page: 9 }, label)).toMatchObject({ page: 3, pages: 3 });
  });

  it("keeps a supplier filter's rows, all of them without one", () => {
    const rows = [row(1, 101, "1"), row(2, 102, "1"), row(3, 103, "1")];
    expect(ofSuppliers(rows, "101,103").map((r) => r.ARAccountID)).toEqual([1, 3]);
    expect(ofSuppliers(rows, undefined)).toHaveLength(3);
  });
});

describe("withoutLongLists", () => {
  it("leaves out and counts a total's invoice lists longer than the bound, keeping the amounts", () => {
    const total = totalLine(linesOf([row(1, 101, "100.00", "90.00"), row(2, 101, "300.00"), row(3, 102, "200.00")]));
    const sent = withoutLongLists(total, 2);
    expect(sent.amounts).toEqual(total.amounts);
    expect(sent.invoices.current).toEqual([]);
    expect(sent.invoices["91"]).toHaveLength(1);
    expect(listedCount(sent, BUCKETS[0])).toBe(3);
    expect(listedCount(sent, BUCKETS[4])).toBe(1);
    expect(listedCount(sent, CREDIT)).toBe(0);
    expect(withoutLongLists(total)).toBe(total);
  });
});
