import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Version } from "@/lib/data-api/operation";
import { isRefusal } from "@/lib/data-api/refusal";
import { checkRequest, type CheckedRequest } from "@/lib/data-api/request-check";
import { type AuditTrail, createAuditTrail } from "../audit/audit-trail";
import type { Database } from "../db/open";
import { databaseProfiles } from "../db/testing";
import { createRateLimitBook } from "../rate-limit-book";
import { createMemoryStore } from "../shared/memory-store";
import { type BrowserInit, browserRequest } from "../testing";
import type { Asking } from "./context";
import { answered, auditOf } from "./audit";
import type { ProxyDeps, ProxyTelemetry } from "./context";

/**
 * The audit stage's two ends on their own, over a real audit trail in the profile's database: the record of a write
 * the trail keeps (none for anything else, nor without a trail), and the API's answer written onto it, a trail that
 * cannot take it told to the telemetry and never thrown.
 */

const T0 = Date.parse("2026-11-21T18:00:00.000Z");
const ACTOR: Asking = {
  person: { id: "user-ann", email: "ann@valley.example", name: "Ann", twoFactorEnabled: false },
  session: { id: "session-ann", createdAt: "2026-11-21T17:00:00.000Z" },
  workspace: { id: "ws-valley", name: "Valley", slug: "valley", requireTwoFactor: false, keys: [] },
  membership: { id: "member-ann", role: "accounts", salesRepUserId: null },
  needsTwoFactor: false,
  key: {
    id: "key-1",
    fingerprint: "fp-valley",
    environment: "test",
    keyType: "Customer",
    label: "Valley (retailer)",
    scope: { summary: "1 store" },
    hint: "demo",
    addedAt: "2026-11-01T00:00:00.000Z",
    lastUsedAt: null,
    apiKey: "test-customer-demo",
  },
};

const telemetry = () =>
  ({ upstream: vi.fn(), cache: vi.fn(), answered: vi.fn(), failed: vi.fn() }) satisfies ProxyTelemetry;
/** The backend as `answered` is given it: only its telemetry (when there is one) is of use to it. */
const depsTelling = (t?: ProxyTelemetry): ProxyDeps => ({
  actors: { resolve: async () => undefined },
  rateLimits: createRateLimitBook(createMemoryStore()),
  upstream: () => {
    throw new Error("the audit stage sends nothing upstream");
  },
  timeoutMs: 5_000,
  telemetry: t,
});

/** A browser's request and what the contract's check made of it (accepted). */
async function checked(
  method: string,
  path: string,
  init: BrowserInit = {},
): Promise<{ request: Request; checked: CheckedRequest }> {
  const request = browserRequest(method, path, init);
  const url = new URL(request.url);
  const [, , version, ...segments] = url.pathname.split("/");
  const result = await checkRequest(request.clone(), version as Version, segments);
  if (isRefusal(result)) throw new Error(`refused: ${JSON.stringify(result.body)}`);
  return { request, checked: result };
}

const ALLOCATE = "/api/v1/payments/applications?PaymentInvoiceNum=P-1&TargetInvoiceNum=I-9&ARAccountID=12&Amount=25.00";
const PURCHASE = { vendor_id: 3, to_location_id: 1, supplier_id: 12, delivery_date: "2026-12-01", po_num: "PO-1" };

describe.each(databaseProfiles())("the audit stage on $name", ({ open }) => {
  const opened: Database[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
  });
  async function trail(): Promise<{ trail: AuditTrail; rows: () => Promise<Record<string, unknown>[]> }> {
    const database = await open();
    opened.push(database);
    return {
      trail: createAuditTrail(database.db, () => new Date(T0)),
      rows: () => database.db.selectFrom("audit_events").selectAll().orderBy("id").execute(),
    };
  }

  describe("auditOf", () => {
    it.each([
      { name: "a read", method: "GET", path: "/api/v1/invoices", init: {} },
      {
        name: "a write the trail does not keep (validatePurchase)",
        method: "POST",
        path: "/api/v2/purchases/validate",
        init: { json: PURCHASE },
      },
    ])("returns no record for $name", async ({ method, path, init }) => {
      const { trail: audit } = await trail();
      const { request, checked: c } = await checked(method, path, init);
      expect(auditOf({ request: request, deps: { audit }, actor: ACTOR, requestId: "rid" }, c)).toBeUndefined();
    });

    it("returns no record for an audited write when no audit trail is configured", async () => {
      const { request, checked: c } = await checked("POST", ALLOCATE);
      expect(auditOf({ request: request, deps: {}, actor: ACTOR, requestId: "rid" }, c)).toBeUndefined();
    });

    it.each([
      { method: "POST", path: ALLOCATE, init: {}, event: "payment-allocation" },
      { method: "POST", path: "/api/v2/purchases", init: { json: PURCHASE }, event: "purchase-create" },
      {
        method: "PATCH",
        path: "/api/v2/purchases/PO-G1",
        init: { json: { po_num: "PO-2" } },
        event: "purchase-update",
      },
      { method: "POST", path: "/api/v2/purchases/PO-G1/submit", init: {}, event: "purchase-submit" },
      { method: "DELETE", path: "/api/v2/purchases/PO-G1", init: {}, event: "purchase-delete" },
    ])("returns the record of $method $path ($event)", async ({ method, path, init, event }) => {
      const { trail: audit } = await trail();
      const { request, checked: c } = await checked(method, path, init);
      const write = auditOf({ request: request, deps: { audit }, actor: ACTOR, requestId: "rid" }, c);
      expect([write?.event, write?.operation]).toEqual([event, c.operation.id]);
    });

    it("records who sent the write, with which key, what it named, its Idempotency-Key and request id, when it is sent", async () => {
      const { trail: audit, rows } = await trail();
      const { request, checked: c } = await checked("POST", ALLOCATE, {
        headers: { "Idempotency-Key": "idem-1", "X-Forwarded-For": "203.0.113.9, 10.0.0.1" },
      });
      const write = auditOf({ request: request, deps: { audit }, actor: ACTOR, requestId: "rid1" }, c);
      expect(await rows()).toEqual([]);
      await write!.sending();
      const [row, ...rest] = await rows();
      expect(rest).toEqual([]);
      expect(row).toMatchObject({
        at: new Date(T0).toISOString(),
        event: "payment-allocation",
        operation: "createPaymentApplication",
        result: "sent",
        upstream_status: null,
        environment: "test",
        key_fingerprint: "fp-valley",
        key_label: "Valley (retailer)",
        key_type: "Customer",
        key_scope: "1 store",
        session_hash: createHash("sha256").update("session-ann").digest("base64url"),
        client_address: "203.0.113.9",
        user_id: "user-ann",
        user_email: "ann@valley.example",
        workspace_id: "ws-valley",
        idempotency_key: "idem-1",
        request_id: "rid1",
      });
      expect(JSON.parse(row!.reference_json as string)).toEqual({
        paymentInvoiceNum: "P-1",
        targetInvoiceNum: "I-9",
        arAccountId: 12,
        amount: "25.00",
      });
    });

    it("records a purchase's reference from the body as sent", async () => {
      const { trail: audit, rows } = await trail();
      const { request, checked: c } = await checked("POST", "/api/v2/purchases", {
        json: {
          ...PURCHASE,
          purchase_transactions: [
            { product_id: 5, cases: 2 },
            { product_id: 6, cases: 1.5 },
          ],
        },
      });
      await auditOf({ request: request, deps: { audit }, actor: ACTOR, requestId: "rid" }, c)!.sending();
      expect(JSON.parse((await rows())[0]!.reference_json as string)).toEqual({
        poNum: "PO-1",
        vendorId: 3,
        warehouseId: 1,
        lineCount: 2,
        totalCases: 3.5,
      });
    });
  });

  describe("answered", () => {
    async function sent(audit: AuditTrail, path = ALLOCATE, method = "POST") {
      const { request, checked: c } = await checked(method, path, { headers: { "Idempotency-Key": `idem-${method}` } });
      const write = auditOf({ request: request, deps: { audit }, actor: ACTOR, requestId: "rid" }, c)!;
      await write.sending();
      return write;
    }

    it("writes the API's status, its request id and what its answer tells onto the entry", async () => {
      const { trail: audit, rows } = await trail();
      const write = await sent(audit);
      const t = telemetry();
      await answered(
        { write, deps: depsTelling(t), requestId: "rid" },
        201,
        "up1",
        new TextEncoder().encode(JSON.stringify({ Data: { RequestID: 77, Status: "Pending" } })),
      );
      const [row] = await rows();
      expect(row).toMatchObject({ result: "done", upstream_status: 201, request_id: "up1", outcome: "Pending" });
      expect(JSON.parse(row!.answer_json as string)).toEqual({ paymentRequestId: 77 });
      expect(t.failed).not.toHaveBeenCalled();
    });

    it.each([
      { name: "a refusal of the API's (409)", status: 409, result: "refused" },
      { name: "an error of the API's (500)", status: 500, result: "unknown" },
    ])("writes $name as its status says", async ({ status, result }) => {
      const { trail: audit, rows } = await trail();
      const write = await sent(audit);
      await answered(
        { write, deps: depsTelling(), requestId: "rid" },
        status,
        null,
        new TextEncoder().encode(JSON.stringify({ Error: { code: "NOPE", detail: "No." } })),
      );
      const [row] = await rows();
      expect(row).toMatchObject({ result, upstream_status: status });
      expect(JSON.parse(row!.answer_json as string)).toEqual({ errorCode: "NOPE", errorDetail: "No." });
    });

    it("writes no answer (status null) as not known", async () => {
      const { trail: audit, rows } = await trail();
      const write = await sent(audit);
      await answered({ write, deps: depsTelling(), requestId: "rid" }, null);
      expect(await rows()).toEqual([expect.objectContaining({ result: "unknown", upstream_status: null })]);
    });

    it("does nothing for a request with no record", async () => {
      const t = telemetry();
      await expect(
        answered({ write: undefined, deps: depsTelling(t), requestId: "rid" }, 201),
      ).resolves.toBeUndefined();
      expect(t.failed).not.toHaveBeenCalled();
    });

    it("tells the telemetry when the trail cannot take the answer, and does not throw; the entry stays sent", async () => {
      const { trail: audit, rows } = await trail();
      const down = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
      const failing: AuditTrail = { ...audit, settle: () => Promise.reject(down) };
      const write = await sent(failing);
      const t = telemetry();
      await expect(
        answered({ write, deps: depsTelling(t), requestId: "rid9" }, 201, "up9", new TextEncoder().encode("{}")),
      ).resolves.toBeUndefined();
      expect(t.failed).toHaveBeenCalledExactlyOnceWith("audit answer not recorded", down, "rid9");
      expect(await rows()).toEqual([expect.objectContaining({ result: "sent", upstream_status: null })]);
      // Without a telemetry to tell, still nothing thrown.
      await expect(answered({ write, deps: depsTelling(), requestId: "rid9" }, 201)).resolves.toBeUndefined();
    });
  });
});
