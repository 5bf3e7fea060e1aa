import type { Insertable, Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database, IdempotencyKeyTable, InvoiceTable, PaymentTable, PurchaseTable } from "../db/schema";
import { customer, migratedDatabase } from "../handlers/test-fixtures";
import { runEndOfDay } from "./end-of-day";
import { JOBS, runJob } from "./index";

const NOW = new Date("2026-11-21T23:30:00.000Z");
const STAMP = NOW.toISOString();
const TODAY = "2026-11-21";
const YESTERDAY = "2026-11-20";
const EARLIER = "2026-11-10T09:00:00.000Z";

const purchase = (purchase_global_id: string, o: Partial<Insertable<PurchaseTable>>): Insertable<PurchaseTable> => ({
  purchase_global_id,
  purchase_id: 700_001,
  source: "erp",
  supplier_id: 10,
  supplier_name: null,
  vendor_id: 77,
  to_location_id: 1,
  po_num: `PO-${purchase_global_id}`,
  status: "Confirmed",
  delivery_date: "2026-11-15",
  shipment_id: null,
  shipment_num: null,
  receiving_num: null,
  public_pdf_link: null,
  memo: null,
  terms: "Net 30",
  term_id: 4,
  freight_micros: 0,
  tax_micros: 0,
  other_cost_micros: 0,
  purchase_pdf_url_api_key_id: null,
  created_by_user_id: 1,
  receive_date: "2026-11-15",
  post_date: "2026-11-10",
  invoice_date: null,
  due_date: null,
  last_edit_time: null,
  last_calc_time: null,
  submitted_at: null,
  time_created: EARLIER,
  time_updated: EARLIER,
  ...o,
});

const invoice = (invoice_id: number, o: Partial<InvoiceTable>): InvoiceTable => ({
  invoice_id,
  invoice_num: `INV-${invoice_id}`,
  customer_id: 1,
  term_id: 4,
  status: 5,
  date: YESTERDAY,
  due_date: "2026-11-01",
  po_num: null,
  po_date: null,
  memo: null,
  ar_note: null,
  submitted_by_user_id: 1,
  built_by_user_id: 1,
  invoice_time_created: EARLIER,
  invoice_last_updated: EARLIER,
  revision_status: null,
  revision_updated_at: null,
  total_full_price_micros: 100_000_000,
  total_ext_price_micros: 100_000_000,
  total_discount_micros: 0,
  total_num_units: 10,
  total_cases_centi: 100,
  invoice_total_micros: 100_000_000,
  open_balance_micros: 0,
  ...o,
});

const payment = (payment_id: number, o: Partial<PaymentTable>): PaymentTable => ({
  payment_id,
  payment_invoice_id: payment_id + 200_000,
  payment_invoice_num: `PAY-${payment_id}`,
  ar_account_id: 50_001,
  payment_type_id: -1,
  supplier_id: null,
  load_sheet_status_id: 5,
  memo: "Check",
  ar_note: null,
  amount_micros: 100_000_000,
  post_date: YESTERDAY,
  time_created: EARLIER,
  time_updated: EARLIER,
  ...o,
});

const idempotencyKey = (idempotency_key: string, created_at: string): IdempotencyKeyTable => ({
  key_hash: "k",
  idempotency_key,
  fingerprint: "f",
  state: "done",
  status: 200,
  headers: "{}",
  body: "{}",
  created_at,
  claimed_at_ms: 0,
});

let db: Kysely<Database>;
afterEach(() => db?.destroy());

async function openDb(): Promise<Kysely<Database>> {
  db = await migratedDatabase();
  await db.insertInto("customers").values(customer(1)).execute();
  return db;
}

const ZERO = { verifiedPurchases: 0, verifiedInvoices: 0, verifiedPayments: 0, expiredIdempotencyKeys: 0 };

describe("runEndOfDay", () => {
  it("end of day: recomputes AR aging as of now and records the close date", async () => {
    await openDb();
    await db
      .insertInto("invoices")
      .values(invoice(300_001, { status: 7, due_date: "2026-11-01", open_balance_micros: 40_000_000 }))
      .execute();
    await db
      .insertInto("invoice_supplier_totals")
      .values({ invoice_id: 300_001, supplier_id: 10, total_micros: 100_000_000 })
      .execute();
    await db.insertInto("sandbox_meta").values({ key: "last_close_date", value: "2026-11-19" }).execute();

    expect(await runEndOfDay(db, NOW)).toEqual({ job: "end-of-day", closeDate: TODAY, ...ZERO });

    const aging = await db
      .selectFrom("ar_aging")
      .select(["ar_account_id", "supplier_id", "due_1_30_micros", "close_date", "time_updated"])
      .execute();
    expect(aging).toEqual([
      { ar_account_id: 50_001, supplier_id: 10, due_1_30_micros: 40_000_000, close_date: STAMP, time_updated: STAMP },
    ]);
    expect(await db.selectFrom("sandbox_meta").selectAll().execute()).toEqual([
      { key: "last_close_date", value: TODAY },
    ]);
  });

  it("end of day: records the first close date", async () => {
    await openDb();
    await runEndOfDay(db, NOW);
    expect(await db.selectFrom("sandbox_meta").selectAll().execute()).toEqual([
      { key: "last_close_date", value: TODAY },
    ]);
  });

  it.each([
    [
      "a purchase confirmed yesterday is Verified",
      { status: "Confirmed", time_updated: "2026-11-20T23:59:59.999Z" },
      "Verified",
    ],
    [
      "a purchase confirmed today stays Confirmed",
      { status: "Confirmed", time_updated: `${TODAY}T00:00:00.000Z` },
      "Confirmed",
    ],
    ["a Received purchase stays Received", { status: "Received", time_updated: EARLIER }, "Received"],
  ] as const)("end of day: %s", async (_name, given, expected) => {
    await openDb();
    await db.insertInto("purchases").values(purchase("p", given)).execute();
    expect((await runEndOfDay(db, NOW)).verifiedPurchases).toBe(expected === given.status ? 0 : 1);
    const row = await db.selectFrom("purchases").select(["status", "time_updated"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: expected, time_updated: expected === given.status ? given.time_updated : STAMP });
  });

  it.each([
    ["a Balanced invoice dated yesterday is Verified", { status: 5, date: YESTERDAY }, 7],
    ["a Balanced invoice dated today stays Balanced", { status: 5, date: TODAY }, 5],
    ["a Loaded invoice stays Loaded", { status: 3, date: "2026-11-14" }, 3],
    ["a Returned invoice stays Returned", { status: 4, date: "2026-11-14" }, 4],
  ] as const)("end of day: %s", async (_name, given, expected) => {
    await openDb();
    await db.insertInto("invoices").values(invoice(300_001, given)).execute();
    expect((await runEndOfDay(db, NOW)).verifiedInvoices).toBe(expected === given.status ? 0 : 1);
    const row = await db.selectFrom("invoices").select(["status", "invoice_last_updated"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: expected, invoice_last_updated: expected === given.status ? EARLIER : STAMP });
  });

  it.each([
    [
      "a payment on a Balanced load sheet posted three days ago is Verified",
      { load_sheet_status_id: 5, post_date: "2026-11-18" },
      7,
    ],
    ["a payment posted two days ago stays Balanced", { load_sheet_status_id: 5, post_date: "2026-11-19" }, 5],
    ["a payment posted today stays Balanced", { load_sheet_status_id: 5, post_date: TODAY }, 5],
    ["a Verified payment is left alone", { load_sheet_status_id: 7, post_date: "2026-11-01" }, 7],
  ] as const)("end of day: %s", async (_name, given, expected) => {
    await openDb();
    await db.insertInto("payments").values(payment(600_001, given)).execute();
    const changed = expected !== given.load_sheet_status_id;
    expect((await runEndOfDay(db, NOW)).verifiedPayments).toBe(changed ? 1 : 0);
    const row = await db
      .selectFrom("payments")
      .select(["load_sheet_status_id", "time_updated"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ load_sheet_status_id: expected, time_updated: changed ? STAMP : EARLIER });
  });

  it("end of day: purges only idempotency keys older than 24 hours", async () => {
    await openDb();
    await db
      .insertInto("idempotency_keys")
      .values([
        idempotencyKey("expired", "2026-11-20T23:29:59.999Z"),
        idempotencyKey("exactly-24h", "2026-11-20T23:30:00.000Z"),
        idempotencyKey("recent", "2026-11-21T22:30:00.000Z"),
      ])
      .execute();

    expect((await runEndOfDay(db, NOW)).expiredIdempotencyKeys).toBe(1);

    const kept = await db.selectFrom("idempotency_keys").select("idempotency_key").orderBy("idempotency_key").execute();
    expect(kept.map((k) => k.idempotency_key)).toEqual(["exactly-24h", "recent"]);
  });

  it("end of day: a second run on the same day changes nothing", async () => {
    await openDb();
    await db
      .insertInto("purchases")
      .values(purchase("p", { time_updated: EARLIER }))
      .execute();
    await db.insertInto("invoices").values(invoice(300_001, {})).execute();
    await db
      .insertInto("payments")
      .values(payment(600_001, { post_date: "2026-11-18" }))
      .execute();
    await db.insertInto("idempotency_keys").values(idempotencyKey("expired", EARLIER)).execute();

    expect(await runEndOfDay(db, NOW)).toEqual({
      job: "end-of-day",
      closeDate: TODAY,
      verifiedPurchases: 1,
      verifiedInvoices: 1,
      verifiedPayments: 1,
      expiredIdempotencyKeys: 1,
    });
    const snapshot = () =>
      Promise.all(
        (["purchases", "invoices", "payments", "idempotency_keys", "ar_aging", "sandbox_meta"] as const).map((t) =>
          db.selectFrom(t).selectAll().execute(),
        ),
      );
    const before = await snapshot();
    expect(await runEndOfDay(db, NOW)).toEqual({ job: "end-of-day", closeDate: TODAY, ...ZERO });
    expect(await snapshot()).toEqual(before);
  });
});

describe("runJob", () => {
  it.each(JOBS)("runJob runs %s and names it in the summary", async (job) => {
    await openDb();
    expect((await runJob(db, job, NOW)).job).toBe(job);
  });

  it("runJob runs in the caller's transaction, so the caller's rollback undoes the job", async () => {
    await openDb();
    await expect(
      db.transaction().execute(async (trx) => {
        await runJob(trx, "end-of-day", NOW);
        throw new Error("caller fails");
      }),
    ).rejects.toThrow("caller fails");
    expect(await db.selectFrom("sandbox_meta").selectAll().execute()).toEqual([]);
  });
});
