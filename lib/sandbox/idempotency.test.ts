import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableBalanceSql } from "./handlers/payments";
import { claimIdempotencyKey, fingerprint, releaseIdempotencyKey } from "./idempotency";
import { hashKey } from "./keys";
import { openTestSandbox, type TestSandbox } from "./testing";

let sandbox: TestSandbox;
let paymentNum: string;
let invoiceNum: string;

beforeAll(async () => {
  sandbox = await openTestSandbox();
  const { db } = sandbox;
  paymentNum = (
    await db
      .selectFrom("payments as p")
      .select("p.payment_invoice_num")
      .where("p.ar_account_id", "=", 50001)
      .where("p.supplier_id", "is", null)
      .where(sql<boolean>`${availableBalanceSql(db)} > 100000000`)
      .orderBy("p.payment_id")
      .executeTakeFirstOrThrow()
  ).payment_invoice_num;
  invoiceNum = (
    await db
      .selectFrom("invoices as i")
      .innerJoin("customers as c", "c.customer_id", "i.customer_id")
      .select("i.invoice_num")
      .where("c.ar_account_id", "=", 50001)
      .where("i.open_balance_micros", ">", 0)
      .orderBy("i.invoice_id")
      .executeTakeFirstOrThrow()
  ).invoice_num;
}, 60_000);
afterAll(() => sandbox.close());

const allocate = (amount: string, key: string | undefined, as = "Customer") =>
  sandbox.call(
    "POST",
    `/v1/payments/applications?PaymentInvoiceNum=${paymentNum}&TargetInvoiceNum=${invoiceNum}&ARAccountID=50001&Amount=${amount}`,
    {
      as,
      headers: key === undefined ? {} : { "Idempotency-Key": key },
    },
  );
const requestCount = async () =>
  Number(
    (
      await sandbox.db
        .selectFrom("payment_applications")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const code = (body: { Error?: unknown }) => (body.Error as { code?: string } | undefined)?.code;

const draft = async (poNum: string, headers: Record<string, string> = {}) => {
  const vendor = await sandbox.db
    .selectFrom("vendors")
    .select(["vendor_id", "location_id"])
    .where("supplier_id", "=", 101)
    .where("require_po_batch_codes", "=", 0)
    .executeTakeFirstOrThrow();
  return sandbox.call("POST", "/v2/purchases", {
    as: "Supplier",
    headers,
    body: {
      vendor_id: vendor.vendor_id,
      to_location_id: vendor.location_id,
      supplier_id: 101,
      delivery_date: "2026-12-15",
      po_num: poNum,
    },
  });
};

describe("Idempotency-Key", () => {
  it("replays the stored answer to the same request, with Idempotency-Replayed, and runs it once", async () => {
    const before = await requestCount();
    const first = await allocate("3.00", "alloc-1");
    const again = await allocate("3.00", "alloc-1");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("Idempotency-Replayed")).toBe("true");
    expect(first.headers.get("Idempotency-Replayed")).toBeNull();
    expect(again.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
    expect(await requestCount()).toBe(before + 1);
  });

  it("answers 409 IDEMPOTENCY_KEY_REUSED to the same key with another request (query, path or body)", async () => {
    await allocate("4.00", "alloc-2");
    const other = await allocate("4.01", "alloc-2");
    expect([other.status, code(other.body)]).toEqual([409, "IDEMPOTENCY_KEY_REUSED"]);
    const first = await draft("IDEM-REUSE-1", { "Idempotency-Key": "po-1" });
    expect(first.status).toBe(201);
    const changedBody = await draft("IDEM-REUSE-2", { "Idempotency-Key": "po-1" });
    expect([changedBody.status, code(changedBody.body)]).toEqual([409, "IDEMPOTENCY_KEY_REUSED"]);
  });

  it("scopes keys to the API key: another key's identical value is a new operation", async () => {
    const before = await requestCount();
    expect((await allocate("1.00", "shared-value", "Customer")).status).toBe(201);
    const employee = await allocate("1.00", "shared-value", "Employee");
    expect(employee.status).toBe(201);
    expect(employee.headers.get("Idempotency-Replayed")).toBeNull();
    expect(await requestCount()).toBe(before + 2);
  });

  it("replays a refusal too: the retry of a 400 from the rules gets the same 400", async () => {
    const first = await allocate("99999999.00", "too-much");
    const again = await allocate("99999999.00", "too-much");
    expect([first.status, code(first.body)]).toEqual([400, "INSUFFICIENT_BALANCE"]);
    expect([again.status, again.headers.get("Idempotency-Replayed")]).toEqual([400, "true"]);
    expect(again.body).toEqual(first.body);
  });

  it("stores nothing for a request refused before it runs (a missing parameter): a corrected retry runs", async () => {
    const bad = await sandbox.call(
      "POST",
      `/v1/payments/applications?PaymentInvoiceNum=${paymentNum}&ARAccountID=50001&Amount=1`,
      { as: "Customer", headers: { "Idempotency-Key": "fix-me" } },
    );
    expect(bad.status).toBe(400);
    expect((await allocate("1.00", "fix-me")).status).toBe(201);
  });

  it("replays a create with its Location, and a return=minimal create without a body", async () => {
    const first = await draft("IDEM-LOC-1", { "Idempotency-Key": "po-loc" });
    const again = await draft("IDEM-LOC-1", { "Idempotency-Key": "po-loc" });
    expect(again.status).toBe(201);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect((again.body.data as { purchase_global_id: string }).purchase_global_id).toBe(
      (first.body.data as { purchase_global_id: string }).purchase_global_id,
    );
    const minimal = { "Idempotency-Key": "po-min", Prefer: "return=minimal" };
    const a = await draft("IDEM-MIN-1", minimal);
    const b = await draft("IDEM-MIN-1", minimal);
    expect([a.status, a.body, b.status, b.body]).toEqual([201, undefined, 201, undefined]);
    expect(b.headers.get("Preference-Applied")).toBe("return=minimal");
    expect(b.headers.get("Location")).toBe(a.headers.get("Location"));
  });

  it("replays a PATCH", async () => {
    const { body } = await draft("IDEM-PATCH-1");
    const id = (body.data as { purchase_global_id: string }).purchase_global_id;
    const patch = () =>
      sandbox.call("PATCH", `/v2/purchases/${id}`, {
        as: "Supplier",
        headers: { "Idempotency-Key": "patch-1" },
        body: { po_num: "IDEM-PATCH-2" },
      });
    const first = await patch();
    const again = await patch();
    expect([first.status, again.status, again.headers.get("Idempotency-Replayed")]).toEqual([200, 200, "true"]);
  });

  it("answers 409 IDEMPOTENCY_KEY_IN_PROGRESS while the first request still runs, and takes over an abandoned claim", async () => {
    const keyHash = hashKey("test-customer-demo");
    const path = "/test/api/v1/payments/applications";
    const query = `?PaymentInvoiceNum=${paymentNum}&TargetInvoiceNum=${invoiceNum}&ARAccountID=50001&Amount=2.00`;
    const running = (key: string, claimedAt: number) =>
      sandbox.db
        .insertInto("idempotency_keys")
        .values({
          key_hash: keyHash,
          idempotency_key: key,
          fingerprint: fingerprint({ method: "POST", path, query, body: "" }),
          state: "running",
          status: null,
          headers: null,
          body: null,
          created_at: "2026-11-21T17:59:00.000Z",
          claimed_at_ms: claimedAt,
        })
        .execute();
    await running("busy", Date.now());
    const busy = await allocate("2.00", "busy");
    expect([busy.status, code(busy.body)]).toEqual([409, "IDEMPOTENCY_KEY_IN_PROGRESS"]);
    await running("abandoned", Date.now() - 5 * 60_000);
    expect((await allocate("2.00", "abandoned")).status).toBe(201);
  });

  it("forgets a key after 24 hours of the environment's clock", async () => {
    const before = await requestCount();
    expect((await allocate("1.50", "day-old")).status).toBe(201);
    await sandbox.operator("POST", "/clock", { advanceSeconds: 24 * 3600 });
    try {
      const later = await allocate("1.50", "day-old");
      expect([later.status, later.headers.get("Idempotency-Replayed")]).toEqual([201, null]);
      expect(await requestCount()).toBe(before + 2);
    } finally {
      await sandbox.operator("POST", "/clock", { advanceSeconds: -24 * 3600 });
    }
  });

  it("refuses a key that is not 1 to 255 printable characters", async () => {
    for (const key of ["has space", "x".repeat(256)]) {
      const { status, body } = await allocate("1.00", key);
      expect([status, code(body)]).toEqual([400, "INVALID_IDEMPOTENCY_KEY"]);
    }
  });

  it("gives a key back after an unexpected failure, so the retry runs", async () => {
    const request = {
      keyHash: "k",
      idempotencyKey: "crash",
      method: "POST",
      path: "/p",
      query: "",
      body: "{}",
      now: new Date("2026-11-21T18:00:00.000Z"),
    };
    expect(await claimIdempotencyKey(sandbox.db, request)).toEqual({ kind: "claimed" });
    await releaseIdempotencyKey(sandbox.db, "k", "crash");
    expect(await claimIdempotencyKey(sandbox.db, request)).toEqual({ kind: "claimed" });
  });
});
