import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "./clock";
import { type SandboxRuntime, startSandbox } from "./runtime";

/** Every filter of the lead's handlers, on seeded data: the answer is not empty and every row satisfies the filter. */
let sandbox: SandboxRuntime;
beforeAll(async () => {
  sandbox = await startSandbox({
    dataDir: ":memory:",
    clock: fixedClock("2026-11-21T18:00:00.000Z"),
    rateLimit: 1_000_000,
    scale: 0.05,
    basePath: "",
  });
}, 60_000);
afterAll(() => sandbox.close());

type Row = Record<string, unknown>;
async function rows(path: string, key = "test-employee-demo"): Promise<Row[]> {
  const res = await sandbox.app.request(`/test/api${path}`, { headers: { "x-api-key": key } });
  expect(res.status, path).toBe(200);
  const body = (await res.json()) as { Data?: Row[]; data?: Row[] };
  return body.Data ?? body.data ?? [];
}
const first = async (path: string) => (await rows(path))[0]!;

describe("filters", () => {
  it("narrow every list to rows that match", async () => {
    const invoice = await first("/v1/invoices?Statuses=7&PageSize=1");
    const customer = await first(`/v1/customers/${invoice.CustomerID}`);
    const payment = (await rows("/v1/payments?PageSize=500")).find((p) => p.SupplierID !== null)!;
    const application = await first("/v1/payments/applications?Statuses=Confirmed&PageSize=1");
    const purchase = await first("/v1/purchases?Statuses=Received&PageSize=1");
    const vendor = await first("/v1/vendors?PageSize=1");
    const onHold = await first("/v1/customers?OnHold=true&PageSize=1");
    const aging = await first("/v1/arAging?PageSize=1");
    const open = await first("/v1/payments/openInvoices?PageSize=1");

    const cases: [string, (r: Row) => boolean][] = [
      [`/v1/customers?CustomerIDs=${customer.CustomerID}`, (r) => r.CustomerID === customer.CustomerID],
      [`/v1/customers?States=${customer.State}&PageSize=500`, (r) => r.State === customer.State],
      ["/v1/customers?OnHold=true&PageSize=500", (r) => r.OnHold === true],
      ["/v1/customers?OnHold=false&PageSize=500", (r) => r.OnHold === false],
      ["/v1/customers?AccountStatuses=OutOfBus&PageSize=500", (r) => r.AccountStatus === "OutOfBus"],
      [`/v1/customers/creditTerms?CustomerIDs=${customer.CustomerID}`, (r) => r.CustomerID === customer.CustomerID],
      [
        `/v1/customers/creditTerms?SupplierIDs=${payment.SupplierID}&PageSize=500`,
        (r) => r.SupplierID === payment.SupplierID,
      ],
      [`/v1/deliveryDays?CustomerIDs=${onHold.CustomerID}`, (r) => r.CustomerID === onHold.CustomerID],
      // A schedule: its weekdays, or null for a customer without one (as the live service has some), and its dates.
      [
        `/v1/deliveryDays?States=${customer.State}&PageSize=500`,
        (r) => (typeof r.DeliveryDays === "string" || r.DeliveryDays === null) && Array.isArray(r.DeliveryDates),
      ],
      [
        `/v1/invoices?CustomerIDs=${invoice.CustomerID}&Statuses=7&PageSize=500`,
        (r) => r.CustomerID === invoice.CustomerID,
      ],
      [`/v1/invoices?InvoiceIDs=${invoice.InvoiceID}&Statuses=7`, (r) => r.InvoiceID === invoice.InvoiceID],
      [`/v1/invoices?States=${customer.State}&Statuses=7&PageSize=500`, (r) => r.CustomerID !== undefined],
      [
        "/v1/invoices?Statuses=7&StartDate=2026-10-01&EndDate=2026-10-31&PageSize=500",
        (r) => String(r.Date) >= "2026-10-01" && String(r.Date) < "2026-11-01",
      ],
      [`/v1/invoiceTransactions?InvoiceIDs=${invoice.InvoiceID}&Statuses=7`, (r) => r.InvoiceID === invoice.InvoiceID],
      [
        `/v1/invoiceCOAs?InvoiceIDs=${invoice.InvoiceID}`,
        (r) => r.InvoiceID === invoice.InvoiceID && typeof r.COA_URL === "string",
      ],
      ["/v1/invoices/creditTerms?TermIDs=1,2", (r) => r.TermID === 1 || r.TermID === 2],
      [`/v1/arAging?SupplierIDs=${aging.SupplierID}&PageSize=500`, (r) => r.SupplierID === aging.SupplierID],
      [`/v1/payments?ARAccountIDs=${payment.ARAccountID}&PageSize=500`, (r) => r.ARAccountID === payment.ARAccountID],
      [`/v1/payments?SupplierIDs=${payment.SupplierID}&PageSize=500`, (r) => r.SupplierID === payment.SupplierID],
      [
        `/v1/payments?PaymentTypeIDs=${payment.PaymentTypeID}&PageSize=500`,
        (r) => r.PaymentTypeID === payment.PaymentTypeID,
      ],
      [`/v1/payments/types?SupplierIDs=${payment.SupplierID}`, (r) => r.SupplierID === payment.SupplierID],
      ["/v1/payments/types", (r) => r.SupplierID === null || typeof r.SupplierID === "number"],
      [`/v1/payments/types?PaymentTypeIDs=${payment.PaymentTypeID}`, (r) => r.PaymentTypeID === payment.PaymentTypeID],
      [
        `/v1/payments/openInvoices?ARAccountIDs=${open.ARAccountID}&PageSize=500`,
        (r) => r.ARAccountID === open.ARAccountID && r.OpenBalance !== "0.000000",
      ],
      [
        `/v1/payments/applications?ARAccountIDs=${application.ARAccountID}&PageSize=500`,
        (r) => r.ARAccountID === application.ARAccountID,
      ],
      [
        `/v1/payments/applications?PaymentInvoiceNums=${application.PaymentInvoiceNum}`,
        (r) => r.PaymentInvoiceNum === application.PaymentInvoiceNum,
      ],
      [
        `/v1/payments/applications?TargetInvoiceNums=${application.TargetInvoiceNum}`,
        (r) => r.TargetInvoiceNum === application.TargetInvoiceNum,
      ],
      [
        "/v1/payments/applications?Statuses=Pending,Rejected&PageSize=500",
        (r) => r.Status === "Pending" || r.Status === "Rejected",
      ],
      [`/v1/payments/applications?SupplierIDs=${payment.SupplierID}&PageSize=500`, (r) => typeof r.Amount === "string"],
      [`/v1/vendors?SupplierIDs=${vendor.SupplierID}`, (r) => r.SupplierID === vendor.SupplierID],
      [`/v1/vendors?LocationIDs=${vendor.LocationID}&PageSize=500`, (r) => r.LocationID === vendor.LocationID],
      [
        `/v1/vendors?VendorIDs=${vendor.VendorID}`,
        (r) => r.VendorID === vendor.VendorID && Array.isArray(r.PickupDates),
      ],
      [`/v1/purchases?PurchaseIDs=${purchase.PurchaseID}`, (r) => r.PurchaseID === purchase.PurchaseID],
      [`/v1/purchases?VendorIDs=${purchase.VendorID}&PageSize=500`, (r) => r.VendorID === purchase.VendorID],
      [
        `/v1/purchases?LocationIDs=${purchase.ToLocationID}&PageSize=500`,
        (r) => r.ToLocationID === purchase.ToLocationID,
      ],
      ["/v1/purchases?Statuses=Verified,New&PageSize=500", (r) => r.Status === "Verified" || r.Status === "New"],
      [
        "/v1/purchases?StartDate=2026-01-01&EndDate=2026-06-30&PageSize=500",
        (r) => String(r.PostDate) >= "2026-01-01" && String(r.PostDate) < "2026-07-01",
      ],
      [`/v1/purchaseTrans?PurchaseIDs=${purchase.PurchaseID}`, (r) => r.PurchaseID === purchase.PurchaseID],
      [
        `/v2/purchases?purchase_ids=${purchase.PurchaseID},${purchase.PurchaseGlobalID}`,
        (r) => r.purchase_id === purchase.PurchaseID,
      ],
      [`/v2/purchases?vendor_ids=${purchase.VendorID}&page_size=500`, (r) => r.vendor_id === purchase.VendorID],
      [
        `/v2/purchases?location_ids=${purchase.ToLocationID}&page_size=500`,
        (r) => r.to_location_id === purchase.ToLocationID,
      ],
      [
        "/v2/purchases?start_date=2026-01-01&end_date=2026-06-30&page_size=500",
        (r) => String(r.post_date) >= "2026-01-01" && String(r.post_date) < "2026-07-01",
      ],
      ["/v2/purchases?include_transactions=false&page_size=5", (r) => !("purchase_transactions" in r)],
      [`/v2/purchaseTrans?purchase_ids=${purchase.PurchaseID}`, (r) => r.purchase_id === purchase.PurchaseID],
      ["/v1/states?States=NV", (r) => r.StateAbbreviation === "NV"],
      [`/v1/locations?LocationIDs=${vendor.LocationID}`, (r) => r.LocationID === vendor.LocationID],
      ["/v1/locations?States=NV", (r) => r.State === "NV"],
      [`/v1/suppliers?SupplierIDs=${payment.SupplierID}`, (r) => r.SupplierID === payment.SupplierID],
      ["/v1/suppliers?Active=false", (r) => r.Active === false],
      ["/v1/suppliers?States=CA&PageSize=500", (r) => r.State === "CA"],
      [`/v1/suppliers/creditTerms?SupplierIDs=${payment.SupplierID}`, (r) => r.SupplierID === payment.SupplierID],
    ];
    const failures: string[] = [];
    for (const [path, matches] of cases) {
      const found = await rows(path);
      if (found.length === 0) failures.push(`${path}: no rows`);
      else if (!found.every(matches))
        failures.push(`${path}: ${JSON.stringify(found.find((r) => !matches(r))).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("follow the documented id-list rule even for the generic payment type -1, which is listed without a filter", async () => {
    const res = await sandbox.app.request("/test/api/v1/payments/types?PaymentTypeIDs=-1", {
      headers: { "x-api-key": "test-employee-demo" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Error: "PaymentTypeIDs must be comma-separated integers, like 1,2,3" });
    expect(
      (await rows("/v1/payments/types?PageSize=500")).some((t) => t.PaymentTypeID === -1 && t.SupplierID === null),
    ).toBe(true);
  });

  it("give a Supplier key its own payment types and the generic one; a SupplierIDs filter leaves the generic one out", async () => {
    const [own] = await rows("/v1/suppliers", "test-supplier-demo");
    const types = await rows("/v1/payments/types?PageSize=500", "test-supplier-demo");
    expect(types.some((t) => t.PaymentTypeID === -1)).toBe(true);
    expect(types.every((t) => t.PaymentTypeID === -1 || t.SupplierID === own!.SupplierID)).toBe(true);
    const filtered = await rows(`/v1/payments/types?SupplierIDs=${own!.SupplierID}`, "test-supplier-demo");
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((t) => t.SupplierID === own!.SupplierID)).toBe(true);
  });
});
