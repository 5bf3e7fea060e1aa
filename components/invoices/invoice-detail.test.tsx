import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SearchParamsContext } from "next/dist/shared/lib/hooks-client-context.shared-runtime";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { addDecimals } from "@/lib/format/decimal";
import { formatMoney, formatQuantity } from "@/lib/format/display";
import { apiQueryKey } from "@/lib/domain/api-query";
import type { KeyScope } from "@/lib/domain/key-scope";
import { KeyScopeContext } from "@/lib/ui/key-scope-context";
import { invoiceRequests } from "@/lib/ui/views/invoice-requests";
import { InvoiceDetail } from "./invoice-detail";

const result = (records: unknown[]) => ({
  records,
  notModified: false,
  meta: {},
  body: undefined,
  paging: { page: 1, pageSize: 500, hasNextPage: false },
});

const INVOICE = {
  InvoiceID: 300001,
  InvoiceNum: "INV-300001",
  InvoiceTotal: "779.500000",
  TotalExtPrice: "779.500000",
  TotalNumUnits: "63",
  TotalCases: "7.500000",
};
/** The brand's three lines, as a Supplier key reads them (the invoice's other brands' lines are not among them). */
const LINES = [
  {
    InvoiceTransID: 1,
    InvoiceID: 300001,
    SupplierID: 7,
    ProductName: "Gummies",
    ExtPrice: "21.000000",
    NumUnits: 6,
    Cases: "0.750000",
  },
  {
    InvoiceTransID: 2,
    InvoiceID: 300001,
    SupplierID: 7,
    ProductName: "Pre-roll",
    ExtPrice: "19.250000",
    NumUnits: 5,
    Cases: "0.625000",
  },
  {
    InvoiceTransID: 3,
    InvoiceID: 300001,
    SupplierID: 7,
    ProductName: "Tincture",
    ExtPrice: "8.750000",
    NumUnits: 3,
    Cases: "0.375000",
  },
];

/** The invoice's page as the server renders it from the records its prefetch leaves in the cache. */
function render(scope: KeyScope): string {
  const client = new QueryClient();
  const r = invoiceRequests(300001);
  client.setQueryData(apiQueryKey(r.invoice), result([INVOICE]));
  client.setQueryData(apiQueryKey(r.lines), result(LINES));
  client.setQueryData(apiQueryKey(r.coas), result([]));
  return renderToString(
    <SearchParamsContext.Provider value={new URLSearchParams()}>
      <KeyScopeContext.Provider value={scope}>
        <QueryClientProvider client={client}>
          <InvoiceDetail invoiceId={300001} />
        </QueryClientProvider>
      </KeyScopeContext.Provider>
    </SearchParamsContext.Provider>,
  ).replace(/<!-- -->/g, "");
}

/** A row of the share's table: the brand's figure and the whole invoice's. */
function shareRow(html: string, label: string): [string, string] | undefined {
  const match = new RegExp(
    `<th scope="row"[^>]*>${label.replace(/[()]/g, "\\$&")}</th><td[^>]*>(.*?)</td><td[^>]*>(.*?)</td>`,
  ).exec(html);
  return match ? [match[1]!, match[2]!] : undefined;
}

describe("InvoiceDetail with a Supplier key", () => {
  it("shows the brand's share beside the invoice's totals, its figures the sums of its lines, and says why they differ", () => {
    const html = render({ keyType: "Supplier", suppliers: [{ id: 7, name: "Mojave Sun" }] });
    expect(shareRow(html, "Total (extended price)")).toEqual([
      formatMoney(addDecimals(...LINES.map((l) => l.ExtPrice))),
      "$779.50",
    ]);
    expect(shareRow(html, "Total (extended price)")?.[0]).toBe("$49.00");
    expect(shareRow(html, "Units")).toEqual([formatQuantity(LINES.reduce((n, l) => n + l.NumUnits, 0)), "63"]);
    expect(shareRow(html, "Cases")).toEqual([formatQuantity(addDecimals(...LINES.map((l) => l.Cases))), "7.5"]);
    expect(html).toContain("this key sees only its brand&#x27;s lines");
  });

  it("shows no share to the other keys, whose lines are the whole invoice's", () => {
    expect(render({ keyType: "Customer" })).not.toContain("This brand");
    expect(render({ keyType: "Employee" })).not.toContain("This brand");
  });
});
