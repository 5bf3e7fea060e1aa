import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseProfiles } from "../db/testing";
import {
  type BrowserInit,
  browserRequest,
  connectKey,
  createTestBackend,
  DEMO_KEYS,
  type TestBackend,
} from "../testing";
import type { Asking } from "./context";
import { checkStage } from "./check";
import type { Trace } from "./context";

/**
 * The request-check stage on its own, over the test backend (its audit trail in the profile's database): a request
 * the contract accepts is handed on with its operation; a refused one is answered with the contract's refusal, and a
 * refused write the trail keeps is recorded refused. Nothing here goes upstream.
 */

const ALLOCATE = "/api/v1/payments/applications";

describe.each(databaseProfiles())("checkStage on $name", ({ open }) => {
  let backend: TestBackend;
  let actor: Asking;
  let person: Awaited<ReturnType<typeof connectKey>>;
  beforeAll(async () => {
    backend = await createTestBackend(() => Response.json({}), { database: await open() });
    person = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    actor = (await backend.actors.resolve(new Headers({ cookie: person.cookie }))) as Asking;
    expect(actor.key?.fingerprint).toBe(person.fingerprint);
  });
  afterAll(() => backend?.close());

  /** The stage run on a browser's request; the trace as the pipeline starts it. */
  async function check(
    method: string,
    path: string,
    init: BrowserInit = {},
    requestId = "rid",
    deps: { audit?: TestBackend["audit"] } = { audit: backend.audit },
  ) {
    const url = new URL(path, "http://backroom.test");
    const [, , version, ...segments] = url.pathname.split("/");
    const trace: Trace = { operation: null, source: "refused", cache: null };
    const result = await checkStage({
      request: browserRequest(method, path, init),
      version: version as "v1" | "v2",
      segments: segments.map(decodeURIComponent),
      deps,
      actor,
      requestId,
      trace,
    });
    return { result, trace };
  }
  const entries = (requestId: string) =>
    backend.db
      .selectFrom("audit_events")
      .select([
        "event",
        "operation",
        "result",
        "upstream_status",
        "request_id",
        "idempotency_key",
        "user_id",
        "workspace_id",
        "key_fingerprint",
        "reference_json",
        "answer_json",
      ])
      .where("request_id", "=", requestId)
      .execute();

  it("hands a valid read on with its operation, its checked query and no write; trace.operation set", async () => {
    const { result, trace } = await check("GET", "/api/v1/invoices?PageSize=5&Statuses=1,7&Unknown=1");
    if ("refused" in result) throw new Error(`refused ${result.refused.status}`);
    expect(result.checked.operation.id).toBe("listInvoices");
    expect(result.checked.query).toMatchObject({ PageSize: 5, Page: 1 });
    expect(result.checked.rawQuery).toEqual({ PageSize: "5", Statuses: "1,7", Unknown: "1" });
    expect(result.write).toBeUndefined();
    expect(trace).toEqual({ operation: "listInvoices", source: "refused", cache: null });
  });

  it("hands a valid audited write on with its record, writing nothing yet (the entry is written when it is sent)", async () => {
    const { result, trace } = await check(
      "POST",
      `${ALLOCATE}?PaymentInvoiceNum=P-1&TargetInvoiceNum=I-1&ARAccountID=7&Amount=1.00`,
      { headers: { "Idempotency-Key": "valid-1" } },
      "ridvalid",
    );
    if ("refused" in result) throw new Error(`refused ${result.refused.status}`);
    expect([result.checked.operation.id, result.write?.event, trace.operation]).toEqual([
      "createPaymentApplication",
      "payment-allocation",
      "createPaymentApplication",
    ]);
    expect(await entries("ridvalid")).toEqual([]);
    await result.write!.sending();
    expect(await entries("ridvalid")).toEqual([
      expect.objectContaining({ result: "sent", idempotency_key: "valid-1", user_id: person.userId }),
    ]);
  });

  it("hands a valid write the trail does not keep on without a record", async () => {
    const body = { vendor_id: 1, to_location_id: 2, supplier_id: 3, delivery_date: "2026-12-15", po_num: "PO-CHECK" };
    const { result, trace } = await check("POST", "/api/v2/purchases/validate", { json: body });
    if ("refused" in result) throw new Error(`refused ${result.refused.status}`);
    expect([result.checked.operation.id, result.write, trace.operation]).toEqual([
      "validatePurchase",
      undefined,
      "validatePurchase",
    ]);
    expect(result.checked.raw).toBe(JSON.stringify(body));
  });

  it.each([
    {
      name: "an unknown path: 404",
      method: "GET",
      path: "/api/v1/nowhere",
      status: 404,
      body: { Error: "Not found" },
      allow: null,
      operation: null,
    },
    {
      name: "a wrong method: 405 with Allow",
      method: "DELETE",
      path: "/api/v1/invoices",
      status: 405,
      body: { Error: "Method DELETE is not allowed here" },
      allow: "GET",
      operation: null,
    },
    {
      name: "a query the contract refuses: 400",
      method: "GET",
      path: "/api/v1/invoices?InvoiceIDs=abc",
      status: 400,
      body: { Error: "InvoiceIDs must be comma-separated integers, like 1,2,3" },
      allow: null,
      operation: "listInvoices",
    },
    {
      name: "a path parameter the contract refuses: 400",
      method: "GET",
      path: "/api/v1/customers/abc",
      status: 400,
      body: { Error: "customerID must be a number" },
      allow: null,
      operation: "getCustomer",
    },
  ])(
    "answers $name, with the request id, private, no-store",
    async ({ method, path, status, body, allow, operation }) => {
      const { result, trace } = await check(method, path, {}, "ridrefused");
      if (!("refused" in result)) throw new Error("expected a refusal");
      const { refused } = result;
      expect([
        refused.status,
        refused.headers.get("X-Request-Id"),
        refused.headers.get("Cache-Control"),
        refused.headers.get("Allow"),
      ]).toEqual([status, "ridrefused", "private, no-store", allow]);
      expect(await refused.json()).toEqual(body);
      expect(trace.operation).toBe(operation);
    },
  );

  it("records a malformed payment allocation (no Amount) refused, with who sent it and what it named, and answers 400", async () => {
    const { result, trace } = await check(
      "POST",
      `${ALLOCATE}?PaymentInvoiceNum=P-1&TargetInvoiceNum=I-1&ARAccountID=7`,
      { headers: { "Idempotency-Key": "no-amount" } },
      "ridnoamount",
    );
    if (!("refused" in result)) throw new Error("expected a refusal");
    expect([result.refused.status, await result.refused.json()]).toEqual([
      400,
      { Error: "Amount parameter is required" },
    ]);
    expect(trace.operation).toBe("createPaymentApplication");
    const rows = await entries("ridnoamount");
    expect(rows).toEqual([
      expect.objectContaining({
        event: "payment-allocation",
        operation: "createPaymentApplication",
        result: "refused",
        upstream_status: null,
        idempotency_key: "no-amount",
        user_id: person.userId,
        workspace_id: person.workspaceId,
        key_fingerprint: person.fingerprint,
      }),
    ]);
    expect(JSON.parse(rows[0]!.reference_json)).toEqual({
      paymentInvoiceNum: "P-1",
      targetInvoiceNum: "I-1",
      arAccountId: 7,
    });
    expect(JSON.parse(rows[0]!.answer_json)).toEqual({ errorDetail: "Amount parameter is required" });
  });

  it.each([
    {
      name: "a body missing fields: 400 VALIDATION_FAILED",
      init: { json: { po_num: "PO-BAD" } },
      status: 400,
      code: "VALIDATION_FAILED",
      reference: { poNum: "PO-BAD" },
    },
    {
      name: "a text/plain body: 415",
      init: { body: "{}", headers: { "Content-Type": "text/plain" } },
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      reference: {},
    },
  ])("records a purchase with $name refused", async ({ init, status, code, reference }) => {
    const requestId = `ridpurchase${status}`;
    const { result } = await check("POST", "/api/v2/purchases", init, requestId);
    if (!("refused" in result)) throw new Error("expected a refusal");
    expect(result.refused.status).toBe(status);
    const rows = await entries(requestId);
    expect(rows.map((r) => [r.event, r.result, r.upstream_status])).toEqual([["purchase-create", "refused", null]]);
    expect(JSON.parse(rows[0]!.reference_json)).toEqual(reference);
    expect(JSON.parse(rows[0]!.answer_json)).toMatchObject({ errorCode: code });
  });

  it("records nothing of a malformed write the trail does not keep, nor of a wrong method on an audited path", async () => {
    const validate = await check("POST", "/api/v2/purchases/validate", { json: { po_num: "" } }, "ridvalidate");
    expect("refused" in validate.result && validate.result.refused.status).toBe(400);
    const wrongMethod = await check("PUT", ALLOCATE, {}, "ridput");
    expect("refused" in wrongMethod.result && wrongMethod.result.refused.status).toBe(405);
    expect([...(await entries("ridvalidate")), ...(await entries("ridput"))]).toEqual([]);
  });

  it("refuses a malformed audited write without a trail configured, recording nowhere", async () => {
    const { result } = await check("POST", `${ALLOCATE}?PaymentInvoiceNum=P-1`, {}, "ridnotrail", {});
    expect("refused" in result && result.refused.status).toBe(400);
    expect(await entries("ridnotrail")).toEqual([]);
  });
});
