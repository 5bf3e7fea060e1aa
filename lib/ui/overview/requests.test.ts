import { describe, expect, it } from "vitest";
import type { AgingRow } from "@/lib/domain/ar-aging/aging";
import { overviewPayments, overviewPending, topAccounts } from "./requests";

const row = (account: number, current: string, invoice: number, supplier = 10): AgingRow =>
  ({
    ARAccountID: account,
    SupplierID: supplier,
    CurrentDue: current,
    CurrentInvoices: [{ InvoiceID: invoice }],
  }) as AgingRow;

describe("topAccounts: the brand's Top customers", () => {
  const rows = [
    row(1, "10", 101),
    row(2, "70", 202),
    row(2, "5", 201, 11),
    row(3, "30", 301),
    row(4, "40", 401),
    row(5, "20", 501),
    row(6, "60", 601),
    row(7, "1", 701),
  ];

  it("adds each account's rows and keeps the five owing most, largest first", () => {
    expect(topAccounts(rows).top.map(([account]) => account)).toEqual([2, 6, 4, 3, 5]);
    expect(topAccounts(rows).top[0]![1]).toBe("75.000000");
  });

  it("asks the names of those five accounts only, by one invoice of each", () => {
    const { invoices, namesRequest } = topAccounts(rows);
    expect([...invoices]).toEqual(
      expect.arrayContaining([
        [201, 2],
        [601, 6],
        [401, 4],
        [301, 3],
        [501, 5],
      ]),
    );
    expect(invoices.size).toBe(5);
    expect(namesRequest?.query?.InvoiceIDs).toBe("201,301,401,501,601");
  });

  it("asks nothing of an empty aging", () => {
    expect(topAccounts([])).toEqual({ top: [], invoices: new Map(), namesRequest: undefined });
  });
});

describe("the retailer's payments and pending requests: read whole", () => {
  it("asks no page size of its own: the overview walks every page (credit left and pending over the whole list)", () => {
    expect(overviewPayments([50001, 50002]).query).toEqual({ ARAccountIDs: "50001,50002" });
    expect(overviewPending([50001]).query).toEqual({ ARAccountIDs: "50001", Statuses: "Pending,Exported" });
  });
});
