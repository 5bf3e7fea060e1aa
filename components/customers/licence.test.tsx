import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SearchParamsContext } from "next/dist/shared/lib/hooks-client-context.shared-runtime";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiQueryKey } from "@/lib/domain/api-query";
import { buildStatement } from "@/lib/domain/statements/statement";
import { todayModel, type TodayInput } from "@/lib/domain/today/today";
import { AccountCard } from "@/components/today/account-card";
import { StatementView } from "@/components/statements/statement-view";
import { CustomerDetail, NO_READS } from "./customer-detail";

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

/** The customer page's licence fact (its record's `LicenseNum`, as the page draws it). */
function onCustomerPage(licence: string): string {
  const client = new QueryClient();
  client.setQueryData(apiQueryKey({ operation: "getCustomer", path: { customerID: 20001 } }), {
    records: [{ CustomerID: 20001, CustomerName: "Valley", LicenseNum: licence }],
    notModified: false,
    meta: {},
    body: undefined,
    paging: { page: 1, pageSize: 50, hasNextPage: false },
  });
  const html = renderToString(
    <SearchParamsContext.Provider value={new URLSearchParams()}>
      <QueryClientProvider client={client}>
        <CustomerDetail customerId={20001} reads={NO_READS} />
      </QueryClientProvider>
    </SearchParamsContext.Provider>,
  ).replace(/<!-- -->/g, "");
  return /<dt[^>]*>[^<]*Licen[sc]e[^<]*<\/dt><dd[^>]*>(.*?)<\/dd>/.exec(html)![1]!.replace(/<[^>]+>/g, "");
}

/** The store's card on Today. */
function onToday(licence: string): string {
  const input: TodayInput = {
    now: new Date("2026-11-26T18:00:00Z"),
    customerIds: [20001],
    customers: [{ CustomerID: 20001, CustomerName: "Valley", State: "CA", LicenseNum: licence }],
    states: [],
    aging: [],
    openInvoices: [],
    invoices: [],
  };
  const card = todayModel(input).accounts.find((c) => c.customerId === 20001)!;
  return text(renderToString(<AccountCard card={card} />));
}

/** The store on its statement. */
function onStatement(licence: string): string {
  const statement = buildStatement({
    arAccountId: 50001,
    aging: [],
    openInvoices: [],
    // An invoice of the store's: the statement names the customers its invoices name.
    invoices: [{ InvoiceID: 1, CustomerID: 20001 }],
    payments: [],
    applications: [],
    customers: [{ CustomerID: 20001, CustomerName: "Valley", State: "CA", LicenseNum: licence }],
    locations: [],
    states: [],
  });
  return text(renderToString(<StatementView statement={statement} timeZone="UTC" />));
}

// A store's licence reads the same on every page that shows it: the record's, or no licence for a placeholder.
describe("a store's licence", () => {
  it.each(["LIC-99999-FAKE", "#N/A", "N/A"])("is no licence on record wherever it shows, for %j", (licence) => {
    expect(onCustomerPage(licence)).toBe("no licence on record");
    expect(onToday(licence)).toContain("No licence on record");
    expect(onToday(licence)).not.toContain(licence);
    expect(onStatement(licence)).not.toContain(licence);
  });

  it("is the record's own number wherever it shows", () => {
    expect(onCustomerPage("C10-0000123-LIC")).toBe("C10-0000123-LIC");
    expect(onToday("C10-0000123-LIC")).toContain("Licence C10-0000123-LIC");
    expect(onStatement("C10-0000123-LIC")).toContain("license C10-0000123-LIC");
  });
});
