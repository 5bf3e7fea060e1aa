import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bucketOf, recomputeArAging, splitOpenBalance } from "./ar-aging";
import { migrateToLatest } from "./db/migrations";
import { openSandboxDatabase } from "./db/open";
import type { Database } from "./db/schema";
import { seededDatabase, TEST_NOW } from "./seed/testing";

describe("splitOpenBalance", () => {
  it("splits in proportion, giving the rounding remainder to the largest part", () => {
    expect(
      splitOpenBalance(100, [
        { supplierId: 1, total: 1 },
        { supplierId: 2, total: 2 },
      ]),
    ).toEqual([
      [1, 33],
      [2, 67],
    ]);
    expect(
      splitOpenBalance(10, [
        { supplierId: 5, total: 3 },
        { supplierId: 6, total: 3 },
        { supplierId: 7, total: 3 },
      ]),
    ).toEqual([
      [5, 4],
      [6, 3],
      [7, 3],
    ]);
  });

  it("splits credits (negative balances) the same way, toward zero", () => {
    expect(
      splitOpenBalance(-100, [
        { supplierId: 1, total: -1 },
        { supplierId: 2, total: -2 },
      ]),
    ).toEqual([
      [1, -33],
      [2, -67],
    ]);
  });

  it("keeps exact sums on large amounts, where a float product would lose digits", () => {
    const parts = splitOpenBalance(987_654_321_987, [
      { supplierId: 1, total: 123_456_789_012 },
      { supplierId: 2, total: 864_197_532_975 },
    ]);
    expect(parts[0]![1] + parts[1]![1]).toBe(987_654_321_987);
    expect(parts[0]![1]).toBe(123_456_789_012);
  });

  it("gives everything to the largest part when the totals sum to zero, and nothing without suppliers", () => {
    expect(
      splitOpenBalance(50, [
        { supplierId: 1, total: 10 },
        { supplierId: 2, total: -10 },
      ]),
    ).toEqual([
      [1, 50],
      [2, 0],
    ]);
    expect(splitOpenBalance(50, [])).toEqual([]);
  });
});

describe("bucketOf", () => {
  it.each([
    [-5, "current"],
    [0, "current"],
    [1, "1_30"],
    [30, "1_30"],
    [31, "31_60"],
    [60, "31_60"],
    [61, "61_90"],
    [90, "61_90"],
    [91, "91"],
    [400, "91"],
  ] as const)("%i days past due is %s", (days, bucket) => expect(bucketOf(days)).toBe(bucket));
});

async function emptyDatabase(): Promise<Kysely<Database>> {
  const db = openSandboxDatabase(":memory:");
  await migrateToLatest(db);
  for (const [customer_id, ar_account_id] of [
    [1, 501],
    [2, 502],
  ] as const) {
    await db
      .insertInto("customers")
      .values({
        customer_id,
        location_id: 1,
        ar_account_id,
        customer_name: `Store ${customer_id}`,
        customer_name_alt: "",
        chain_name: "",
        license_num: "",
        address: "",
        state: "CA",
        sales_rep_user_id: 1,
        delivery_minimum: 0,
        profile_picture_url: "",
        collection_agent_full_name: null,
        collection_agent_email: null,
        on_hold: 0,
        delivery_days: "2",
        account_status: "Active",
        time_updated: "2026-01-01T00:00:00.000Z",
      })
      .execute();
  }
  return db;
}

async function addInvoice(
  db: Kysely<Database>,
  id: number,
  customer: number,
  dueDate: string,
  open: number,
  totals: [supplier: number, total: number][],
): Promise<void> {
  const total = totals.reduce((sum, [, t]) => sum + t, 0);
  await db
    .insertInto("invoices")
    .values({
      invoice_id: id,
      invoice_num: `INV-${id}`,
      customer_id: customer,
      term_id: 4,
      status: 7,
      date: "2026-01-01",
      due_date: dueDate,
      po_num: null,
      po_date: null,
      memo: null,
      ar_note: null,
      submitted_by_user_id: 1,
      built_by_user_id: 1,
      invoice_time_created: "2026-01-01T00:00:00.000Z",
      invoice_last_updated: "2026-01-01T00:00:00.000Z",
      revision_status: null,
      revision_updated_at: null,
      total_full_price_micros: total,
      total_ext_price_micros: total,
      total_discount_micros: 0,
      total_num_units: 1,
      total_cases_centi: 100,
      invoice_total_micros: total,
      open_balance_micros: open,
    })
    .execute();
  for (const [supplier_id, total_micros] of totals)
    await db.insertInto("invoice_supplier_totals").values({ invoice_id: id, supplier_id, total_micros }).execute();
}

describe("recomputeArAging", () => {
  const close = new Date("2026-11-21T23:59:59.000Z");

  it("buckets each supplier's part of every open invoice by days past due, with credits apart", async () => {
    const db = await emptyDatabase();
    await addInvoice(db, 1, 1, "2026-11-25", 300_000_000, [
      [10, 100_000_000],
      [20, 200_000_000],
    ]); // not yet due
    await addInvoice(db, 2, 1, "2026-11-21", 100, [
      [10, 1],
      [20, 2],
    ]); // due today: current; 33 + 67
    await addInvoice(db, 3, 1, "2026-10-22", 50_000_000, [[10, 80_000_000]]); // 30 days: 1_30, partly paid
    await addInvoice(db, 4, 1, "2026-08-22", 70_000_000, [[20, 70_000_000]]); // 91 days
    await addInvoice(db, 5, 1, "2026-11-30", -40_000_000, [[10, -40_000_000]]); // a credit, not yet due: still credit
    await addInvoice(db, 6, 2, "2026-01-01", 0, [[10, 5_000_000]]); // paid: left out
    await recomputeArAging(db, close);

    const aging = await db.selectFrom("ar_aging").selectAll().orderBy("ar_account_id").orderBy("supplier_id").execute();
    const stamp = close.toISOString();
    expect(aging).toEqual([
      {
        ar_account_id: 501,
        supplier_id: 10,
        open_credit_micros: 40_000_000,
        current_due_micros: 100_000_033,
        due_1_30_micros: 50_000_000,
        due_31_60_micros: 0,
        due_61_90_micros: 0,
        due_91_micros: 0,
        total_balance_outstanding_micros: 110_000_033,
        close_date: stamp,
        time_updated: stamp,
      },
      {
        ar_account_id: 501,
        supplier_id: 20,
        open_credit_micros: 0,
        current_due_micros: 200_000_067,
        due_1_30_micros: 0,
        due_31_60_micros: 0,
        due_61_90_micros: 0,
        due_91_micros: 70_000_000,
        total_balance_outstanding_micros: 270_000_067,
        close_date: stamp,
        time_updated: stamp,
      },
    ]);
    const lines = await db
      .selectFrom("ar_aging_invoices")
      .select(["supplier_id", "bucket", "invoice_num", "open_balance_micros"])
      .orderBy("invoice_id")
      .orderBy("supplier_id")
      .execute();
    expect(lines).toEqual([
      { supplier_id: 10, bucket: "current", invoice_num: "INV-1", open_balance_micros: 100_000_000 },
      { supplier_id: 20, bucket: "current", invoice_num: "INV-1", open_balance_micros: 200_000_000 },
      { supplier_id: 10, bucket: "current", invoice_num: "INV-2", open_balance_micros: 33 },
      { supplier_id: 20, bucket: "current", invoice_num: "INV-2", open_balance_micros: 67 },
      { supplier_id: 10, bucket: "1_30", invoice_num: "INV-3", open_balance_micros: 50_000_000 },
      { supplier_id: 20, bucket: "91", invoice_num: "INV-4", open_balance_micros: 70_000_000 },
      { supplier_id: 10, bucket: "credit", invoice_num: "INV-5", open_balance_micros: -40_000_000 },
    ]);
    await db.destroy();
  });

  it("replaces the previous rows, outside or inside a caller's transaction", async () => {
    const db = await emptyDatabase();
    await addInvoice(db, 1, 1, "2026-11-01", 10_000_000, [[10, 10_000_000]]);
    await recomputeArAging(db, close);
    await db.updateTable("invoices").set({ open_balance_micros: 0 }).where("invoice_id", "=", 1).execute();
    await addInvoice(db, 2, 2, "2026-11-01", 5_000_000, [[30, 5_000_000]]);
    await db.transaction().execute((trx) => recomputeArAging(trx, close));
    const aging = await db.selectFrom("ar_aging").select(["ar_account_id", "supplier_id", "due_1_30_micros"]).execute();
    expect(aging).toEqual([{ ar_account_id: 502, supplier_id: 30, due_1_30_micros: 5_000_000 }]);
    expect(await db.selectFrom("ar_aging_invoices").select("invoice_id").execute()).toEqual([{ invoice_id: 2 }]);
    await db.destroy();
  });
});

describe("recomputeArAging on seeded data", () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = (await seededDatabase("test")).db;
  });
  afterAll(() => db.destroy());

  it("has buckets that add up, per account and supplier and per invoice", async () => {
    const rows = await db.selectFrom("ar_aging").selectAll().execute();
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      expect(r.total_balance_outstanding_micros).toBe(
        r.current_due_micros +
          r.due_1_30_micros +
          r.due_31_60_micros +
          r.due_61_90_micros +
          r.due_91_micros -
          r.open_credit_micros,
      );
      expect(r.close_date).toBe(TEST_NOW.toISOString());
      expect(r.open_credit_micros).toBeGreaterThanOrEqual(0);
    }
    const mismatched = await sql<{ n: number }>`
      select count(*) n from ar_aging a where
        a.current_due_micros != coalesce((select sum(open_balance_micros) from ar_aging_invoices x where x.ar_account_id = a.ar_account_id and x.supplier_id = a.supplier_id and x.bucket = 'current'), 0)
        or a.due_91_micros != coalesce((select sum(open_balance_micros) from ar_aging_invoices x where x.ar_account_id = a.ar_account_id and x.supplier_id = a.supplier_id and x.bucket = '91'), 0)
        or a.open_credit_micros != -coalesce((select sum(open_balance_micros) from ar_aging_invoices x where x.ar_account_id = a.ar_account_id and x.supplier_id = a.supplier_id and x.bucket = 'credit'), 0)`.execute(
      db,
    );
    expect(mismatched.rows[0]?.n).toBe(0);
    const perInvoice = await sql<{ invoice_id: number }>`
      select i.invoice_id from invoices i left join (select invoice_id, sum(open_balance_micros) s from ar_aging_invoices group by invoice_id) x using (invoice_id)
      where i.open_balance_micros != coalesce(x.s, 0)`.execute(db);
    expect(perInvoice.rows).toEqual([]);
    const buckets = await sql<{
      bucket: string;
    }>`select distinct bucket from ar_aging_invoices order by bucket`.execute(db);
    expect(buckets.rows.map((b) => b.bucket)).toEqual(["1_30", "31_60", "61_90", "91", "credit", "current"]);
  });

  it("gives the same rows when run again", async () => {
    const before = await db
      .selectFrom("ar_aging_invoices")
      .selectAll()
      .orderBy("ar_account_id")
      .orderBy("supplier_id")
      .orderBy("invoice_id")
      .execute();
    await recomputeArAging(db, TEST_NOW);
    const after = await db
      .selectFrom("ar_aging_invoices")
      .selectAll()
      .orderBy("ar_account_id")
      .orderBy("supplier_id")
      .orderBy("invoice_id")
      .execute();
    expect(after).toEqual(before);
  });
});
