import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, AuditPage } from "@/lib/audit/audit-types";
import type { Version } from "@/lib/data-api/operation";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { proxyRequest } from "../proxy";
import { connect, removeKey, signOut } from "../session-api";
import { BACKROOM, type BrowserInit, browserRequest, connectKey, cookieOf, createTestBackend, DEMO_KEYS, type TestBackend } from "../testing";
import { listAudit } from "./audit-api";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());
const backends: TestBackend[] = [];
afterEach(async () => {
  await Promise.all(backends.splice(0).map((b) => b.close()));
});

async function open() {
  const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
  backends.push(backend);
  return backend;
}

/** A request through the proxy as the route handler makes it (segments decoded), from a client address. */
function proxied(backend: TestBackend, cookie: string) {
  return (method: string, path: string, init: BrowserInit = {}) => {
    const url = new URL(path, BACKROOM);
    const segments = url.pathname.split("/").slice(3).map(decodeURIComponent);
    const request = browserRequest(method, path, { cookie, ...init, headers: { "X-Forwarded-For": "203.0.113.7", ...init.headers } });
    return proxyRequest(request, url.pathname.split("/")[2] as Version, segments, backend);
  };
}

async function audit(backend: TestBackend, cookie: string, query = ""): Promise<Response> {
  return listAudit(browserRequest("GET", `/api/audit${query}`, { cookie, site: null }), backend);
}
async function entries(backend: TestBackend, cookie: string, query = ""): Promise<AuditEntry[]> {
  const response = await audit(backend, cookie, query);
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditPage).entries;
}
const json = async (response: Response) => (await response.json()) as Record<string, unknown> & { Data?: Record<string, unknown>[]; data?: Record<string, unknown> };

describe("the audit trail of writes through the proxy", () => {
  it("records a payment allocation with its reference, once per Idempotency-Key, and learns its outcome from later reads", async () => {
    const backend = await open();
    const { cookie } = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const send = proxied(backend, cookie);
    const payment = ((await json(await send("GET", "/api/v1/payments?PageSize=500"))).Data ?? []).find((p) => Number(p.AvailableBalance) >= 1)!;
    const invoice = ((await json(await send("GET", `/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`))).Data ?? [])[0]!;
    const path = `/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoice.InvoiceNum}&ARAccountID=${payment.ARAccountID}&Amount=0.01`;
    const headers = { "Idempotency-Key": "alloc-0001", "X-Request-Id": "req0001" };

    const first = await send("POST", path, { headers });
    expect(first.status).toBe(201);
    const requestId = ((await json(first)).Data as unknown as { RequestID: number }).RequestID;
    const replay = await send("POST", path, { headers });
    expect([replay.status, replay.headers.get("Idempotency-Replayed")]).toEqual([201, "true"]);

    const [entry, ...rest] = await entries(backend, cookie, "?event=payment-allocation");
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      event: "payment-allocation", operation: "createPaymentApplication", result: "done", upstreamStatus: 201, outcome: "Pending", outcomeFinal: false,
      keyType: "Customer", environment: "test", clientAddress: "203.0.113.7", idempotencyKey: "alloc-0001", requestId: "req0001",
      reference: { arAccountId: payment.ARAccountID, paymentInvoiceNum: payment.PaymentInvoiceNum, targetInvoiceNum: invoice.InvoiceNum, amount: "0.01", paymentRequestId: requestId },
    });
    expect(JSON.stringify(entry)).not.toContain(DEMO_KEYS.Customer);

    // The ERP's two syncs confirm it; the page's next status read (past the cache) tells the trail.
    await sandbox.operator("POST", "/jobs/export");
    await sandbox.operator("POST", "/jobs/export");
    const read = await send("GET", `/api/v1/payments/applications?ARAccountIDs=${payment.ARAccountID}&PageSize=500`, { headers: { "Cache-Control": "no-cache" } });
    expect(read.status).toBe(200);
    const status = ((await json(read)).Data ?? []).find((r) => r.RequestID === requestId)?.Status;
    expect(["Confirmed", "Rejected"]).toContain(status);
    expect((await entries(backend, cookie, "?event=payment-allocation"))[0]).toMatchObject({ outcome: status, outcomeFinal: true });
  });

  it("records refusals: Backroom's (nothing sent upstream) and the API's, with its code", async () => {
    const backend = await open();
    const { cookie } = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const send = proxied(backend, cookie);
    const calls = backend.calls.length;
    expect((await send("POST", "/api/v1/payments/applications?PaymentInvoiceNum=P-1&ARAccountID=x")).status).toBe(400);
    expect(backend.calls).toHaveLength(calls);
    const payment = ((await json(await send("GET", "/api/v1/payments?PageSize=500"))).Data ?? [])[0]!;
    const invoice = ((await json(await send("GET", `/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`))).Data ?? [])[0]!;
    const refused = await send("POST", `/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoice.InvoiceNum}&ARAccountID=${payment.ARAccountID}&Amount=99999999.00`);
    expect(refused.status).toBe(400);

    const [upstream, local] = await entries(backend, cookie);
    expect(local).toMatchObject({ event: "payment-allocation", result: "refused", upstreamStatus: null, reference: { paymentInvoiceNum: "P-1" } });
    expect(local!.reference.errorDetail).toMatch(/TargetInvoiceNum|ARAccountID|Amount/);
    expect(upstream).toMatchObject({ result: "refused", upstreamStatus: 400, reference: { errorCode: "INSUFFICIENT_BALANCE", amount: "99999999.00" } });
  });

  it("records a purchase's create, edit and submit with its reference, learns the ERP id on import, and ends a deleted draft's entries", async () => {
    const backend = await open();
    const { cookie } = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const send = proxied(backend, cookie);
    const vendor = ((await json(await send("GET", "/api/v1/vendors?PageSize=1"))).Data ?? [])[0]!;
    const product = ((await json(await send("GET", "/api/v1/products?PageSize=1"))).Data ?? [])[0]!;
    const order = (po: string) => ({
      vendor_id: vendor.VendorID, to_location_id: vendor.LocationID, supplier_id: vendor.SupplierID, delivery_date: "2026-12-15", po_num: po,
      purchase_transactions: [{ product_id: product.ProductID, cases: 3, batch_code: "B-1" }, { product_id: product.ProductID, cases: 4.5, batch_code: "B-2" }],
    });
    const created = await send("POST", "/api/v2/purchases", { json: order("AUDIT-1"), headers: { "Idempotency-Key": "po-1" } });
    expect(created.status).toBe(201);
    const globalId = (await json(created)).data!.purchase_global_id as string;
    expect((await send("PATCH", `/api/v2/purchases/${globalId}`, { json: { purchase_transactions: [{ product_id: product.ProductID, cases: 2, batch_code: "B-1" }] } })).status).toBe(200);
    const submit = await send("POST", `/api/v2/purchases/${globalId}/submit`);
    expect([submit.status, submit.status === 200 ? null : await submit.text()]).toEqual([200, null]);
    const other = await send("POST", "/api/v2/purchases", { json: order("AUDIT-2") });
    const otherId = (await json(other)).data!.purchase_global_id as string;
    expect((await send("DELETE", `/api/v2/purchases/${otherId}`)).status).toBe(204);

    const byEvent = Object.fromEntries((await entries(backend, cookie)).map((e) => [`${e.event} ${e.reference.purchaseGlobalId}`, e]));
    expect(byEvent[`purchase-create ${globalId}`]).toMatchObject({
      result: "done", upstreamStatus: 201, idempotencyKey: "po-1", outcome: "InProgress",
      reference: { purchaseGlobalId: globalId, poNum: "AUDIT-1", vendorId: vendor.VendorID, warehouseId: vendor.LocationID, lineCount: 2, totalCases: 7.5 },
    });
    expect(byEvent[`purchase-update ${globalId}`]).toMatchObject({ result: "done", reference: { lineCount: 1, totalCases: 2 } });
    expect(byEvent[`purchase-submit ${globalId}`]).toMatchObject({ result: "done", outcome: "Submitted", reference: { poNum: "AUDIT-1", lineCount: 1, totalCases: 2 } });
    expect(byEvent[`purchase-delete ${otherId}`]).toMatchObject({ result: "done", upstreamStatus: 204, outcome: "Deleted", outcomeFinal: true });
    expect(byEvent[`purchase-create ${otherId}`]).toMatchObject({ outcome: "Deleted", outcomeFinal: true });

    await sandbox.operator("POST", "/jobs/import");
    const read = await json(await send("GET", `/api/v2/purchases/${globalId}`, { headers: { "Cache-Control": "no-cache" } }));
    const erpId = read.data!.purchase_id as number;
    expect(erpId).toEqual(expect.any(Number));
    const submitted = (await entries(backend, cookie, "?event=purchase-submit"))[0];
    expect(submitted).toMatchObject({ outcome: "Imported", outcomeFinal: true, reference: { erpId } });
  });

  it("does not send a write the trail cannot record", async () => {
    const backend = await open();
    const { cookie } = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    await sql`drop table audit_events`.execute(backend.db);
    const calls = backend.calls.length;
    await expect(proxied(backend, cookie)("DELETE", "/api/v2/purchases/PO-404")).rejects.toThrow(/audit_events/);
    expect(backend.calls).toHaveLength(calls);
  });
});

describe("the audit trail of sessions", () => {
  const post = (backend: TestBackend, json: unknown, init: BrowserInit = {}) =>
    connect(browserRequest("POST", "/api/session", { json, ...init, headers: { "X-Forwarded-For": "198.51.100.4", ...init.headers } }), backend);

  it("records connects, refused keys, key removals and sign-outs, each on its key's activity", async () => {
    const backend = await open();
    const first = await post(backend, { apiKey: DEMO_KEYS.Customer, environment: "test" });
    const cookie = cookieOf(first);
    const customerKeyId = ((await first.json()) as { activeKeyId: string }).activeKeyId;
    expect((await post(backend, { apiKey: "not-a-key-0000", environment: "test" }, { cookie })).status).toBe(401);
    const second = await post(backend, { demo: "Supplier", environment: "test" }, { cookie });
    const ringCookie = cookieOf(second);
    // The Supplier key is active: its activity holds its connect only.
    expect((await entries(backend, ringCookie)).map((e) => e.event)).toEqual(["connect"]);
    const from = { "X-Forwarded-For": "198.51.100.4" };
    await removeKey(browserRequest("DELETE", `/api/session/keys/${customerKeyId}`, { cookie: ringCookie, headers: from }), customerKeyId, backend);
    await signOut(browserRequest("DELETE", "/api/session", { cookie: ringCookie, headers: from }), backend);

    const rows = await backend.db.selectFrom("audit_events").select(["event", "key_type", "key_label", "client_address", "result", "upstream_status"]).orderBy("id").execute();
    expect(rows).toEqual([
      { event: "connect", key_type: "Customer", key_label: expect.stringContaining("retailer"), client_address: "198.51.100.4", result: "done", upstream_status: 200 },
      { event: "connect-refused", key_type: null, key_label: null, client_address: "198.51.100.4", result: "refused", upstream_status: 401 },
      { event: "connect", key_type: "Supplier", key_label: expect.stringContaining("brand"), client_address: "198.51.100.4", result: "done", upstream_status: 200 },
      { event: "key-removed", key_type: "Customer", key_label: expect.stringContaining("retailer"), client_address: "198.51.100.4", result: "done", upstream_status: null },
      { event: "sign-out", key_type: "Supplier", key_label: expect.stringContaining("brand"), client_address: "198.51.100.4", result: "done", upstream_status: null },
    ]);
    const stored = JSON.stringify(await backend.db.selectFrom("audit_events").selectAll().execute());
    for (const key of [...Object.values(DEMO_KEYS), "not-a-key-0000"]) expect(stored).not.toContain(key);
  });
});

describe("GET /api/audit", () => {
  it("answers the active key's entries only, paged, filtered, and as CSV", async () => {
    const backend = await open();
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const retailer = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const send = proxied(backend, brand.cookie);
    for (let i = 1; i <= 3; i++) await send("DELETE", `/api/v2/purchases/MISSING-${i}`);
    expect((await audit(backend, retailer.cookie)).status).toBe(200);
    expect(await entries(backend, retailer.cookie)).toEqual([]);

    const page = (await (await audit(backend, brand.cookie, "?pageSize=2&page=2")).json()) as AuditPage;
    expect([page.total, page.entries.length, page.hasNextPage]).toEqual([3, 1, false]);
    expect(page.entries[0]!.reference.purchaseGlobalId).toBe("MISSING-1");
    expect(await entries(backend, brand.cookie, "?event=payment-allocation,connect")).toEqual([]);
    expect(await entries(backend, brand.cookie, "?from=2026-11-21&to=2026-11-21")).toHaveLength(3);
    expect(await entries(backend, brand.cookie, "?to=2026-11-20")).toHaveLength(0);

    const csv = await audit(backend, brand.cookie, "?format=csv");
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="backroom-activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^When \(UTC\),Event,Result,API status,Outcome,/);
    expect(lines[1]).toContain("Purchase order deleted,refused,404");
  });

  it("answers 401 without a key and 400 for a bad filter, in the API's error shape", async () => {
    const backend = await open();
    const { cookie } = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    expect((await audit(backend, "")).status).toBe(401);
    for (const query of ["?event=launch", "?from=yesterday", "?from=2026-11-05&to=2026-11-01", "?page=0", "?pageSize=501", "?format=xml", "?colour=red"]) {
      const response = await audit(backend, cookie, query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { Error: string }).Error, query).toEqual(expect.any(String));
    }
  });
});

describe("connect throttling", () => {
  const post = (backend: TestBackend, json: unknown, address: string) =>
    connect(browserRequest("POST", "/api/session", { json, headers: { "X-Forwarded-For": address } }), backend);
  const wrong = { apiKey: "wrong-key-000000", environment: "test" };

  it("makes an address wait after 5 refused keys (429, Retry-After, nothing sent upstream), and holds up no one else", async () => {
    const backend = await open();
    for (let i = 1; i <= 4; i++) expect((await post(backend, wrong, "203.0.113.50")).status).toBe(401);
    const fifth = await post(backend, wrong, "203.0.113.50");
    expect([fifth.status, fifth.headers.get("Retry-After")]).toEqual([401, "60"]);
    expect(((await fifth.json()) as { Error: { detail: string } }).Error.detail).toMatch(/try again in 60 seconds/);

    const calls = backend.calls.length;
    const held = await post(backend, { apiKey: DEMO_KEYS.Customer, environment: "test" }, "203.0.113.50");
    expect([held.status, held.headers.get("Retry-After")]).toEqual([429, "60"]);
    expect(await held.json()).toEqual({ Error: { code: "TOO_MANY_ATTEMPTS", detail: "Too many keys were refused from your address. Try again in 60 seconds.", retryAfterSeconds: 60 } });
    expect(backend.calls).toHaveLength(calls);

    expect((await post(backend, { demo: "Customer", environment: "test" }, "203.0.113.50")).status).toBe(201);
    expect((await post(backend, { apiKey: DEMO_KEYS.Customer, environment: "test" }, "198.51.100.9")).status).toBe(201);
  });

  it("makes every key connect wait once too many keys were refused in a minute from everywhere", async () => {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), { throttle: { globalPerMinute: 3 } });
    backends.push(backend);
    for (let i = 1; i <= 3; i++) await post(backend, wrong, `192.0.2.${i}`);
    const held = await post(backend, { apiKey: DEMO_KEYS.Employee, environment: "test" }, "198.51.100.77");
    expect(held.status).toBe(429);
    expect(((await held.json()) as { Error: { detail: string } }).Error.detail).toMatch(/from everywhere/);
  });
});
