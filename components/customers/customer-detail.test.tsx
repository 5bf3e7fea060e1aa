import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SearchParamsContext } from "next/dist/shared/lib/hooks-client-context.shared-runtime";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiQueryKey } from "@/lib/domain/api-query";
import {
  accountOpenInvoicesRequest,
  accountPaymentsRequest,
  customerAgingRequest,
} from "@/lib/domain/customers/customer-requests";
import { CustomerDetail, NO_READS } from "./customer-detail";

const result = (records: unknown[]) => ({
  records,
  notModified: false,
  meta: {},
  body: undefined,
  paging: { page: 1, pageSize: 50, hasNextPage: false },
});

/** The customer's facts as the server renders them from the record its prefetch leaves in the cache. */
function fact(customer: Record<string, unknown>, label: string): string | undefined {
  const client = new QueryClient();
  client.setQueryData(
    apiQueryKey({ operation: "getCustomer", path: { customerID: 20001 } }),
    result([{ CustomerID: 20001, CustomerName: "Valley", ...customer }]),
  );
  const html = renderToString(
    <SearchParamsContext.Provider value={new URLSearchParams()}>
      <QueryClientProvider client={client}>
        <CustomerDetail customerId={20001} reads={NO_READS} />
      </QueryClientProvider>
    </SearchParamsContext.Provider>,
  ).replace(/<!-- -->/g, "");
  return new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>(.*?)</dd>`).exec(html)?.[1]?.replace(/<[^>]+>/g, "");
}

describe("CustomerDetail's facts", () => {
  it("write DeliveryDays in every form the live service sends as weekday names, and none as no delivery days", () => {
    expect(fact({ DeliveryDays: "4;1" }, "Delivery days")).toBe("Monday, Thursday");
    expect(fact({ DeliveryDays: "25" }, "Delivery days")).toBe("Tuesday, Friday");
    expect(fact({ DeliveryDays: null }, "Delivery days")).toBe("no delivery days");
    expect(fact({}, "Delivery days")).toBe("—");
  });

  it("show a placeholder license number as no licence, and the next delivery dates from today on", () => {
    expect(fact({ LicenseNum: "LIC-99999-FAKE" }, "License no.")).toBe("no licence on record");
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    expect(fact({ NextDeliveryDates: `${inDays(-5)};${inDays(-1)}` }, "Next delivery dates")).toBe("—");
  });
});

describe("CustomerDetail opens on money", () => {
  const aging = [
    {
      ARAccountID: 50001,
      SupplierID: 101,
      CurrentDue: "100.000000",
      Due_1_30: "0",
      Due_31_60: "200.000000",
      Due_61_90: "0",
      Due_91: "50.250000",
      OpenCredit: "25.000000",
      TotalBalanceOutstanding: "325.250000",
      CloseDate: "2026-11-25T23:59:59Z",
    },
  ];
  const open = [
    {
      InvoiceID: 2,
      InvoiceNum: "INV-2",
      CustomerID: 20001,
      ARAccountID: 50001,
      DueDate: "2026-10-01T00:00:00Z",
      OpenBalance: "250.25",
    },
    {
      InvoiceID: 1,
      InvoiceNum: "INV-1",
      CustomerID: 20001,
      ARAccountID: 50001,
      DueDate: "2026-09-01T00:00:00Z",
      OpenBalance: "100.00",
    },
  ];
  const payments = [
    { ARAccountID: 50001, Amount: "500.00", AvailableBalance: "12.50", PostDate: "2026-11-17T00:00:00Z" },
  ];

  function html(): string {
    const client = new QueryClient();
    client.setQueryData(
      apiQueryKey({ operation: "getCustomer", path: { customerID: 20001 } }),
      result([
        {
          CustomerID: 20001,
          CustomerName: "Valley",
          OnHold: true,
          SalesRepUserID: 1008,
          TimeUpdated: "2026-11-20T00:00:00Z",
        },
      ]),
    );
    client.setQueryData(apiQueryKey(customerAgingRequest(20001)), result(aging));
    client.setQueryData(apiQueryKey(accountOpenInvoicesRequest([50001])), result(open));
    client.setQueryData(apiQueryKey(accountPaymentsRequest([50001])), result(payments));
    const reads = { ...NO_READS, aging: true, openInvoices: true, payments: true };
    return renderToString(
      <SearchParamsContext.Provider value={new URLSearchParams()}>
        <QueryClientProvider client={client}>
          <CustomerDetail customerId={20001} reads={reads} />
        </QueryClientProvider>
      </SearchParamsContext.Provider>,
    )
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
  }

  it("the balance, what is over 30, 60 and 90 days, credit, the last payment, the open invoices oldest due first", () => {
    const text = html();
    expect(text).toContain("Valley On hold");
    expect(text).toContain("Open balance $325.25");
    expect(text).toContain("Over 30 days $250.25 Over 60 days $50.25 Over 90 days $50.25");
    expect(text).toContain("Open credit $25.00 Unapplied payments $12.50 Last payment Nov 17, 2026");
    expect(text).toContain("Statement of AR account 50001");
    expect(text).toMatch(/2 open invoices INV-1 .* INV-2 /);
  });

  it("no raw field precedes the balance: the record's fields are behind All fields", () => {
    const text = html();
    const balance = text.indexOf("Open balance");
    for (const label of ["Sales rep user ID", "Time updated", "Customer ID"])
      expect(text.indexOf(label) === -1 || text.indexOf(label) > text.indexOf("All fields"), label).toBe(true);
    expect(balance).toBeGreaterThan(-1);
    expect(balance).toBeLessThan(text.indexOf("All fields"));
  });
});
