import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, AuditPage } from "@/lib/audit/audit-types";
import type { Version } from "@/lib/data-api/operation";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { proxyRequest } from "../core/proxy";
import { addKey, removeKey } from "../core/keys-api";
import {
  BACKROOM,
  type BrowserInit,
  browserRequest,
  connectKey,
  DEMO_KEYS,
  joinAs,
  signUp,
  type TestBackend,
} from "../core/testing";
import { createTestBackend } from "../testing";
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
    const request = browserRequest(method, path, {
      cookie,
      ...init,
      headers: { "X-Forwarded-For": "203.0.113.7", ...init.headers },
    });
    return proxyRequest(request, url.pathname.split("/")[2] as Version, segments, backend);
  };
}

async function audit(backend: TestBackend, cookie: string, query = ""): Promise<Response> {
  return listAudit(browserRequest("GET", `/api/activity${query}`, { cookie, site: null }), backend);
}
async function entries(backend: TestBackend, cookie: string, query = ""): Promise<AuditEntry[]> {
  const response = await audit(backend, cookie, query);
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditPage).entries;
}
const json = async (response: Response) =>
  (await response.json()) as Record<string, unknown> & {
    Data?: Record<string, unknown>[];
    data?: Record<string, unknown>;
  };

describe("the audit trail of writes through the proxy", () => {
  it("records a payment allocation with its reference, once per Idempotency-Key, and learns its outcome from later reads", async () => {
    const backend = await open();
    const { cookie } = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const send = proxied(backend, cookie);
    const payment = ((await json(await send("GET", "/api/v1/payments?PageSize=500"))).Data ?? []).find(
      (p) => Number(p.AvailableBalance) >= 1,
    )!;
    const invoice = ((
      await json(await send("GET", `/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`))
    ).Data ?? [])[0]!;
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
      event: "payment-allocation",
      operation: "createPaymentApplication",
      result: "done",
      upstreamStatus: 201,
      outcome: "Pending",
      outcomeFinal: false,
      keyType: "Customer",
      environment: "test",
      clientAddress: "203.0.113.7",
      idempotencyKey: "alloc-0001",
      requestId: "req0001",
      reference: {
        arAccountId: payment.ARAccountID,
        paymentInvoiceNum: payment.PaymentInvoiceNum,
        targetInvoiceNum: invoice.InvoiceNum,
        amount: "0.01",
        paymentRequestId: requestId,
      },
    });
    expect(JSON.stringify(entry)).not.toContain(DEMO_KEYS.Customer);

    // The ERP's two syncs confirm it; the page's next status read (past the cache) tells the trail.
    await sandbox.operator("POST", "/jobs/export");
    await sandbox.operator("POST", "/jobs/export");
    const read = await send("GET", `/api/v1/payments/applications?ARAccountIDs=${payment.ARAccountID}&PageSize=500`, {
      headers: { "Cache-Control": "no-cache" },
    });
    expect(read.status).toBe(200);
    const status = ((await json(read)).Data ?? []).find((r) => r.RequestID === requestId)?.Status;
    expect(["Confirmed", "Rejected"]).toContain(status);
    expect((await entries(backend, cookie, "?event=payment-allocation"))[0]).toMatchObject({
      outcome: status,
      outcomeFinal: true,
    });
  });

  it("records refusals: Backroom's (nothing sent upstream) and the API's, with its code", async () => {
    const backend = await open();
    const { cookie } = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const send = proxied(backend, cookie);
    const calls = backend.calls.length;
    expect((await send("POST", "/api/v1/payments/applications?PaymentInvoiceNum=P-1&ARAccountID=x")).status).toBe(400);
    expect(backend.calls).toHaveLength(calls);
    // A payment and an invoice of one account, the invoice owing more than the payment holds: an amount between the
    // two passes Backroom's balance check and is the API's to refuse (the payment's credit).
    const payments = ((await json(await send("GET", "/api/v1/payments?PageSize=500"))).Data ?? []) as {
      PaymentInvoiceNum: string;
      ARAccountID: number;
      AvailableBalance: string;
    }[];
    let pair: { payment: (typeof payments)[number]; invoice: { InvoiceNum: string; OpenBalance: string } } | undefined;
    for (const payment of payments) {
      const open = ((await json(await send("GET", `/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`)))
        .Data ?? []) as { InvoiceNum: string; OpenBalance: string }[];
      const invoice = open.find((i) => Number(i.OpenBalance) > Number(payment.AvailableBalance) + 1);
      if (invoice) {
        pair = { payment, invoice };
        break;
      }
    }
    const { payment, invoice } = pair!;
    const amount = (Number(payment.AvailableBalance) + 0.5).toFixed(2);
    const refused = await send(
      "POST",
      `/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoice.InvoiceNum}&ARAccountID=${payment.ARAccountID}&Amount=${amount}`,
    );
    expect(refused.status).toBe(400);

    const [upstream, local] = await entries(backend, cookie);
    expect(local).toMatchObject({
      event: "payment-allocation",
      result: "refused",
      upstreamStatus: null,
      reference: { paymentInvoiceNum: "P-1" },
    });
    expect(local!.reference.errorDetail).toMatch(/TargetInvoiceNum|ARAccountID|Amount/);
    expect(upstream).toMatchObject({
      result: "refused",
      upstreamStatus: 400,
      reference: { errorCode: "INSUFFICIENT_BALANCE", amount },
    });
  });

  it("records a purchase's create, edit and submit with its reference, learns the ERP id on import, and ends a deleted draft's entries", async () => {
    const backend = await open();
    const { cookie } = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const send = proxied(backend, cookie);
    const vendor = ((await json(await send("GET", "/api/v1/vendors?PageSize=1"))).Data ?? [])[0]!;
    const product = ((await json(await send("GET", "/api/v1/products?PageSize=1"))).Data ?? [])[0]!;
    const order = (po: string) => ({
      vendor_id: vendor.VendorID,
      to_location_id: vendor.LocationID,
      supplier_id: vendor.SupplierID,
      delivery_date: "2026-12-15",
      po_num: po,
      purchase_transactions: [
        { product_id: product.ProductID, cases: 3, batch_code: "B-1" },
        { product_id: product.ProductID, cases: 4.5, batch_code: "B-2" },
      ],
    });
    const created = await send("POST", "/api/v2/purchases", {
      json: order("AUDIT-1"),
      headers: { "Idempotency-Key": "po-1" },
    });
    expect(created.status).toBe(201);
    const globalId = (await json(created)).data!.purchase_global_id as string;
    expect(
      (
        await send("PATCH", `/api/v2/purchases/${globalId}`, {
          json: { purchase_transactions: [{ product_id: product.ProductID, cases: 2, batch_code: "B-1" }] },
        })
      ).status,
    ).toBe(200);
    const submit = await send("POST", `/api/v2/purchases/${globalId}/submit`);
    expect([submit.status, submit.status === 200 ? null : await submit.text()]).toEqual([200, null]);
    const other = await send("POST", "/api/v2/purchases", { json: order("AUDIT-2") });
    const otherId = (await json(other)).data!.purchase_global_id as string;
    expect((await send("DELETE", `/api/v2/purchases/${otherId}`)).status).toBe(204);

    const byEvent = Object.fromEntries(
      (await entries(backend, cookie)).map((e) => [`${e.event} ${e.reference.purchaseGlobalId}`, e]),
    );
    expect(byEvent[`purchase-create ${globalId}`]).toMatchObject({
      result: "done",
      upstreamStatus: 201,
      idempotencyKey: "po-1",
      outcome: "InProgress",
      reference: {
        purchaseGlobalId: globalId,
        poNum: "AUDIT-1",
        vendorId: vendor.VendorID,
        warehouseId: vendor.LocationID,
        lineCount: 2,
        totalCases: 7.5,
      },
    });
    expect(byEvent[`purchase-update ${globalId}`]).toMatchObject({
      result: "done",
      reference: { lineCount: 1, totalCases: 2 },
    });
    expect(byEvent[`purchase-submit ${globalId}`]).toMatchObject({
      result: "done",
      outcome: "Submitted",
      reference: { poNum: "AUDIT-1", lineCount: 1, totalCases: 2 },
    });
    expect(byEvent[`purchase-delete ${otherId}`]).toMatchObject({
      result: "done",
      upstreamStatus: 204,
      outcome: "Deleted",
      outcomeFinal: true,
    });
    expect(byEvent[`purchase-create ${otherId}`]).toMatchObject({ outcome: "Deleted", outcomeFinal: true });

    await sandbox.operator("POST", "/jobs/import");
    const read = await json(
      await send("GET", `/api/v2/purchases/${globalId}`, { headers: { "Cache-Control": "no-cache" } }),
    );
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

describe("the audit trail of people and keys", () => {
  const from = { "X-Forwarded-For": "198.51.100.4" };
  const add = (backend: TestBackend, cookie: string, json: unknown) =>
    addKey(browserRequest("POST", "/api/keys", { cookie, json, headers: from }), backend);

  it("records a new account's sign-in, keys added and refused, a key removed and the sign-out, each naming the person and the workspace", async () => {
    const backend = await open();
    const person = await signUp(backend);
    const headers = new Headers({ cookie: person.cookie, origin: BACKROOM, ...from });
    const workspace = await backend.auth.api.createOrganization({ body: { name: "Valley", slug: "valley" }, headers });
    await backend.auth.api.setActiveOrganization({ body: { organizationId: workspace!.id }, headers });
    const added = await add(backend, person.cookie, { apiKey: DEMO_KEYS.Customer, environment: "test" });
    expect(added.status).toBe(201);
    const keyId = ((await added.json()) as { id: string }).id;
    expect((await add(backend, person.cookie, { apiKey: "not-a-key-0000", environment: "test" })).status).toBe(401);
    expect((await add(backend, person.cookie, { apiKey: DEMO_KEYS.Supplier, environment: "test" })).status).toBe(201);
    expect(
      (
        await removeKey(
          browserRequest("DELETE", `/api/keys/${keyId}`, { cookie: person.cookie, headers: from }),
          backend,
          { keyId },
        )
      ).status,
    ).toBe(204);
    await backend.auth.api.signOut({ headers });

    const rows = await backend.db
      .selectFrom("audit_events")
      .select([
        "event",
        "key_type",
        "user_id",
        "user_email",
        "workspace_id",
        "result",
        "upstream_status",
        "reference_json",
      ])
      .orderBy("id")
      .execute();
    const who = { user_id: person.userId, user_email: person.email };
    expect(rows).toEqual([
      // Signing up signs in (better-auth's hook saw it before any workspace; its address is the test's own).
      {
        event: "sign-in",
        key_type: null,
        ...who,
        workspace_id: null,
        result: "done",
        upstream_status: null,
        reference_json: JSON.stringify({ method: "new account" }),
      },
      {
        event: "key-added",
        key_type: "Customer",
        ...who,
        workspace_id: workspace!.id,
        result: "done",
        upstream_status: 200,
        reference_json: "{}",
      },
      {
        event: "key-added",
        key_type: null,
        ...who,
        workspace_id: workspace!.id,
        result: "refused",
        upstream_status: 401,
        reference_json: "{}",
      },
      {
        event: "key-added",
        key_type: "Supplier",
        ...who,
        workspace_id: workspace!.id,
        result: "done",
        upstream_status: 200,
        reference_json: "{}",
      },
      {
        event: "key-removed",
        key_type: "Customer",
        ...who,
        workspace_id: workspace!.id,
        result: "done",
        upstream_status: null,
        reference_json: "{}",
      },
      {
        event: "sign-out",
        key_type: null,
        ...who,
        workspace_id: workspace!.id,
        result: "done",
        upstream_status: null,
        reference_json: JSON.stringify({ method: "this session" }),
      },
    ]);
    const addresses = await backend.db
      .selectFrom("audit_events")
      .select("client_address")
      .where("event", "!=", "sign-in")
      .execute();
    expect(addresses.map((r) => r.client_address)).toEqual(Array(5).fill("198.51.100.4"));
    const stored = JSON.stringify(await backend.db.selectFrom("audit_events").selectAll().execute());
    for (const key of [...Object.values(DEMO_KEYS), "not-a-key-0000"]) expect(stored).not.toContain(key);
  });

  it("records a write a member's role refuses, naming them, and sends nothing upstream", async () => {
    const backend = await open();
    const owner = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const calls = backend.calls.length;
    const refused = await proxied(backend, viewer.cookie)(
      "POST",
      "/api/v1/payments/applications?PaymentInvoiceNum=P-1&TargetInvoiceNum=I-1&ARAccountID=7&Amount=1.00",
    );
    expect(refused.status).toBe(403);
    expect(backend.calls).toHaveLength(calls);
    const [entry] = await entries(backend, owner.cookie, "?event=payment-allocation");
    expect(entry).toMatchObject({
      result: "refused",
      upstreamStatus: null,
      userId: viewer.userId,
      workspaceId: owner.workspaceId,
      keyType: "Customer",
      reference: { paymentInvoiceNum: "P-1", amount: "1.00", errorCode: "FORBIDDEN_BY_ROLE" },
    });
  });
});

describe("GET /api/activity", () => {
  it("answers the workspace's entries only, paged, filtered, and as CSV", async () => {
    const backend = await open();
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const retailer = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const send = proxied(backend, brand.cookie);
    for (let i = 1; i <= 3; i++) await send("DELETE", `/api/v2/purchases/MISSING-${i}`);
    const DELETES = "?event=purchase-delete";
    expect((await audit(backend, retailer.cookie)).status).toBe(200);
    // Another workspace's writes are not the retailer's to see (whatever of their own the retailer's trail holds).
    expect(
      (await entries(backend, retailer.cookie)).filter(
        (e) => e.workspaceId !== retailer.workspaceId && e.userId !== retailer.userId,
      ),
    ).toEqual([]);
    expect(await entries(backend, retailer.cookie, DELETES)).toEqual([]);

    const page = (await (await audit(backend, brand.cookie, `${DELETES}&pageSize=2&page=2`)).json()) as AuditPage;
    expect([page.total, page.entries.length, page.hasNextPage]).toEqual([3, 1, false]);
    expect(page.entries[0]).toMatchObject({
      userId: brand.userId,
      workspaceId: brand.workspaceId,
      reference: { purchaseGlobalId: "MISSING-1" },
    });
    expect(await entries(backend, brand.cookie, "?event=payment-allocation,connect")).toEqual([]);
    expect(await entries(backend, brand.cookie, `${DELETES}&from=2026-11-21&to=2026-11-21`)).toHaveLength(3);
    expect(await entries(backend, brand.cookie, "?to=2026-11-20")).toHaveLength(0);

    const csv = await audit(backend, brand.cookie, `${DELETES}&format=csv`);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="backroom-activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^When \(UTC\),Event,Result,API status,Outcome,Outcome learned \(UTC\),Who,/);
    expect(lines[1]).toContain("Purchase order deleted,refused,404");
    expect(lines[1]).toContain(
      `,${(await await backend.db.selectFrom("audit_events").select("user_email").where("event", "=", "purchase-delete").executeTakeFirstOrThrow()).user_email},`,
    );
  });

  it("shows the trail by role: everyone's to owners, admins and accounts (filtered by person), purchasing their own only, a viewer none", async () => {
    const backend = await open();
    const owner = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const members = {
      admin: await joinAs(backend, owner.workspaceId, "admin"),
      accounts: await joinAs(backend, owner.workspaceId, "accounts"),
      purchasing: await joinAs(backend, owner.workspaceId, "purchasing"),
      viewer: await joinAs(backend, owner.workspaceId, "viewer"),
    };
    await proxied(backend, owner.cookie)("DELETE", "/api/v2/purchases/OWNERS-1");
    await proxied(backend, members.purchasing.cookie)("DELETE", "/api/v2/purchases/PURCHASING-1");
    const deletes = async (cookie: string, query = "") =>
      (await entries(backend, cookie, `?event=purchase-delete${query}`)).map((e) => e.reference.purchaseGlobalId);

    for (const cookie of [owner.cookie, members.admin.cookie, members.accounts.cookie]) {
      expect(await deletes(cookie)).toEqual(["PURCHASING-1", "OWNERS-1"]);
      expect(await deletes(cookie, `&person=${owner.userId}`)).toEqual(["OWNERS-1"]);
    }
    // Purchasing sees their own, whoever they ask for, and only themselves among the people.
    expect(await deletes(members.purchasing.cookie)).toEqual(["PURCHASING-1"]);
    expect(await deletes(members.purchasing.cookie, `&person=${owner.userId}`)).toEqual(["PURCHASING-1"]);
    const own = (await (await audit(backend, members.purchasing.cookie)).json()) as AuditPage;
    expect(own.people).toEqual([{ userId: members.purchasing.userId, email: expect.any(String) }]);
    const all = (await (await audit(backend, owner.cookie)).json()) as AuditPage;
    expect(all.people.map((p) => p.userId)).toEqual(expect.arrayContaining([owner.userId, members.purchasing.userId]));
    // A viewer sees no trail.
    const refused = await audit(backend, members.viewer.cookie);
    expect([refused.status, ((await refused.json()) as { Error: { code: string } }).Error.code]).toEqual([
      403,
      "FORBIDDEN_BY_ROLE",
    ]);
  });

  it("answers 401 when nobody is signed in, 403 outside a workspace, and 400 for a bad filter, in the API's error shape", async () => {
    const backend = await open();
    const { cookie } = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    expect((await audit(backend, "")).status).toBe(401);
    expect((await audit(backend, (await signUp(backend)).cookie)).status).toBe(403);
    for (const query of [
      "?event=launch",
      "?from=yesterday",
      "?from=2026-11-05&to=2026-11-01",
      "?page=0",
      "?pageSize=501",
      "?format=xml",
      "?colour=red",
    ]) {
      const response = await audit(backend, cookie, query);
      expect(response.status, query).toBe(400);
      // The one shape of a bad query or body (it was {Error: "..."}): what was wrong, as the page shows it, and field
      // by field.
      const body = (await response.json()) as { Error: { detail: string } };
      if (query === "?from=2026-11-05&to=2026-11-01") expect(body.Error.detail).toBe("from must not be after to");
      expect(body, query).toEqual({
        Error: {
          code: "VALIDATION_FAILED",
          detail: expect.any(String),
          fieldErrors: [expect.objectContaining({ code: expect.any(String), detail: expect.any(String) })],
        },
      });
    }
  });
});

describe("refused keys: the global ceiling", () => {
  const post = (backend: TestBackend, cookie: string, json: unknown, address: string) =>
    addKey(browserRequest("POST", "/api/keys", { cookie, json, headers: { "X-Forwarded-For": address } }), backend);
  const wrong = { apiKey: "wrong-key-000000", environment: "test" };

  it("makes every key added wait once too many keys were refused in a minute from everywhere, and asks the API nothing meanwhile", async () => {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      throttle: { globalPerMinute: 3 },
    });
    backends.push(backend);
    const { cookie } = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    for (let i = 1; i <= 3; i++) expect((await post(backend, cookie, wrong, `192.0.2.${i}`)).status).toBe(401);
    const calls = backend.calls.length;
    const held = await post(backend, cookie, { apiKey: DEMO_KEYS.Employee, environment: "test" }, "198.51.100.77");
    expect(held.status).toBe(429);
    expect(((await held.json()) as { Error: { detail: string } }).Error.detail).toMatch(/from everywhere/);
    expect(backend.calls).toHaveLength(calls);
  });
});
