import { expect, test } from "@playwright/test";
import { E2E_DEMO_RATE_LIMIT } from "./harness";
import { OPERATOR, operatorKey } from "./operator";

// The sandbox mounted in Backroom's production build answers as the Data API does.
test.describe("/sandbox", () => {
  test("serves the Data API for the demo keys", async ({ request }) => {
    const states = await request.get("/sandbox/test/api/v1/states", { headers: { "x-api-key": "test-employee-demo" } });
    expect(states.status()).toBe(200);
    expect(states.headers()["etag"]).toMatch(/^W\//);
    // The browser tests' server's (the live service's is 1,028: lib/sandbox/rate-limit.ts).
    expect(states.headers()["ratelimit-limit"]).toBe(String(E2E_DEMO_RATE_LIMIT));
    const body = await states.json();
    expect(body).toMatchObject({ Page: 1, PageSize: 50, HasNextPage: false });
    expect(body.Data.map((s: { StateAbbreviation: string }) => s.StateAbbreviation)).toEqual(
      expect.arrayContaining(["CA", "NV"]),
    );

    const invoices = await request.get("/sandbox/test/api/v1/invoices?PageSize=5", {
      headers: { "x-api-key": "test-customer-demo" },
    });
    expect(invoices.status()).toBe(200);
    expect((await invoices.json()).Data.length).toBeGreaterThan(0);
  });

  test("answers errors in the API's shape", async ({ request }) => {
    const missing = await request.get("/sandbox/test/api/v1/states");
    expect(missing.status()).toBe(401);
    expect(await missing.json()).toEqual({ Error: "Missing API key: send it in the x-api-key header" });
    const forbidden = await request.get("/sandbox/test/api/v1/inventory", {
      headers: { "x-api-key": "test-customer-demo" },
    });
    expect(forbidden.status()).toBe(403);
    const unknown = await request.get("/sandbox/test/api/v1/nothing-here", {
      headers: { "x-api-key": "test-customer-demo" },
    });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ Error: "Not found" });
  });

  test("opens the operator's endpoints to the operator key alone, never to a published demo key", async ({
    request,
  }) => {
    for (const key of ["test-employee-demo", "production-employee-demo", `${operatorKey()}x`]) {
      const refused = await request.get("/sandbox/test/operator/clock", { headers: { "x-api-key": key } });
      expect(refused.status(), key).toBe(401);
      expect(((await refused.json()) as { Error: string }).Error).toMatch(/^Invalid API key/);
    }
    for (const env of ["test", "production"]) {
      const clock = await request.get(`/sandbox/${env}/operator/clock`, { headers: { "x-api-key": operatorKey() } });
      expect(clock.status(), env).toBe(200);
    }
  });

  test("takes writes: a purchase order created, submitted and imported by the ERP job, with links to this host", async ({
    request,
    baseURL,
  }) => {
    const supplier = { "x-api-key": "test-supplier-demo" };
    const vendors = await (await request.get("/sandbox/test/api/v1/vendors", { headers: supplier })).json();
    const vendor = vendors.Data.find((v: { RequirePOBatchCodes: boolean }) => !v.RequirePOBatchCodes);
    const location = (
      await (await request.get(`/sandbox/test/api/v1/locations/${vendor.LocationID}`, { headers: supplier })).json()
    ).Data[0];
    const products = await (
      await request.get("/sandbox/test/api/v1/products?PageSize=200", { headers: supplier })
    ).json();
    const product = products.Data.find(
      (p: { State: string; StatusID: number }) => p.State === location.State && p.StatusID === 1,
    );
    const created = await request.post("/sandbox/test/api/v2/purchases?submit=true", {
      headers: { ...supplier, "Idempotency-Key": `e2e-${Date.now()}` },
      data: {
        vendor_id: vendor.VendorID,
        to_location_id: vendor.LocationID,
        supplier_id: vendor.SupplierID,
        delivery_date: "2099-01-05",
        po_num: `E2E-${Date.now()}`,
        purchase_transactions: [{ product_id: product.ProductID, cases: 1 }],
      },
    });
    expect(created.status()).toBe(201);
    const location201 = created.headers()["location"]!;
    expect(location201.startsWith(`${baseURL}/sandbox/test/api/v2/purchases/`)).toBe(true);
    expect((await created.json()).data.status).toBe("Submitted");

    const job = await request.post("/sandbox/test/operator/jobs/import", {
      headers: { "x-api-key": operatorKey() },
    });
    expect(job.status()).toBe(200);
    const imported = (await (await request.get(location201, { headers: supplier })).json()).data;
    expect(imported.status).toBe("New");
    expect(imported.purchase_id).toEqual(expect.any(Number));
  });

  test("a dropped connection after a write, then the retry with the same Idempotency-Key, makes one request", async ({
    request,
  }) => {
    const customer = { "x-api-key": "test-customer-demo" };
    const payments = (
      await (await request.get("/sandbox/test/api/v1/payments?PageSize=500", { headers: customer })).json()
    ).Data;
    const payment = payments.find((p: { AvailableBalance: string }) => Number(p.AvailableBalance) >= 1);
    const invoices = (
      await (
        await request.get(`/sandbox/test/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`, {
          headers: customer,
        })
      ).json()
    ).Data;
    const url = `/sandbox/test/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoices.find((i: { OpenBalance: string }) => Number(i.OpenBalance) > 0).InvoiceNum}&ARAccountID=${payment.ARAccountID}&Amount=0.01`;
    const key = `e2e-drop-${Date.now()}`;
    const added = await request.post("/sandbox/test/operator/faults", {
      headers: OPERATOR,
      data: {
        method: "POST",
        path: "/api/v1/payments/applications",
        kind: "drop",
        count: 1,
        key: customer["x-api-key"],
      },
    });
    expect(added.status()).toBe(201);
    try {
      await expect(
        request.post(url, { headers: { ...customer, "Idempotency-Key": key } }).then((r) => r.body()),
      ).rejects.toThrow();
      const retry = await request.post(url, { headers: { ...customer, "Idempotency-Key": key } });
      expect(retry.status()).toBe(201);
      expect(retry.headers()["idempotency-replayed"]).toBe("true");
    } finally {
      await request.delete(
        `/sandbox/test/operator/faults/${((await added.json()) as { rule: { id: number } }).rule.id}`,
        { headers: OPERATOR },
      );
    }
  });
});
