import { describe, expect, it } from "vitest";
import { apiQueryKey } from "@/lib/domain/api-query";
import {
  accountRequests,
  applicationsRequest,
  openInvoicesRequest,
  paymentsRequest,
  workspaceFiltersOf,
} from "./requests";

describe("workspaceFiltersOf", () => {
  it("reads the lists' filters from the address under the API's names", () => {
    const params = new URLSearchParams(
      "account=50001&SupplierIDs=101,106&PaymentTypeIDs=20&TargetInvoiceNums=INV-100710&Statuses=Confirmed",
    );
    expect(workspaceFiltersOf(params)).toEqual({
      suppliers: "101,106",
      paymentTypes: "20",
      targets: "INV-100710",
      statuses: "Confirmed",
    });
  });

  it("keeps only whole numbers in id lists, which the API would refuse otherwise (the generic type -1 among them)", () => {
    expect(workspaceFiltersOf({ SupplierIDs: "101,abc, 102 ,", PaymentTypeIDs: "-1" })).toEqual({
      suppliers: "101,102",
    });
  });

  it("drops empty invoice numbers and leaves out filters that are not set", () => {
    expect(workspaceFiltersOf({ TargetInvoiceNums: " INV-1 ,, INV-2", SupplierIDs: "" })).toEqual({
      targets: "INV-1,INV-2",
    });
    expect(workspaceFiltersOf(new URLSearchParams("account=1"))).toEqual({});
  });
});

describe("the account's requests", () => {
  it("are the page's requests of before when nothing is filtered: the same cache entries, no new request", () => {
    const requests = accountRequests(50001, {}, "Employee");
    expect(apiQueryKey(requests.payments)).toEqual(
      apiQueryKey({ operation: "listPayments", query: { ARAccountIDs: "50001", PageSize: "500" } }),
    );
    expect(apiQueryKey(requests.openInvoices)).toEqual(
      apiQueryKey({ operation: "listOpenInvoices", query: { ARAccountIDs: "50001", PageSize: "500" } }),
    );
    expect(apiQueryKey(requests.applications)).toEqual(
      apiQueryKey({ operation: "listPaymentApplications", query: { ARAccountIDs: "50001", PageSize: "100" } }),
    );
  });

  it("send suppliers and payment types with the payments, suppliers, statuses and target invoices with the applications", () => {
    const filters = { suppliers: "106", paymentTypes: "20", targets: "INV-100710", statuses: "Confirmed,Pending" };
    const requests = accountRequests(50001, filters, "Employee");
    expect(requests.payments.query).toEqual({
      ARAccountIDs: "50001",
      SupplierIDs: "106",
      PaymentTypeIDs: "20",
      PageSize: "500",
    });
    expect(requests.applications.query).toEqual({
      ARAccountIDs: "50001",
      SupplierIDs: "106",
      Statuses: "Confirmed,Pending",
      TargetInvoiceNums: "INV-100710",
      PageSize: "100",
    });
  });

  it("narrow the open invoices by supplier for Supplier keys only (the API ignores it for the others)", () => {
    expect(accountRequests(50001, { suppliers: "101" }, "Supplier").openInvoices.query).toEqual({
      ARAccountIDs: "50001",
      SupplierIDs: "101",
      PageSize: "500",
    });
    for (const keyType of ["Employee", "Customer"] as const)
      expect(accountRequests(50001, { suppliers: "101" }, keyType).openInvoices).toEqual(openInvoicesRequest(50001));
  });

  it("each request builder alone leaves out what is not given", () => {
    expect(paymentsRequest(7).query).toEqual({ ARAccountIDs: "7", PageSize: "500" });
    expect(applicationsRequest(7, { targets: "INV-1" }).query).toEqual({
      ARAccountIDs: "7",
      TargetInvoiceNums: "INV-1",
      PageSize: "100",
    });
  });
});
