import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationList } from "@/lib/data-api/registry";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { proxyRequest } from ".";
import { browserRequest, connectKey, createTestBackend, DEMO_KEYS, type TestBackend, UPSTREAM } from "../testing";

/**
 * Every operation of the registry through the proxy, as an Employee key: the browser gets what the API gives when
 * asked directly (status and body), so nothing the API offers is out of the dashboard's reach.
 */
let sandbox: TestSandbox;
let backend: TestBackend;
let cookie: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  sandbox = await openTestSandbox();
  backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
  ({ cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee"));
  const first = async (path: string, field: string) =>
    String(((await direct("GET", path)).body as { Data: Record<string, unknown>[] }).Data[0]![field]);
  ids.customerID = await first("/v1/customers?PageSize=1", "CustomerID");
  ids.invoiceID = await first("/v1/invoices?Statuses=1,2,3,4,5,7&PageSize=1", "InvoiceID");
  ids.locationID = await first("/v1/locations?PageSize=1", "LocationID");
  ids.productID = await first("/v1/products?PageSize=1", "ProductID");
  ids.supplierID = await first("/v1/suppliers?PageSize=1", "SupplierID");
  ids.userID = await first("/v1/users?PageSize=1", "UserID");
  ids.purchaseID = await first("/v1/purchases?PageSize=1", "PurchaseID");
  ids.purchaseGlobalID = await first("/v1/purchases?PageSize=1", "PurchaseGlobalID");
}, 60_000);
afterAll(async () => {
  await backend.close();
  await sandbox.close();
});

async function direct(method: string, path: string) {
  const response = await sandbox.runtime.app.fetch(
    new Request(`${UPSTREAM}/test/api${path}`, { method, headers: { "x-api-key": DEMO_KEYS.Employee } }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function proxied(method: string, path: string) {
  const url = new URL(path, "http://x");
  const [, version, ...segments] = url.pathname.split("/");
  const response = await proxyRequest(
    browserRequest(method, `/api${path}`, { cookie }),
    version as "v1" | "v2",
    segments.map(decodeURIComponent),
    backend,
  );
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const reads = operationList.filter((op) => op.method === "GET");

describe("every GET of the registry, through the proxy", () => {
  it.each(reads.map((op) => [`${op.version} ${op.path}`, op] as const))(
    "%s answers as the API does directly",
    async (_, op) => {
      const path = op.path.replace(/\{(\w+)\}/g, (__, name: string) =>
        name === "purchaseID" && op.version === "v2" ? ids.purchaseGlobalID! : (ids[name] ?? "1"),
      );
      const query = new URLSearchParams();
      if ("InvoiceIDs" in op.query && op.query.InvoiceIDs.required) query.set("InvoiceIDs", ids.invoiceID!);
      if ("PurchaseIDs" in op.query && op.query.PurchaseIDs.required) query.set("PurchaseIDs", ids.purchaseID!);
      if ("purchase_ids" in op.query && op.query.purchase_ids.required) query.set("purchase_ids", ids.purchaseID!);
      const target = `/${op.version}${path}${query.size ? `?${query}` : ""}`;
      const [viaProxy, viaApi] = [await proxied("GET", target), await direct("GET", target)];
      expect(viaProxy.status, target).toBe(200);
      expect(viaProxy).toEqual(viaApi);
    },
  );
});

describe("every write of the registry, through the proxy", () => {
  const send = async (method: string, path: string, json?: unknown) => {
    const url = new URL(path, "http://x");
    const [, version, ...segments] = url.pathname.split("/");
    const response = await proxyRequest(
      browserRequest(method, `/api${path}`, { cookie, json }),
      version as "v1" | "v2",
      segments,
      backend,
    );
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as
        | { data?: Record<string, unknown>; Data?: Record<string, unknown> }
        | undefined,
      location: response.headers.get("Location"),
    };
  };

  it("validates, creates, edits, submits and deletes purchase orders, and requests a payment allocation", async () => {
    const vendor = await sandbox.db
      .selectFrom("vendors")
      .select(["vendor_id", "location_id", "supplier_id"])
      .where("require_po_batch_codes", "=", 0)
      .where("active", "=", 1)
      .executeTakeFirstOrThrow();
    const location = await sandbox.db
      .selectFrom("locations")
      .select("state")
      .where("location_id", "=", vendor.location_id)
      .executeTakeFirstOrThrow();
    const product = await sandbox.db
      .selectFrom("products")
      .select("product_id")
      .where("supplier_id", "=", vendor.supplier_id)
      .where("state", "=", location.state)
      .where("status_id", "=", 1)
      .executeTakeFirstOrThrow();
    const order = (po: string) => ({
      vendor_id: vendor.vendor_id,
      to_location_id: vendor.location_id,
      supplier_id: vendor.supplier_id,
      delivery_date: "2026-12-20",
      po_num: po,
      purchase_transactions: [{ product_id: product.product_id, cases: 2 }],
    });

    const validated = await send("POST", "/v2/purchases/validate", order("REACH-1"));
    expect([validated.status, validated.body?.data?.valid]).toEqual([200, true]);
    const created = await send("POST", "/v2/purchases", order("REACH-1"));
    expect(created.status).toBe(201);
    const id = created.body!.data!.purchase_global_id as string;
    expect(created.location).toBe(`/api/v2/purchases/${id}`);
    expect((await send("PATCH", `/v2/purchases/${id}`, { po_num: "REACH-2" })).body?.data?.po_num).toBe("REACH-2");
    expect((await send("POST", `/v2/purchases/${id}/submit`)).body?.data?.status).toBe("Submitted");
    const other = await send("POST", "/v2/purchases", order("REACH-3"));
    expect((await send("DELETE", `/v2/purchases/${other.body!.data!.purchase_global_id as string}`)).status).toBe(204);

    const payments = (await direct("GET", "/v1/payments?ARAccountIDs=50001&PageSize=500")).body as {
      Data: { PaymentInvoiceNum: string; AvailableBalance: string }[];
    };
    const payment = {
      payment_invoice_num: payments.Data.find((p) => Number(p.AvailableBalance) > 0)!.PaymentInvoiceNum,
    };
    const invoice = await sandbox.db
      .selectFrom("invoices as i")
      .innerJoin("customers as c", "c.customer_id", "i.customer_id")
      .select("i.invoice_num")
      .where("c.ar_account_id", "=", 50001)
      .executeTakeFirstOrThrow();
    const allocation = await send(
      "POST",
      `/v1/payments/applications?PaymentInvoiceNum=${payment.payment_invoice_num}&TargetInvoiceNum=${invoice.invoice_num}&ARAccountID=50001&Amount=0.01`,
    );
    expect([allocation.status, allocation.body?.Data?.Status]).toEqual([201, "Pending"]);
  });
});
