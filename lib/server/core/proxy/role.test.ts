import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Version } from "@/lib/data-api/operation";
import { operationList } from "@/lib/data-api/registry";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { ROLE_NAMES, type RoleName } from "@/lib/session/roles";
import { auditedWrite } from "../audit/audited-writes";
import { proxyRequest } from ".";
import {
  BACKROOM,
  type BrowserInit,
  browserRequest,
  connectKey,
  allocatable,
  createTestBackend,
  DEMO_KEYS,
  joinAs,
  type TestBackend,
  writesOf,
} from "../testing";

/**
 * The role table, through the proxy: every role × every write operation of the registry. A write the role
 * allows reaches the API (and its answer comes back); one it does not answers 403 FORBIDDEN_BY_ROLE in the API's
 * error shape, reaches nothing, and, when the audit trail keeps the write, is recorded refused. The key's type still
 * caps everything, whatever the role.
 */

/** A request of each write the registry has, well-formed (the contract's check passes it): method, path and body. */
const SAMPLES: Record<string, { method: string; path: string; init?: BrowserInit }> = {
  createPaymentApplication: {
    method: "POST",
    path: "/api/v1/payments/applications?PaymentInvoiceNum=P-1&TargetInvoiceNum=I-1&ARAccountID=7&Amount=1.00",
  },
  createPurchase: {
    method: "POST",
    path: "/api/v2/purchases",
    init: { json: { vendor_id: 1, to_location_id: 2, supplier_id: 3, delivery_date: "2026-12-15", po_num: "PO-ROLE" } },
  },
  validatePurchase: {
    method: "POST",
    path: "/api/v2/purchases/validate",
    init: { json: { vendor_id: 1, to_location_id: 2, supplier_id: 3, delivery_date: "2026-12-15", po_num: "PO-ROLE" } },
  },
  updatePurchase: { method: "PATCH", path: "/api/v2/purchases/PO-ROLE-1", init: { json: { po_num: "PO-ROLE-2" } } },
  deletePurchase: { method: "DELETE", path: "/api/v2/purchases/PO-ROLE-1" },
  submitPurchase: { method: "POST", path: "/api/v2/purchases/PO-ROLE-1/submit" },
};

/** Who may make each write, as the table says (Allocate payments; Purchase orders and plan drafts). */
const PAYMENTS: RoleName[] = ["owner", "admin", "accounts"];
const PURCHASES: RoleName[] = ["owner", "admin", "purchasing"];
const ALLOWED: Record<string, RoleName[]> = {
  createPaymentApplication: PAYMENTS,
  createPurchase: PURCHASES,
  validatePurchase: PURCHASES,
  updatePurchase: PURCHASES,
  deletePurchase: PURCHASES,
  submitPurchase: PURCHASES,
};

const WRITES = operationList.filter((op) => op.method !== "GET");
const CASES = WRITES.flatMap((op) =>
  ROLE_NAMES.map((role) => ({ operation: op.id, role, allowed: ALLOWED[op.id]?.includes(role) ?? false })),
);

/** An upstream that records every request and answers a write as the API would: 201, 200, or 204 for a DELETE. */
const agreeing = (request: Request) => {
  if (request.method === "DELETE") return new Response(null, { status: 204 });
  const status = request.method === "POST" && !new URL(request.url).pathname.endsWith("/validate") ? 201 : 200;
  return Response.json(
    { data: { purchase_global_id: "PO-ROLE-1", po_num: "PO-ROLE" }, Data: { RequestID: 1 } },
    { status },
  );
};

const send = (backend: TestBackend, cookie: string, method: string, path: string, init: BrowserInit = {}) => {
  const url = new URL(path, BACKROOM);
  const [, , version, ...segments] = url.pathname.split("/");
  return proxyRequest(
    browserRequest(method, path, { cookie, ...init }),
    version as Version,
    segments.map(decodeURIComponent),
    backend,
  );
};

describe("the role table through the proxy", () => {
  let backend: TestBackend;
  const cookies = {} as Record<RoleName, { cookie: string; userId: string }>;
  let workspaceId = "";
  beforeAll(async () => {
    // An allocation's target owes enough: the balance stage lets it through to the role's answer.
    backend = await createTestBackend(allocatable(agreeing, { "I-1": "1000.00" }));
    const owner = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    workspaceId = owner.workspaceId;
    cookies.owner = owner;
    for (const role of ROLE_NAMES.filter((r) => r !== "owner"))
      cookies[role] = await joinAs(backend, owner.workspaceId, role);
  });
  afterAll(() => backend.close());

  it("has a sample request and a row of the table for every write of the registry", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(WRITES.map((op) => op.id).sort());
    expect(Object.keys(ALLOWED).sort()).toEqual(WRITES.map((op) => op.id).sort());
  });

  it.each(CASES)("$operation by $role: allowed $allowed", async ({ operation, role, allowed }) => {
    const { method, path, init } = SAMPLES[operation]!;
    const who = cookies[role];
    const idempotencyKey = `${operation}-${role}`;
    const before = backend.calls.length;
    const response = await send(backend, who.cookie, method, path, {
      ...init,
      headers: { "Idempotency-Key": idempotencyKey },
    });
    const calls = writesOf(backend.calls.slice(before));
    const entry = await backend.db
      .selectFrom("audit_events")
      .select(["result", "upstream_status", "user_id", "workspace_id", "operation", "answer_json"])
      .where("idempotency_key", "=", idempotencyKey)
      .executeTakeFirst();
    if (allowed) {
      expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
        `${method} ${new URL(path, BACKROOM).pathname.replace(/^\/api/, "/test/api")}`,
      ]);
      expect(response.status).toBe(calls[0]!.status);
      if (auditedWrite(operation))
        expect(entry).toMatchObject({
          result: "done",
          upstream_status: calls[0]!.status,
          user_id: who.userId,
          workspace_id: workspaceId,
          operation,
        });
    } else {
      expect(response.status).toBe(403);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const body = (await response.json()) as { Error: { code: string; detail: string } };
      expect(body).toEqual({ Error: { code: "FORBIDDEN_BY_ROLE", detail: expect.stringContaining(`(${role})`) } });
      expect(calls).toEqual([]);
      if (auditedWrite(operation)) {
        expect(entry).toMatchObject({
          result: "refused",
          upstream_status: null,
          user_id: who.userId,
          workspace_id: workspaceId,
          operation,
        });
        expect(JSON.parse(entry!.answer_json)).toMatchObject({ errorCode: "FORBIDDEN_BY_ROLE" });
      } else {
        expect(entry).toBeUndefined();
      }
    }
  });

  it.each(ROLE_NAMES)("lets %s read", async (role) => {
    const response = await send(
      backend,
      cookies[role].cookie,
      "GET",
      `/api/v1/invoices?PageSize=${ROLE_NAMES.indexOf(role) + 1}`,
    );
    expect(response.status).toBe(200);
  });

  it("checks the request before the role: a malformed write of a viewer's is the contract's 400, recorded so, and reaches nothing", async () => {
    const before = backend.calls.length;
    const response = await send(backend, cookies.viewer.cookie, "POST", "/api/v2/purchases", {
      json: { po_num: "" },
      headers: { "Idempotency-Key": "viewer-malformed" },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { Error: { code: string } }).Error.code).toBe("VALIDATION_FAILED");
    expect(backend.calls.length).toBe(before);
  });
});

describe("the key's type still caps the role", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await openTestSandbox();
  }, 60_000);
  afterAll(() => sandbox.close());
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });
  const ALLOCATE = "/api/v1/payments/applications?PaymentInvoiceNum=P-1&TargetInvoiceNum=I-1&ARAccountID=7&Amount=1.00";

  it("refuses a Supplier key's owner an allocation through the API's own 403, not the role's; the role refuses its viewer first, sending nothing", async () => {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
    backends.push(backend);
    const owner = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");

    const byOwner = await send(backend, owner.cookie, "POST", ALLOCATE);
    expect(byOwner.status).toBe(403);
    expect(JSON.stringify(await byOwner.json())).not.toContain("FORBIDDEN_BY_ROLE");
    expect(backend.calls.map((c) => [c.method, c.status])).toEqual([["POST", 403]]);

    const byViewer = await send(backend, viewer.cookie, "POST", ALLOCATE);
    expect(byViewer.status).toBe(403);
    expect(((await byViewer.json()) as { Error: { code: string } }).Error.code).toBe("FORBIDDEN_BY_ROLE");
    expect(backend.calls).toHaveLength(1);
  });

  it("refuses a Customer key's owner a purchase order through the API's own 403", async () => {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
    backends.push(backend);
    const owner = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const response = await send(backend, owner.cookie, "DELETE", "/api/v2/purchases/PO-1");
    expect(response.status).toBe(403);
    expect(JSON.stringify(await response.json())).not.toContain("FORBIDDEN_BY_ROLE");
    expect(backend.calls.map((c) => c.status)).toEqual([403]);
  });
});
