import { describe, expect, it } from "vitest";
import { apiQueryKey } from "@/lib/domain/api-query";
import { accountInvoicesRequest, agingRequest } from "./requests";

describe("agingRequest", () => {
  it("asks for the URL's filters, always the first page of 500", () => {
    expect(agingRequest(new URLSearchParams("States=CA&SupplierIDs=3,4&Page=7&PageSize=25&columns=x"))).toEqual({
      operation: "listArAging",
      query: { States: "CA", SupplierIDs: "3,4", Page: "1", PageSize: "500" },
    });
  });

  it("makes the same request from the server's params and the browser's address", () => {
    const server = agingRequest({ CustomerIDs: ["12", "13"], States: "WA", Other: undefined });
    const browser = agingRequest(new URLSearchParams("CustomerIDs=12&CustomerIDs=13&States=WA"));
    expect(apiQueryKey(server)).toEqual(apiQueryKey(browser));
  });
});

describe("accountInvoicesRequest", () => {
  it("asks for the invoices in any status, sorted, in one page", () => {
    expect(accountInvoicesRequest([9017, 9001, 9017])).toEqual({
      operation: "listInvoices",
      query: { InvoiceIDs: "9001,9017", Statuses: "1,2,3,4,5,7", PageSize: "500" },
    });
  });

  it("asks nothing without invoices", () => {
    expect(accountInvoicesRequest([])).toBeUndefined();
  });
});
