import type { Insertable, Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database, InventoryTable, PurchaseLineTable, PurchaseTable } from "../db/schema";
import { migratedDatabase, product } from "../handlers/test-fixtures";
import { runImport } from "./import";

const NOW = new Date("2026-11-21T18:00:00.000Z");
const STAMP = NOW.toISOString();
const TODAY = "2026-11-21";
const YESTERDAY = "2026-11-20";
const TOMORROW = "2026-11-22";
const EARLIER = "2026-11-10T09:00:00.000Z";

const purchase = (
  purchase_global_id: string,
  o: Partial<Insertable<PurchaseTable>> = {},
): Insertable<PurchaseTable> => ({
  purchase_global_id,
  purchase_id: null,
  source: "erp",
  supplier_id: 10,
  supplier_name: null,
  vendor_id: 77,
  to_location_id: 1,
  po_num: `PO-${purchase_global_id}`,
  status: "New",
  delivery_date: null,
  shipment_id: null,
  shipment_num: null,
  receiving_num: null,
  public_pdf_link: null,
  memo: null,
  terms: "Net 14",
  term_id: 3,
  freight_micros: 0,
  tax_micros: 0,
  other_cost_micros: 0,
  purchase_pdf_url_api_key_id: null,
  created_by_user_id: 1,
  receive_date: null,
  post_date: null,
  invoice_date: null,
  due_date: null,
  last_edit_time: null,
  last_calc_time: null,
  submitted_at: null,
  time_created: EARLIER,
  time_updated: EARLIER,
  ...o,
});

const line = (
  purchase_trans_id: number,
  purchase_global_id: string,
  product_id: number,
  num_units: number,
  o: Partial<PurchaseLineTable> = {},
): PurchaseLineTable => ({
  purchase_trans_id,
  purchase_global_id,
  product_id,
  ordered: num_units,
  num_units,
  cases_centi: num_units * 10,
  fob_micros: 5_000_000,
  deposit_cost_micros: 0,
  laid_in_cost_micros: 5_000_000,
  weight_centi: null,
  expiration_date: null,
  code_date: null,
  batch_code: null,
  pallet_tag: null,
  time_updated: EARLIER,
  ...o,
});

const stock = (product_id: number, o: Partial<InventoryTable> = {}): InventoryTable => ({
  location_id: 1,
  product_id,
  purchase_trans_id: 1_999_999,
  inventory: 0,
  received: 0,
  loaded: 0,
  picked: 0,
  pending_sales: 0,
  delivered: 0,
  unsellable: 0,
  pre_sales: 0,
  allocated: 0,
  not_authorized: 0,
  doi_centi: 0,
  avg_daily_sales_90d_centi: 0,
  time_updated: EARLIER,
  ...o,
});

let db: Kysely<Database>;
afterEach(() => db?.destroy());

/** Products 100 ($12.345678) and 101 ($10), supplier 10 with terms Net 45 and Net 14, and its vendor 77 at warehouse 1. */
async function openDb(): Promise<Kysely<Database>> {
  db = await migratedDatabase();
  await db
    .insertInto("products")
    .values([product(100, 10, { unit_price_micros: 12_345_678 }), product(101, 10, { unit_price_micros: 10_000_000 })])
    .execute();
  await db
    .insertInto("supplier_credit_terms")
    .values([5, 3].map((term_id) => ({ supplier_id: 10, term_id, time_updated: EARLIER })))
    .execute();
  await db
    .insertInto("vendors")
    .values({
      vendor_id: 77,
      location_id: 1,
      supplier_id: 10,
      vendor_name: "Green Vendor LLC",
      vendor_license_number: "C11-1",
      vendor_address: "3 Farm Rd",
      vendor_address2: null,
      vendor_city: "Eureka",
      vendor_state: "CA",
      vendor_postal_code: "95501",
      lead_time_days: 5,
      target_doi: 30,
      max_doi: 60,
      require_po_batch_codes: 0,
      active: 1,
      time_updated: EARLIER,
    })
    .execute();
  return db;
}

async function draft(
  purchase_global_id: string,
  position: number,
  product_id: number,
  num_units: number,
  o: { batch_code?: string; expiration_date?: string } = {},
) {
  await db
    .insertInto("draft_lines")
    .values({
      purchase_global_id,
      position,
      product_id,
      cases: null,
      units: num_units,
      num_units,
      cases_centi: num_units * 10,
      batch_code: o.batch_code ?? null,
      expiration_date: o.expiration_date ?? null,
      needs_activation: 0,
      activation_task_id: null,
    })
    .execute();
}

const purchaseRow = (id: string) =>
  db.selectFrom("purchases").selectAll().where("purchase_global_id", "=", id).executeTakeFirstOrThrow();
const linesOf = (id: string) =>
  db
    .selectFrom("purchase_lines")
    .selectAll()
    .where("purchase_global_id", "=", id)
    .orderBy("purchase_trans_id")
    .execute();
const inventory = () =>
  db
    .selectFrom("inventory")
    .select(["product_id", "purchase_trans_id", "inventory", "received", "time_updated"])
    .orderBy("product_id")
    .execute();
const statuses = async () =>
  Object.fromEntries(
    (await db.selectFrom("purchases").select(["purchase_global_id", "status"]).execute()).map((p) => [
      p.purchase_global_id,
      p.status,
    ]),
  );

describe("runImport", () => {
  it("import: a Submitted purchase becomes New with an ERP id and posted lines", async () => {
    await openDb();
    await db
      .insertInto("purchases")
      .values(purchase("erp-1", { purchase_id: 700050, status: "Verified" }))
      .execute();
    await db
      .insertInto("purchase_lines")
      .values(line(2_000_100, "erp-1", 100, 10))
      .execute();
    await db
      .insertInto("purchases")
      .values(
        purchase("api-1", {
          source: "api",
          status: "Submitted",
          term_id: null,
          terms: null,
          freight_micros: null,
          submitted_at: EARLIER,
        }),
      )
      .execute();
    await draft("api-1", 2, 101, 20, { batch_code: "BX-1", expiration_date: "2027-06-01" });
    await draft("api-1", 1, 100, 12);

    expect(await runImport(db, NOW)).toEqual({ job: "import", imported: 1, accepted: 0, received: 0, confirmed: 0 });

    const posted = await purchaseRow("api-1");
    expect(posted).toMatchObject({
      purchase_id: 700051,
      status: "New",
      post_date: TODAY,
      term_id: 3,
      terms: "Net 14",
      memo: "Supplier: Green Vendor LLC",
      freight_micros: 0,
      tax_micros: 0,
      other_cost_micros: 0,
      last_edit_time: STAMP,
      last_calc_time: STAMP,
      time_updated: STAMP,
    });
    expect(posted.public_pdf_link).toMatch(/^assets\/purchases\/api-1\.pdf\?token=[0-9a-f]{32}$/);
    const common = {
      purchase_global_id: "api-1",
      deposit_cost_micros: 0,
      weight_centi: null,
      code_date: null,
      pallet_tag: null,
      time_updated: STAMP,
    };
    expect(await linesOf("api-1")).toEqual([
      // 12.345678 × 0.55 = 6.7901229, to the cent: 6.79.
      {
        ...common,
        purchase_trans_id: 2_000_101,
        product_id: 100,
        ordered: 12,
        num_units: 12,
        cases_centi: 120,
        fob_micros: 6_790_000,
        laid_in_cost_micros: 6_790_000,
        expiration_date: null,
        batch_code: null,
      },
      {
        ...common,
        purchase_trans_id: 2_000_102,
        product_id: 101,
        ordered: 20,
        num_units: 20,
        cases_centi: 200,
        fob_micros: 5_500_000,
        laid_in_cost_micros: 5_500_000,
        expiration_date: "2027-06-01",
        batch_code: "BX-1",
      },
    ]);
    expect(await db.selectFrom("draft_lines").selectAll().execute()).toEqual([]);
    expect((await purchaseRow("erp-1")).status).toBe("Verified");
  });

  it("import: Submitted purchases are numbered in submission order; no supplier terms means Net 30; the memo names the supplier", async () => {
    await openDb();
    const api = (id: string, submitted_at: string, o: Partial<Insertable<PurchaseTable>> = {}) =>
      purchase(id, {
        source: "api",
        status: "Submitted",
        term_id: null,
        terms: null,
        supplier_id: 20,
        submitted_at,
        ...o,
      });
    await db
      .insertInto("purchases")
      .values([
        api("c-tie", "2026-11-21T11:00:00.000Z", { vendor_id: 99, memo: "Supplier: As submitted" }),
        api("a-second", "2026-11-21T11:00:00.000Z", { supplier_name: "Named Co" }),
        api("b-first", "2026-11-21T10:00:00.000Z"),
        purchase("draft", { source: "api", status: "InProgress", term_id: null, terms: null }),
      ])
      .execute();

    expect((await runImport(db, NOW)).imported).toBe(3);

    const rows = await db
      .selectFrom("purchases")
      .select(["purchase_global_id", "purchase_id", "status", "term_id", "terms", "memo"])
      .orderBy("purchase_global_id")
      .execute();
    expect(rows).toEqual([
      {
        purchase_global_id: "a-second",
        purchase_id: 700_002,
        status: "New",
        term_id: 4,
        terms: "Net 30",
        memo: "Supplier: Named Co",
      },
      {
        purchase_global_id: "b-first",
        purchase_id: 700_001,
        status: "New",
        term_id: 4,
        terms: "Net 30",
        memo: "Supplier: Green Vendor LLC",
      },
      // No supplier_name and no vendor row to name the supplier: the memo given at submission stays.
      {
        purchase_global_id: "c-tie",
        purchase_id: 700_003,
        status: "New",
        term_id: 4,
        terms: "Net 30",
        memo: "Supplier: As submitted",
      },
      { purchase_global_id: "draft", purchase_id: null, status: "InProgress", term_id: null, terms: null, memo: null },
    ]);
  });

  it.each([
    ["a New purchase posted yesterday becomes Accepted", { status: "New", post_date: YESTERDAY }, "Accepted"],
    ["a New purchase posted today stays New", { status: "New", post_date: TODAY }, "New"],
    [
      "an Accepted purchase due tomorrow waits for its delivery date",
      { status: "Accepted", delivery_date: TOMORROW },
      "Accepted",
    ],
    ["an Accepted purchase without a delivery date waits", { status: "Accepted", delivery_date: null }, "Accepted"],
    ["an Accepted purchase due today becomes Received", { status: "Accepted", delivery_date: TODAY }, "Received"],
    [
      "a late Accepted purchase (due yesterday) becomes Received",
      { status: "Accepted", delivery_date: YESTERDAY },
      "Received",
    ],
    [
      "a Received purchase received yesterday becomes Confirmed",
      { status: "Received", receive_date: YESTERDAY },
      "Confirmed",
    ],
    ["a Received purchase received today stays Received", { status: "Received", receive_date: TODAY }, "Received"],
    ["a Confirmed purchase is left to the end of day", { status: "Confirmed", receive_date: YESTERDAY }, "Confirmed"],
  ] as const)("import: %s", async (_name, given, expected) => {
    await openDb();
    await db
      .insertInto("purchases")
      .values(purchase("p", { purchase_id: 700_050, post_date: "2026-11-01", ...given }))
      .execute();
    await runImport(db, NOW);
    const row = await purchaseRow("p");
    expect(row.status).toBe(expected);
    expect(row.time_updated).toBe(expected === given.status ? EARLIER : STAMP);
  });

  it("import: a received purchase is dated and numbered, its lines coded, and its units received", async () => {
    await openDb();
    await db
      .insertInto("purchases")
      .values([
        purchase("p", { purchase_id: 700_050, status: "Accepted", delivery_date: TODAY, post_date: "2026-11-01" }),
        purchase("q", {
          purchase_id: 700_060,
          status: "Accepted",
          delivery_date: TODAY,
          receiving_num: "RCV-KEPT",
          term_id: 1,
          terms: "COD",
        }),
      ])
      .execute();
    await db
      .insertInto("purchase_lines")
      .values([
        line(2_000_100, "p", 100, 12, { code_date: "2026-11-01", batch_code: "KEEP" }),
        line(2_000_101, "p", 101, 20),
        line(2_000_102, "p", 100, 5, { code_date: "2026-11-15" }),
      ])
      .execute();
    await db
      .insertInto("inventory")
      .values(stock(100, { inventory: 40, received: 3 }))
      .execute();

    expect(await runImport(db, NOW)).toEqual({ job: "import", imported: 0, accepted: 0, received: 2, confirmed: 0 });

    expect(await purchaseRow("p")).toMatchObject({
      status: "Received",
      receive_date: TODAY,
      invoice_date: TODAY,
      due_date: "2026-12-05",
      receiving_num: "RCV-300049",
    });
    expect(await purchaseRow("q")).toMatchObject({ status: "Received", due_date: TODAY, receiving_num: "RCV-KEPT" });
    expect((await linesOf("p")).map((l) => [l.code_date, l.batch_code, l.time_updated])).toEqual([
      ["2026-11-01", "KEEP", EARLIER],
      [TODAY, "B700050-2", STAMP],
      ["2026-11-15", "B700050-3", STAMP],
    ]);
    expect(await inventory()).toEqual([
      { product_id: 100, purchase_trans_id: 1_999_999, inventory: 40, received: 20, time_updated: STAMP },
      { product_id: 101, purchase_trans_id: 2_000_101, inventory: 0, received: 20, time_updated: STAMP },
    ]);
    const created = await db
      .selectFrom("inventory")
      .selectAll()
      .where("product_id", "=", 101)
      .executeTakeFirstOrThrow();
    expect(created).toEqual(stock(101, { purchase_trans_id: 2_000_101, received: 20, time_updated: STAMP }));
  });

  it("import: a confirmed purchase moves its units from received to the floor", async () => {
    await openDb();
    await db
      .insertInto("purchases")
      .values(purchase("p", { purchase_id: 700_050, status: "Received", receive_date: YESTERDAY }))
      .execute();
    await db
      .insertInto("purchase_lines")
      .values([line(2_000_100, "p", 100, 12), line(2_000_101, "p", 101, 20)])
      .execute();
    await db
      .insertInto("inventory")
      .values(stock(100, { inventory: 5, received: 12 }))
      .execute();

    expect(await runImport(db, NOW)).toEqual({ job: "import", imported: 0, accepted: 0, received: 0, confirmed: 1 });

    expect(await inventory()).toEqual([
      { product_id: 100, purchase_trans_id: 1_999_999, inventory: 17, received: 0, time_updated: STAMP },
      // No row recorded the units as received: they go straight to the floor.
      { product_id: 101, purchase_trans_id: 2_000_101, inventory: 20, received: 0, time_updated: STAMP },
    ]);
  });

  it("import: each run moves a purchase at most one step, and runs settle", async () => {
    await openDb();
    await db
      .insertInto("purchases")
      .values([
        purchase("a", { source: "api", status: "Submitted", submitted_at: EARLIER, delivery_date: TODAY }),
        purchase("b", { purchase_id: 700_001, status: "New", post_date: YESTERDAY, delivery_date: TODAY }),
        purchase("c", { purchase_id: 700_002, status: "Accepted", delivery_date: TODAY }),
        purchase("d", { purchase_id: 700_003, status: "Received", receive_date: YESTERDAY }),
      ])
      .execute();

    expect(await runImport(db, NOW)).toEqual({ job: "import", imported: 1, accepted: 1, received: 1, confirmed: 1 });
    expect(await statuses()).toEqual({ a: "New", b: "Accepted", c: "Received", d: "Confirmed" });

    // Same day: a stays New (posted today), c stays Received (received today); b, accepted by the first run, is due.
    expect(await runImport(db, NOW)).toEqual({ job: "import", imported: 0, accepted: 0, received: 1, confirmed: 0 });
    expect(await statuses()).toEqual({ a: "New", b: "Received", c: "Received", d: "Confirmed" });

    expect(await runImport(db, NOW)).toEqual({ job: "import", imported: 0, accepted: 0, received: 0, confirmed: 0 });
  });

  it("import: a failure rolls the whole run back", async () => {
    await openDb();
    await db
      .insertInto("purchases")
      .values([
        purchase("new", { purchase_id: 700_001, status: "New", post_date: YESTERDAY }),
        purchase("api", { source: "api", status: "Submitted", submitted_at: EARLIER }),
      ])
      .execute();
    await draft("api", 1, 100, 12);
    // The counter is behind the lines table, so the first posted line collides with an existing one.
    await db
      .insertInto("purchase_lines")
      .values(line(2_000_100, "new", 100, 1))
      .execute();
    await db.insertInto("sandbox_counters").values({ name: "purchase_trans_id", value: 2_000_099 }).execute();

    await expect(runImport(db, NOW)).rejects.toThrow();

    expect(await statuses()).toEqual({ new: "New", api: "Submitted" });
    expect((await purchaseRow("api")).purchase_id).toBeNull();
    expect(await db.selectFrom("draft_lines").select("product_id").execute()).toEqual([{ product_id: 100 }]);
    expect(await db.selectFrom("sandbox_counters").selectAll().execute()).toEqual([
      { name: "purchase_trans_id", value: 2_000_099 },
    ]);
  });
});
