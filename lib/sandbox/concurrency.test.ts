import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableBalanceSql } from "./handlers/payments";
import { openTestSandbox, type TestSandbox } from "./testing";

/**
 * Requests racing inside one sandbox process, as a double-click, a retry storm or two tabs make them: each request
 * runs through the whole app, and they interleave wherever the app awaits. The database settles what they contend for.
 */
let sandbox: TestSandbox;
let vendor: { vendor_id: number; location_id: number };

beforeAll(async () => {
  sandbox = await openTestSandbox();
  vendor = await sandbox.db
    .selectFrom("vendors")
    .select(["vendor_id", "location_id"])
    .where("supplier_id", "=", 101)
    .where("require_po_batch_codes", "=", 0)
    .executeTakeFirstOrThrow();
}, 60_000);
afterAll(() => sandbox.close());

const code = (body: { Error?: unknown } | undefined) => (body?.Error as { code?: string } | undefined)?.code;
const create = (poNum: string, headers: Record<string, string> = {}) =>
  sandbox.call("POST", "/v2/purchases", {
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
const purchasesWith = async (poNum: string) =>
  (await sandbox.db.selectFrom("purchases").select("purchase_global_id").where("po_num", "=", poNum).execute()).length;

describe("concurrent writes", () => {
  it("50 parallel allocations against one payment never overdraw it", async () => {
    const { db } = sandbox;
    const payment = await db
      .selectFrom("payments as p")
      .select(["p.payment_id", "p.payment_invoice_num", "p.amount_micros", availableBalanceSql(db).as("available")])
      .where("p.ar_account_id", "=", 50001)
      .where("p.supplier_id", "is", null)
      .where(sql<boolean>`${availableBalanceSql(db)} > 40000000`)
      .orderBy("p.payment_id")
      .executeTakeFirstOrThrow();
    const invoice = await db
      .selectFrom("invoices as i")
      .innerJoin("customers as c", "c.customer_id", "i.customer_id")
      .select("i.invoice_num")
      .where("c.ar_account_id", "=", 50001)
      .where("i.open_balance_micros", ">", 0)
      .executeTakeFirstOrThrow();
    // Forty shares fit exactly (whole cents); fifty are asked for.
    const share = Math.floor(Number(payment.available) / 40 / 10_000) * 10_000;
    const amount = (share / 1_000_000).toFixed(2);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        sandbox.call(
          "POST",
          `/v1/payments/applications?PaymentInvoiceNum=${payment.payment_invoice_num}&TargetInvoiceNum=${invoice.invoice_num}&ARAccountID=50001&Amount=${amount}`,
          { as: "Customer" },
        ),
      ),
    );
    const created = answers.filter((a) => a.status === 201).length;
    expect(created).toBe(40);
    expect(answers.filter((a) => a.status === 400).map((a) => code(a.body))).toEqual(
      Array(10).fill("INSUFFICIENT_BALANCE"),
    );
    const after = await db
      .selectFrom("payments as p")
      .select(availableBalanceSql(db).as("available"))
      .where("p.payment_id", "=", payment.payment_id)
      .executeTakeFirstOrThrow();
    expect(Number(after.available)).toBe(Number(payment.available) - 40 * share);
    expect(Number(after.available)).toBeGreaterThanOrEqual(0);
    const held = await db
      .selectFrom("payment_applications")
      .select((eb) => eb.fn.sum<number>("amount_micros").as("sum"))
      .where("payment_id", "=", payment.payment_id)
      .where("status", "in", ["Pending", "Exported", "Confirmed"])
      .executeTakeFirstOrThrow();
    expect(Number(held.sum)).toBeLessThanOrEqual(payment.amount_micros);
  });

  it("20 parallel identical creates with one Idempotency-Key make exactly one purchase; the rest replay or are in progress", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => create("RACE-IDEM-1", { "Idempotency-Key": "race-idem" })),
    );
    expect(await purchasesWith("RACE-IDEM-1")).toBe(1);
    const created = answers.filter((a) => a.status === 201);
    expect(created.filter((a) => a.headers.get("Idempotency-Replayed") === null)).toHaveLength(1);
    const ids = new Set(created.map((a) => (a.body.data as { purchase_global_id: string }).purchase_global_id));
    expect(ids.size).toBe(1);
    for (const other of answers.filter((a) => a.status !== 201))
      expect([other.status, code(other.body)]).toEqual([409, "IDEMPOTENCY_KEY_IN_PROGRESS"]);
  });

  it("two different po_nums racing for one vendor both succeed", async () => {
    const [a, b] = await Promise.all([create("RACE-A"), create("RACE-B")]);
    expect([a!.status, b!.status]).toEqual([201, 201]);
    expect([await purchasesWith("RACE-A"), await purchasesWith("RACE-B")]).toEqual([1, 1]);
  });

  it("one po_num racing 20 times makes one purchase; the others get 409 DUPLICATE_PO_NUMBER naming it", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => create("RACE-SAME")));
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    const id = (created[0]!.body.data as { purchase_global_id: string }).purchase_global_id;
    for (const other of answers.filter((a) => a.status !== 201)) {
      expect([other.status, code(other.body)]).toEqual([409, "DUPLICATE_PO_NUMBER"]);
      expect((other.body.Error as { detail: string }).detail).toContain(id);
    }
    expect(await purchasesWith("RACE-SAME")).toBe(1);
  });

  it("a po_num taken between the check and the insert (another process won) still answers 409, from the unique index", async () => {
    // A trigger plays the other process: it inserts the same po_num just before this request's insert lands. (SQLite
    // undoes the trigger's row with the failed statement, so the winner cannot be named here; across processes it is.)
    await sql`create trigger race_winner before insert on purchases when new.po_num = 'RACE-LATE' and new.purchase_global_id != 'winner'
      begin insert into purchases (purchase_global_id, source, supplier_id, vendor_id, to_location_id, po_num, status, time_created, time_updated)
      values ('winner', 'api', 101, new.vendor_id, new.to_location_id, new.po_num, 'InProgress', new.time_created, new.time_updated); end`.execute(
      sandbox.db,
    );
    try {
      const { status, body } = await create("RACE-LATE");
      expect([status, code(body)]).toEqual([409, "DUPLICATE_PO_NUMBER"]);
      expect((body.Error as { detail: string }).detail).toContain("RACE-LATE");
      expect(await purchasesWith("RACE-LATE")).toBe(0);
    } finally {
      await sql`drop trigger race_winner`.execute(sandbox.db);
    }
  });
});
