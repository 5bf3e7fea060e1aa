import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { type ColumnsOf, expectedColumns, sqliteColumns, sqliteTables } from "@/lib/testing/catalogue";
import { migrateToLatest } from "./migrations";
import { openSandboxDatabase } from "./open";
import type { Database } from "./schema";

const dir = mkdtempSync(join(tmpdir(), "backroom-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Every table of the Kysely schema (`schema.ts`) with every column, as its type says: TypeScript refuses this object
 * unless it names exactly the interface's tables and columns, each `"number"` or `"text"` as its type is, with
 * `" null"` exactly when the type admits null. The first test compares it with what the migrations made.
 */
const COLUMNS = {
  sandbox_meta: { key: "text", value: "text" },
  states: {
    state: "text",
    state_name: "text",
    order_cut_off_time: "text",
    time_zone: "text",
    order_cut_off_days_in_advance: "text",
    active: "number",
    time_updated: "text",
  },
  locations: {
    location_id: "number",
    location: "text",
    dba: "text",
    address: "text",
    address2: "text null",
    address3: "text null",
    city: "text",
    state: "text",
    postal_code: "text",
    time_updated: "text",
  },
  suppliers: {
    supplier_id: "number",
    supplier: "text",
    state: "text",
    description: "text",
    brand_assets_url: "text",
    supplier_website_url: "text",
    active: "number",
    time_updated: "text",
  },
  supplier_product_groups: { supplier_id: "number", product_group: "text" },
  product_categories: {
    product_category_id: "number",
    category_name: "text",
    sequence: "number",
    time_updated: "text",
  },
  products: {
    product_id: "number",
    supplier_id: "number",
    product_name: "text",
    brand_id: "number",
    brand_name: "text",
    brand_family: "text",
    brand_style: "text",
    product_type_id: "number",
    product_type_name: "text",
    product_group_id: "number",
    package_id: "number",
    package_name: "text",
    unit_net_weight: "text",
    wholesale_units_per_case: "number",
    svc_live_category_id: "number",
    svc_menu_category: "text",
    status_id: "number",
    description: "text",
    ingredients: "text",
    thumbnail_image_url: "text",
    full_size_image_url: "text",
    potency: "text",
    potency_thc: "text null",
    blend: "text",
    strain_name: "text null",
    strain_id: "number null",
    flavor: "text",
    state: "text",
    supplier_product_number: "text",
    is_sample: "number",
    case_only: "number",
    min_order_units: "number",
    unit_price_micros: "number",
    time_updated: "text",
  },
  credit_terms: {
    term_id: "number",
    term: "text",
    days_of_credit: "number",
    account_on_hold: "number",
    time_updated: "text",
  },
  customers: {
    customer_id: "number",
    location_id: "number",
    ar_account_id: "number",
    customer_name: "text",
    customer_name_alt: "text",
    chain_name: "text",
    license_num: "text",
    address: "text",
    state: "text",
    sales_rep_user_id: "number",
    delivery_minimum: "number",
    profile_picture_url: "text",
    collection_agent_full_name: "text null",
    collection_agent_email: "text null",
    on_hold: "number",
    delivery_days: "text null",
    account_status: "text",
    time_updated: "text",
    delivery_dates_lag_days: "number",
  },
  customer_credit_terms: { customer_id: "number", supplier_id: "number", term_id: "number", time_updated: "text" },
  supplier_credit_terms: { supplier_id: "number", term_id: "number", time_updated: "text" },
  users: {
    user_id: "number",
    site_user_id: "number",
    user_active: "number",
    svc_live_access: "number",
    power_user: "number",
    email: "text",
    full_name: "text",
    role: "text",
    job_title: "text null",
    department: "text null",
  },
  user_states: { user_id: "number", state: "text" },
  user_customers: { user_id: "number", customer_id: "number" },
  user_suppliers: { user_id: "number", supplier_id: "number" },
  user_locations: { user_id: "number", location_id: "number" },
  rep_product_groups: { user_id: "number", product_group: "text" },
  rep_suppliers: { user_id: "number", supplier_id: "number" },
  invoices: {
    invoice_id: "number",
    invoice_num: "text",
    customer_id: "number",
    term_id: "number",
    status: "number",
    date: "text",
    due_date: "text",
    po_num: "text null",
    po_date: "text null",
    memo: "text null",
    ar_note: "text null",
    submitted_by_user_id: "number",
    built_by_user_id: "number",
    invoice_time_created: "text",
    invoice_last_updated: "text",
    revision_status: "text null",
    revision_updated_at: "text null",
    total_full_price_micros: "number",
    total_ext_price_micros: "number",
    total_discount_micros: "number",
    total_num_units: "number",
    total_cases_centi: "number",
    invoice_total_micros: "number",
    open_balance_micros: "number",
  },
  invoice_lines: {
    invoice_trans_id: "number",
    invoice_id: "number",
    customer_id: "number",
    product_id: "number",
    supplier_id: "number",
    product_name: "text",
    batch_code: "text",
    num_units: "number",
    ordered: "number",
    back_order: "number",
    cases_centi: "number",
    full_price_micros: "number",
    discount_micros: "number",
    unit_price_micros: "number",
    ext_price_micros: "number",
    promotion_id: "number null",
    promotion_overridden: "number",
    reason_id: "number null",
    reason: "text null",
    purchase_trans_id: "number null",
    coa_url: "text null",
    time_updated: "text",
  },
  invoice_supplier_totals: { invoice_id: "number", supplier_id: "number", total_micros: "number" },
  ar_aging: {
    ar_account_id: "number",
    supplier_id: "number",
    open_credit_micros: "number",
    current_due_micros: "number",
    due_1_30_micros: "number",
    due_31_60_micros: "number",
    due_61_90_micros: "number",
    due_91_micros: "number",
    total_balance_outstanding_micros: "number",
    close_date: "text",
    time_updated: "text",
  },
  ar_aging_invoices: {
    ar_account_id: "number",
    supplier_id: "number",
    bucket: "text",
    invoice_id: "number",
    invoice_num: "text",
    open_balance_micros: "number",
  },
  payment_types: {
    payment_type_id: "number",
    name: "text",
    supplier_id: "number null",
    time_created: "text",
    time_updated: "text",
  },
  payments: {
    payment_id: "number",
    payment_invoice_id: "number",
    payment_invoice_num: "text",
    ar_account_id: "number",
    payment_type_id: "number",
    supplier_id: "number null",
    load_sheet_status_id: "number",
    memo: "text",
    ar_note: "text null",
    amount_micros: "number",
    post_date: "text",
    time_created: "text",
    time_updated: "text",
  },
  payment_applications: {
    id: "number",
    payment_application_id: "number null",
    request_id: "number null",
    payment_id: "number",
    payment_invoice_num: "text",
    target_invoice_id: "number",
    target_invoice_num: "text",
    ar_account_id: "number",
    amount_micros: "number",
    status: "text",
    requested_by_user_id: "number",
    applied_by: "text null",
    time_requested: "text",
    time_exported: "text null",
    time_applied: "text null",
    time_confirmed: "text null",
    time_updated: "text",
  },
  inventory: {
    location_id: "number",
    product_id: "number",
    purchase_trans_id: "number",
    inventory: "number",
    received: "number",
    loaded: "number",
    picked: "number",
    pending_sales: "number",
    delivered: "number",
    unsellable: "number",
    pre_sales: "number",
    allocated: "number",
    not_authorized: "number",
    doi_centi: "number",
    avg_daily_sales_90d_centi: "number",
    time_updated: "text",
  },
  inventory_batches: {
    location_id: "number",
    product_id: "number",
    supplier_id: "number",
    purchase_trans_id: "number",
    batch_code: "text",
    uid: "text",
    state: "text",
    laboratory: "text",
    potency_type: "text",
    coa_url: "text",
    expiration_date: "text null",
    best_by_date: "text null",
    harvest_date: "text null",
    manufacture_date: "text null",
    pack_date: "text null",
    coa_expiration_date: "text null",
    vintage: "text null",
    thc_potency_centi: "number",
    cbd_potency_centi: "number",
    total_cannabinoids_centi: "number",
    label_thc_potency_centi: "number",
    label_cbd_potency_centi: "number",
    label_total_cannabinoids_centi: "number",
    inventory_units: "number",
    time_created: "text",
    time_updated: "text",
  },
  retailer_inventory: {
    id: "number",
    product_id: "number",
    customer_id: "number",
    inventory_centi: "number",
    daily_sales_centi: "number",
    last_inventory_date: "text",
    time_updated: "text",
  },
  allocations: {
    allocation_id: "number",
    product_id: "number",
    customer_id: "number",
    units: "number",
    allocation_type_id: "number",
    start_date: "text",
    end_date: "text",
    time_updated: "text",
  },
  promotions: {
    promotion_id: "number",
    supplier_id: "number",
    promotion_type_id: "number",
    promotion_name: "text",
    product_override_type: "text",
    unit_price_micros: "number",
    start_date: "text",
    end_date: "text",
    all_products: "number",
    time_updated: "text",
  },
  promotion_states: { promotion_id: "number", state: "text" },
  promotion_products: { promotion_id: "number", product_id: "number" },
  menu_promotions: {
    menu_promotion_id: "number",
    supplier_id: "number",
    state: "text",
    description: "text",
    start_date: "text",
    end_date: "text",
    time_updated: "text",
  },
  vendors: {
    vendor_id: "number",
    location_id: "number",
    supplier_id: "number",
    vendor_name: "text",
    vendor_license_number: "text",
    vendor_address: "text",
    vendor_address2: "text null",
    vendor_city: "text",
    vendor_state: "text",
    vendor_postal_code: "text",
    lead_time_days: "number",
    target_doi: "number",
    max_doi: "number null",
    require_po_batch_codes: "number",
    active: "number",
    time_updated: "text",
  },
  vendor_pickup_days: { vendor_id: "number", location_id: "number", day: "text", position: "number" },
  purchases: {
    purchase_global_id: "text",
    purchase_id: "number null",
    source: "text",
    supplier_id: "number",
    supplier_name: "text null",
    vendor_id: "number",
    to_location_id: "number",
    po_num: "text",
    status: "text",
    delivery_date: "text null",
    shipment_id: "number null",
    shipment_num: "text null",
    receiving_num: "text null",
    public_pdf_link: "text null",
    memo: "text null",
    terms: "text null",
    term_id: "number null",
    freight_micros: "number null",
    tax_micros: "number null",
    other_cost_micros: "number null",
    purchase_pdf_url_api_key_id: "number null",
    created_by_user_id: "number null",
    receive_date: "text null",
    post_date: "text null",
    invoice_date: "text null",
    due_date: "text null",
    last_edit_time: "text null",
    last_calc_time: "text null",
    time_created: "text",
    time_updated: "text",
    submitted_at: "text null",
  },
  purchase_lines: {
    purchase_trans_id: "number",
    purchase_global_id: "text",
    product_id: "number",
    ordered: "number",
    num_units: "number",
    cases_centi: "number",
    fob_micros: "number",
    deposit_cost_micros: "number",
    laid_in_cost_micros: "number",
    weight_centi: "number null",
    expiration_date: "text null",
    code_date: "text null",
    batch_code: "text null",
    pallet_tag: "text null",
    time_updated: "text",
  },
  draft_lines: {
    id: "number",
    purchase_global_id: "text",
    position: "number",
    product_id: "number",
    cases: "number null",
    units: "number null",
    num_units: "number",
    batch_code: "text null",
    expiration_date: "text null",
    needs_activation: "number",
    activation_task_id: "number null",
    cases_centi: "number",
  },
  api_keys: {
    key_hash: "text",
    key_prefix: "text",
    type: "text",
    company: "text",
    user_id: "number",
    created_at: "text",
    revoked_at: "text null",
    rate_limit: "number null",
  },
  api_key_customers: { key_hash: "text", customer_id: "number" },
  api_key_suppliers: { key_hash: "text", supplier_id: "number" },
  idempotency_keys: {
    key_hash: "text",
    idempotency_key: "text",
    fingerprint: "text",
    state: "text",
    status: "number null",
    headers: "text null",
    body: "text null",
    created_at: "text",
    claimed_at_ms: "number",
  },
  sandbox_counters: { name: "text", value: "number" },
} satisfies ColumnsOf<Database>;

/** Kysely's record of the migrations run: the migrations' own, not the schema's. */
const MIGRATOR_TABLES = ["kysely_migration", "kysely_migration_lock"];

describe("sandbox migrations", () => {
  it("create every table of the schema with its columns, and running them again changes nothing", async () => {
    const db = openSandboxDatabase(":memory:");
    const catalogue = () =>
      sql<{
        type: string;
        name: string;
        sql: string | null;
      }>`select type, name, sql from sqlite_master order by type, name`.execute(db);
    await migrateToLatest(db);
    const first = (await catalogue()).rows;
    await migrateToLatest(db);
    expect((await catalogue()).rows).toEqual(first);

    const tables = await sqliteTables(db, MIGRATOR_TABLES);
    expect(tables).toEqual(Object.keys(COLUMNS).sort());
    const found = await sqliteColumns(db, tables);
    expect(found).toEqual(expectedColumns(COLUMNS, found));
    await db.destroy();
  });

  it("enforce po_num unique per vendor", async () => {
    const db = openSandboxDatabase(":memory:");
    await migrateToLatest(db);
    const purchase = {
      source: "api",
      supplier_id: 1,
      vendor_id: 5,
      to_location_id: 1,
      po_num: "PO-1",
      status: "InProgress",
      time_created: "t",
      time_updated: "t",
    } as const;
    await db
      .insertInto("purchases")
      .values({ ...purchase, purchase_global_id: "a" })
      .execute();
    await expect(
      db
        .insertInto("purchases")
        .values({ ...purchase, purchase_global_id: "b" })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    await db
      .insertInto("purchases")
      .values({ ...purchase, purchase_global_id: "c", vendor_id: 6 })
      .execute();
    await db.destroy();
  });

  it("let a vendor go without MaxDOI from 004 on, keeping the vendors stored before", async () => {
    const db = openSandboxDatabase(":memory:");
    await migrateToLatest(db, "003-writes");
    const vendor = {
      vendor_id: 9001,
      location_id: 1,
      supplier_id: 101,
      vendor_name: "V",
      vendor_license_number: "C11-0000001-LIC",
      vendor_address: "1 Main St",
      vendor_address2: null,
      vendor_city: "Oakland",
      vendor_state: "CA",
      vendor_postal_code: "94601",
      lead_time_days: 5,
      target_doi: 21,
      max_doi: 40,
      require_po_batch_codes: 1,
      active: 1,
      time_updated: "t",
    } as const;
    await db.insertInto("vendors").values(vendor).execute();
    await expect(
      db
        .insertInto("vendors")
        .values({ ...vendor, vendor_id: 9002, max_doi: null })
        .execute(),
    ).rejects.toThrow(/NOT NULL/);
    await migrateToLatest(db);
    await db
      .insertInto("vendors")
      .values({ ...vendor, vendor_id: 9002, max_doi: null })
      .execute();
    expect(await db.selectFrom("vendors").select(["vendor_id", "max_doi"]).orderBy("vendor_id").execute()).toEqual([
      { vendor_id: 9001, max_doi: 40 },
      { vendor_id: 9002, max_doi: null },
    ]);
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = 'vendors' and sql is not null order by name`.execute(
      db,
    );
    expect(indexes.rows.map((r) => r.name)).toEqual(["vendors_location_id_idx", "vendors_supplier_id_idx"]);
    await db.destroy();
  });

  it("let a customer go without delivery days from 005 on, keeping the customers stored before with a lag of 0", async () => {
    const db = openSandboxDatabase(":memory:");
    await migrateToLatest(db, "004-optional-max-doi");
    const customer = {
      customer_id: 20001,
      location_id: 1,
      ar_account_id: 50001,
      customer_name: "Store",
      customer_name_alt: "Store LLC",
      chain_name: "Store",
      license_num: "C10-0000001-LIC",
      address: "1 Main St",
      state: "CA",
      sales_rep_user_id: 1002,
      delivery_minimum: 0,
      profile_picture_url: "assets/customers/20001.svg",
      collection_agent_full_name: null,
      collection_agent_email: null,
      on_hold: 0,
      delivery_days: "25",
      account_status: "Active",
      time_updated: "t",
    } as const;
    await db.insertInto("customers").values(customer).execute();
    await expect(
      db
        .insertInto("customers")
        .values({ ...customer, customer_id: 20002, ar_account_id: 50002, delivery_days: null })
        .execute(),
    ).rejects.toThrow(/NOT NULL/);
    await migrateToLatest(db);
    await db
      .insertInto("customers")
      .values({
        ...customer,
        customer_id: 20002,
        ar_account_id: 50002,
        delivery_days: null,
        delivery_dates_lag_days: 1,
      })
      .execute();
    expect(
      await db
        .selectFrom("customers")
        .select(["customer_id", "delivery_days", "delivery_dates_lag_days"])
        .orderBy("customer_id")
        .execute(),
    ).toEqual([
      { customer_id: 20001, delivery_days: "25", delivery_dates_lag_days: 0 },
      { customer_id: 20002, delivery_days: null, delivery_dates_lag_days: 1 },
    ]);
    // The unique AR account index came back with the table.
    await expect(
      db
        .insertInto("customers")
        .values({ ...customer, customer_id: 20003 })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = 'customers' and sql is not null order by name`.execute(
      db,
    );
    expect(indexes.rows.map((r) => r.name)).toEqual([
      "customers_account_status_idx",
      "customers_ar_account_id_idx",
      "customers_sales_rep_user_id_idx",
      "customers_state_idx",
    ]);
    await db.destroy();
  });

  it("keep data in a file database across a reopen, in WAL mode", async () => {
    const file = join(dir, "test.sqlite");
    const first = openSandboxDatabase(file);
    await migrateToLatest(first);
    await first.insertInto("sandbox_meta").values({ key: "seed", value: "42" }).execute();
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first);
    expect(mode.rows[0]?.journal_mode).toBe("wal");
    await first.destroy();
    const second = openSandboxDatabase(file);
    await migrateToLatest(second);
    expect(await second.selectFrom("sandbox_meta").selectAll().execute()).toEqual([{ key: "seed", value: "42" }]);
    await second.destroy();
  });
});
