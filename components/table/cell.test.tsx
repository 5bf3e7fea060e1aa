import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RECORD_META } from "@/lib/data-api/meta.generated";
import { type ColumnSpec, columnsOf } from "@/lib/ui/views/columns";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { renderCell } from "./cell";
import { NamesProvider } from "./names";

const column = (record: keyof typeof RECORD_META, id: string) =>
  columnsOf(RECORD_META[record]).find((c) => c.id === id)!;
const html = (node: React.ReactNode, names = new Map<string, Map<string, string>>()) =>
  renderToStaticMarkup(<NamesProvider value={names}>{node}</NamesProvider>);

describe("renderCell", () => {
  it("links a customer's sales rep name to the rep's user page", () => {
    const row = { SalesRepUserID: 1012, SalesRepName: "Rosa Hill" };
    expect(html(renderCell(column("Customer", "SalesRepName"), row, "UTC"))).toBe(
      '<a class="link" href="/directory/users/1012">Rosa Hill</a>',
    );
  });

  it("shows a missing name as — and never links it", () => {
    expect(html(renderCell(column("Customer", "SalesRepName"), { SalesRepUserID: 1012 }, "UTC"))).toBe("—");
    expect(html(renderCell(column("CustomerPrice", "PromotionID"), { PromotionID: null }, "UTC"))).toBe("—");
  });

  it("names each id of a list and links it, with the ids the names do not know shown as ids", () => {
    const names = new Map([["CustomerIDs", new Map([["20001", "Valley Cannabis - Oakland"]])]]);
    const out = html(renderCell(column("User", "CustomerIDs"), { CustomerIDs: [20001, 20002] }, "UTC"), names);
    expect(out).toContain('<a class="link" href="/customers/20001">Valley Cannabis - Oakland</a>');
    expect(out).toContain('<a class="link" href="/customers/20002">20002</a>');
    expect(out).toContain(", ");
    expect(html(renderCell(column("User", "CustomerIDs"), { CustomerIDs: null }, "UTC"))).toBe("—");
  });

  it("links a named warehouse id by NamedId", () => {
    const names = new Map([["LocationIDs", new Map([["1", "Oakland DC"]])]]);
    expect(html(renderCell(column("Vendor", "LocationID"), { LocationID: 1 }, "UTC"), names)).toContain(
      '<a class="link" href="/directory/locations/1">Oakland DC</a>',
    );
  });

  it("links a sales rep's first few customers, and the rest to the rep's page", () => {
    const customers = LIST_VIEWS.salesReps.columns.find((c) => c.id === "Customers") as ColumnSpec;
    const row = {
      UserID: 1006,
      Customers: [20003, 20004, 20020, 20024, 20028].map((id) => ({ CustomerID: id, CustomerName: `Store ${id}` })),
    };
    const out = html(renderCell(customers, row, "UTC"));
    expect(out.startsWith("5: ")).toBe(true);
    expect(out.match(/href="\/customers\/\d+"/g)).toHaveLength(3);
    expect(out).toContain('<a class="link" href="/directory/users/1006">and 2 more customers</a>');
    expect(html(renderCell(customers, { UserID: 1006, Customers: [] }, "UTC"))).toBe("—");
  });
});
