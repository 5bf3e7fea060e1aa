import { type Kysely, type Migration, type MigrationProvider, Migrator, type ColumnDataType, sql } from "kysely";

/**
 * Migrations, written with Kysely's schema builder so they run on SQLite and PostgreSQL alike.
 * `bigint` holds money in micro-units; `text` holds dates and timestamps; `integer` 0/1 holds booleans.
 */

type Column = [name: string, type: ColumnDataType, nullable?: "null"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

async function createTable(db: AnyDb, name: string, columns: Column[], primaryKey: string[]) {
  let builder = db.schema.createTable(name);
  for (const [column, type, nullable] of columns) {
    builder = builder.addColumn(column, type, (c) => (nullable ? c : c.notNull()));
  }
  await builder.addPrimaryKeyConstraint(`${name}_pk`, primaryKey as never[]).execute();
}

async function index(db: AnyDb, table: string, columns: string[], unique = false) {
  let builder = db.schema
    .createIndex(`${table}_${columns.join("_")}_idx`)
    .on(table)
    .columns(columns);
  if (unique) builder = builder.unique();
  await builder.execute();
}

const timeUpdated: Column = ["time_updated", "text"];

const initial: Migration = {
  async up(db: AnyDb) {
    await createTable(
      db,
      "sandbox_meta",
      [
        ["key", "text"],
        ["value", "text"],
      ],
      ["key"],
    );

    await createTable(
      db,
      "states",
      [
        ["state", "text"],
        ["state_name", "text"],
        ["order_cut_off_time", "text"],
        ["time_zone", "text"],
        ["order_cut_off_days_in_advance", "text"],
        ["active", "integer"],
        timeUpdated,
      ],
      ["state"],
    );

    await createTable(
      db,
      "locations",
      [
        ["location_id", "integer"],
        ["location", "text"],
        ["dba", "text"],
        ["address", "text"],
        ["address2", "text", "null"],
        ["address3", "text", "null"],
        ["city", "text"],
        ["state", "text"],
        ["postal_code", "text"],
        timeUpdated,
      ],
      ["location_id"],
    );
    await index(db, "locations", ["state"]);

    await createTable(
      db,
      "suppliers",
      [
        ["supplier_id", "integer"],
        ["supplier", "text"],
        ["state", "text"],
        ["description", "text"],
        ["brand_assets_url", "text"],
        ["supplier_website_url", "text"],
        ["active", "integer"],
        timeUpdated,
      ],
      ["supplier_id"],
    );
    await index(db, "suppliers", ["state"]);
    await createTable(
      db,
      "supplier_product_groups",
      [
        ["supplier_id", "integer"],
        ["product_group", "text"],
      ],
      ["supplier_id", "product_group"],
    );

    await createTable(
      db,
      "product_categories",
      [["product_category_id", "integer"], ["category_name", "text"], ["sequence", "integer"], timeUpdated],
      ["product_category_id"],
    );

    await createTable(
      db,
      "products",
      [
        ["product_id", "integer"],
        ["supplier_id", "integer"],
        ["product_name", "text"],
        ["brand_id", "integer"],
        ["brand_name", "text"],
        ["brand_family", "text"],
        ["brand_style", "text"],
        ["product_type_id", "integer"],
        ["product_type_name", "text"],
        ["product_group_id", "integer"],
        ["package_id", "integer"],
        ["package_name", "text"],
        ["unit_net_weight", "text"],
        ["wholesale_units_per_case", "integer"],
        ["svc_live_category_id", "integer"],
        ["svc_menu_category", "text"],
        ["status_id", "integer"],
        ["description", "text"],
        ["ingredients", "text"],
        ["thumbnail_image_url", "text"],
        ["full_size_image_url", "text"],
        ["potency", "text"],
        ["potency_thc", "text", "null"],
        ["blend", "text"],
        ["strain_name", "text", "null"],
        ["strain_id", "integer", "null"],
        ["flavor", "text"],
        ["state", "text"],
        ["supplier_product_number", "text"],
        ["is_sample", "integer"],
        ["case_only", "integer"],
        ["min_order_units", "integer"],
        ["unit_price_micros", "bigint"],
        timeUpdated,
      ],
      ["product_id"],
    );
    await index(db, "products", ["supplier_id"]);
    await index(db, "products", ["state"]);
    await index(db, "products", ["status_id"]);
    await index(db, "products", ["supplier_product_number"]);

    await createTable(
      db,
      "credit_terms",
      [
        ["term_id", "integer"],
        ["term", "text"],
        ["days_of_credit", "integer"],
        ["account_on_hold", "integer"],
        timeUpdated,
      ],
      ["term_id"],
    );

    await createTable(
      db,
      "customers",
      [
        ["customer_id", "integer"],
        ["location_id", "integer"],
        ["ar_account_id", "integer"],
        ["customer_name", "text"],
        ["customer_name_alt", "text"],
        ["chain_name", "text"],
        ["license_num", "text"],
        ["address", "text"],
        ["state", "text"],
        ["sales_rep_user_id", "integer"],
        ["delivery_minimum", "integer"],
        ["profile_picture_url", "text"],
        ["collection_agent_full_name", "text", "null"],
        ["collection_agent_email", "text", "null"],
        ["on_hold", "integer"],
        ["delivery_days", "text"],
        ["account_status", "text"],
        timeUpdated,
      ],
      ["customer_id"],
    );
    await index(db, "customers", ["ar_account_id"], true);
    await index(db, "customers", ["state"]);
    await index(db, "customers", ["account_status"]);
    await index(db, "customers", ["sales_rep_user_id"]);

    await createTable(
      db,
      "customer_credit_terms",
      [["customer_id", "integer"], ["supplier_id", "integer"], ["term_id", "integer"], timeUpdated],
      ["customer_id", "supplier_id"],
    );
    await index(db, "customer_credit_terms", ["supplier_id"]);
    await createTable(
      db,
      "supplier_credit_terms",
      [["supplier_id", "integer"], ["term_id", "integer"], timeUpdated],
      ["supplier_id", "term_id"],
    );

    await createTable(
      db,
      "users",
      [
        ["user_id", "integer"],
        ["site_user_id", "integer"],
        ["user_active", "integer"],
        ["svc_live_access", "integer"],
        ["power_user", "integer"],
        ["email", "text"],
        ["full_name", "text"],
        ["role", "text"],
        ["job_title", "text", "null"],
        ["department", "text", "null"],
      ],
      ["user_id"],
    );
    await index(db, "users", ["role"]);
    await createTable(
      db,
      "user_states",
      [
        ["user_id", "integer"],
        ["state", "text"],
      ],
      ["user_id", "state"],
    );
    await index(db, "user_states", ["state"]);
    await createTable(
      db,
      "user_customers",
      [
        ["user_id", "integer"],
        ["customer_id", "integer"],
      ],
      ["user_id", "customer_id"],
    );
    await index(db, "user_customers", ["customer_id"]);
    await createTable(
      db,
      "user_suppliers",
      [
        ["user_id", "integer"],
        ["supplier_id", "integer"],
      ],
      ["user_id", "supplier_id"],
    );
    await index(db, "user_suppliers", ["supplier_id"]);
    await createTable(
      db,
      "user_locations",
      [
        ["user_id", "integer"],
        ["location_id", "integer"],
      ],
      ["user_id", "location_id"],
    );
    await createTable(
      db,
      "rep_product_groups",
      [
        ["user_id", "integer"],
        ["product_group", "text"],
      ],
      ["user_id", "product_group"],
    );
    await index(db, "rep_product_groups", ["product_group"]);
    await createTable(
      db,
      "rep_suppliers",
      [
        ["user_id", "integer"],
        ["supplier_id", "integer"],
      ],
      ["user_id", "supplier_id"],
    );
    await index(db, "rep_suppliers", ["supplier_id"]);

    await createTable(
      db,
      "invoices",
      [
        ["invoice_id", "integer"],
        ["invoice_num", "text"],
        ["customer_id", "integer"],
        ["term_id", "integer"],
        ["status", "integer"],
        ["date", "text"],
        ["due_date", "text"],
        ["po_num", "text", "null"],
        ["po_date", "text", "null"],
        ["memo", "text", "null"],
        ["ar_note", "text", "null"],
        ["submitted_by_user_id", "integer"],
        ["built_by_user_id", "integer"],
        ["invoice_time_created", "text"],
        ["invoice_last_updated", "text"],
        ["revision_status", "text", "null"],
        ["revision_updated_at", "text", "null"],
        ["total_full_price_micros", "bigint"],
        ["total_ext_price_micros", "bigint"],
        ["total_discount_micros", "bigint"],
        ["total_num_units", "integer"],
        ["total_cases_centi", "integer"],
        ["invoice_total_micros", "bigint"],
        ["open_balance_micros", "bigint"],
      ],
      ["invoice_id"],
    );
    await index(db, "invoices", ["invoice_num"], true);
    await index(db, "invoices", ["customer_id", "status", "date"]);
    await index(db, "invoices", ["status", "date"]);
    await index(db, "invoices", ["date"]);

    await createTable(
      db,
      "invoice_lines",
      [
        ["invoice_trans_id", "integer"],
        ["invoice_id", "integer"],
        ["customer_id", "integer"],
        ["product_id", "integer"],
        ["supplier_id", "integer"],
        ["product_name", "text"],
        ["batch_code", "text"],
        ["num_units", "integer"],
        ["ordered", "integer"],
        ["back_order", "integer"],
        ["cases_centi", "integer"],
        ["full_price_micros", "bigint"],
        ["discount_micros", "bigint"],
        ["unit_price_micros", "bigint"],
        ["ext_price_micros", "bigint"],
        ["promotion_id", "integer", "null"],
        ["promotion_overridden", "integer"],
        ["reason_id", "integer", "null"],
        ["reason", "text", "null"],
        ["purchase_trans_id", "integer", "null"],
        ["coa_url", "text", "null"],
        timeUpdated,
      ],
      ["invoice_trans_id"],
    );
    await index(db, "invoice_lines", ["invoice_id"]);
    await index(db, "invoice_lines", ["supplier_id", "invoice_id"]);

    await createTable(
      db,
      "invoice_supplier_totals",
      [
        ["invoice_id", "integer"],
        ["supplier_id", "integer"],
        ["total_micros", "bigint"],
      ],
      ["invoice_id", "supplier_id"],
    );
    await index(db, "invoice_supplier_totals", ["supplier_id"]);

    await createTable(
      db,
      "ar_aging",
      [
        ["ar_account_id", "integer"],
        ["supplier_id", "integer"],
        ["open_credit_micros", "bigint"],
        ["current_due_micros", "bigint"],
        ["due_1_30_micros", "bigint"],
        ["due_31_60_micros", "bigint"],
        ["due_61_90_micros", "bigint"],
        ["due_91_micros", "bigint"],
        ["total_balance_outstanding_micros", "bigint"],
        ["close_date", "text"],
        timeUpdated,
      ],
      ["ar_account_id", "supplier_id"],
    );
    await index(db, "ar_aging", ["supplier_id"]);
    await createTable(
      db,
      "ar_aging_invoices",
      [
        ["ar_account_id", "integer"],
        ["supplier_id", "integer"],
        ["bucket", "text"],
        ["invoice_id", "integer"],
        ["invoice_num", "text"],
        ["open_balance_micros", "bigint"],
      ],
      ["ar_account_id", "supplier_id", "invoice_id"],
    );

    await createTable(
      db,
      "payment_types",
      [
        ["payment_type_id", "integer"],
        ["name", "text"],
        ["supplier_id", "integer", "null"],
        ["time_created", "text"],
        timeUpdated,
      ],
      ["payment_type_id"],
    );
    await index(db, "payment_types", ["supplier_id"]);

    await createTable(
      db,
      "payments",
      [
        ["payment_id", "integer"],
        ["payment_invoice_id", "integer"],
        ["payment_invoice_num", "text"],
        ["ar_account_id", "integer"],
        ["payment_type_id", "integer"],
        ["supplier_id", "integer", "null"],
        ["load_sheet_status_id", "integer"],
        ["memo", "text"],
        ["ar_note", "text", "null"],
        ["amount_micros", "bigint"],
        ["post_date", "text"],
        ["time_created", "text"],
        timeUpdated,
      ],
      ["payment_id"],
    );
    await index(db, "payments", ["payment_invoice_num"], true);
    await index(db, "payments", ["ar_account_id"]);
    await index(db, "payments", ["supplier_id"]);

    await db.schema
      .createTable("payment_applications")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("payment_application_id", "integer")
      .addColumn("request_id", "integer")
      .addColumn("payment_id", "integer", (c) => c.notNull())
      .addColumn("payment_invoice_num", "text", (c) => c.notNull())
      .addColumn("target_invoice_id", "integer", (c) => c.notNull())
      .addColumn("target_invoice_num", "text", (c) => c.notNull())
      .addColumn("ar_account_id", "integer", (c) => c.notNull())
      .addColumn("amount_micros", "bigint", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("requested_by_user_id", "integer", (c) => c.notNull())
      .addColumn("applied_by", "text")
      .addColumn("time_requested", "text", (c) => c.notNull())
      .addColumn("time_exported", "text")
      .addColumn("time_applied", "text")
      .addColumn("time_confirmed", "text")
      .addColumn("time_updated", "text", (c) => c.notNull())
      .execute();
    await index(db, "payment_applications", ["payment_id", "status"]);
    await index(db, "payment_applications", ["ar_account_id"]);
    await index(db, "payment_applications", ["request_id"], true);
    await index(db, "payment_applications", ["status"]);

    await createTable(
      db,
      "inventory",
      [
        ["location_id", "integer"],
        ["product_id", "integer"],
        ["purchase_trans_id", "integer"],
        ["inventory", "integer"],
        ["received", "integer"],
        ["loaded", "integer"],
        ["picked", "integer"],
        ["pending_sales", "integer"],
        ["delivered", "integer"],
        ["unsellable", "integer"],
        ["pre_sales", "integer"],
        ["allocated", "integer"],
        ["not_authorized", "integer"],
        ["doi_centi", "integer"],
        ["avg_daily_sales_90d_centi", "integer"],
        timeUpdated,
      ],
      ["location_id", "product_id"],
    );
    await index(db, "inventory", ["product_id"]);

    await createTable(
      db,
      "inventory_batches",
      [
        ["location_id", "integer"],
        ["product_id", "integer"],
        ["supplier_id", "integer"],
        ["purchase_trans_id", "integer"],
        ["batch_code", "text"],
        ["uid", "text"],
        ["state", "text"],
        ["laboratory", "text"],
        ["potency_type", "text"],
        ["coa_url", "text"],
        ["expiration_date", "text", "null"],
        ["best_by_date", "text", "null"],
        ["harvest_date", "text", "null"],
        ["manufacture_date", "text", "null"],
        ["pack_date", "text", "null"],
        ["coa_expiration_date", "text", "null"],
        ["vintage", "text", "null"],
        ["thc_potency_centi", "integer"],
        ["cbd_potency_centi", "integer"],
        ["total_cannabinoids_centi", "integer"],
        ["label_thc_potency_centi", "integer"],
        ["label_cbd_potency_centi", "integer"],
        ["label_total_cannabinoids_centi", "integer"],
        ["inventory_units", "integer"],
        ["time_created", "text"],
        timeUpdated,
      ],
      ["location_id", "product_id", "purchase_trans_id", "batch_code"],
    );
    await index(db, "inventory_batches", ["supplier_id"]);
    await index(db, "inventory_batches", ["product_id"]);
    await index(db, "inventory_batches", ["batch_code"]);

    await createTable(
      db,
      "retailer_inventory",
      [
        ["id", "integer"],
        ["product_id", "integer"],
        ["customer_id", "integer"],
        ["inventory_centi", "integer"],
        ["daily_sales_centi", "integer"],
        ["last_inventory_date", "text"],
        timeUpdated,
      ],
      ["id"],
    );
    await index(db, "retailer_inventory", ["customer_id"]);
    await index(db, "retailer_inventory", ["product_id"]);

    await createTable(
      db,
      "allocations",
      [
        ["allocation_id", "integer"],
        ["product_id", "integer"],
        ["customer_id", "integer"],
        ["units", "integer"],
        ["allocation_type_id", "integer"],
        ["start_date", "text"],
        ["end_date", "text"],
        timeUpdated,
      ],
      ["allocation_id", "product_id", "customer_id"],
    );
    await index(db, "allocations", ["customer_id"]);
    await index(db, "allocations", ["product_id"]);

    await createTable(
      db,
      "promotions",
      [
        ["promotion_id", "integer"],
        ["supplier_id", "integer"],
        ["promotion_type_id", "integer"],
        ["promotion_name", "text"],
        ["product_override_type", "text"],
        ["unit_price_micros", "bigint"],
        ["start_date", "text"],
        ["end_date", "text"],
        ["all_products", "integer"],
        timeUpdated,
      ],
      ["promotion_id"],
    );
    await index(db, "promotions", ["supplier_id"]);
    await createTable(
      db,
      "promotion_states",
      [
        ["promotion_id", "integer"],
        ["state", "text"],
      ],
      ["promotion_id", "state"],
    );
    await index(db, "promotion_states", ["state"]);
    await createTable(
      db,
      "promotion_products",
      [
        ["promotion_id", "integer"],
        ["product_id", "integer"],
      ],
      ["promotion_id", "product_id"],
    );
    await index(db, "promotion_products", ["product_id"]);

    await createTable(
      db,
      "menu_promotions",
      [
        ["menu_promotion_id", "integer"],
        ["supplier_id", "integer"],
        ["state", "text"],
        ["description", "text"],
        ["start_date", "text"],
        ["end_date", "text"],
        timeUpdated,
      ],
      ["menu_promotion_id"],
    );
    await index(db, "menu_promotions", ["supplier_id"]);

    await createTable(
      db,
      "vendors",
      [
        ["vendor_id", "integer"],
        ["location_id", "integer"],
        ["supplier_id", "integer"],
        ["vendor_name", "text"],
        ["vendor_license_number", "text"],
        ["vendor_address", "text"],
        ["vendor_address2", "text", "null"],
        ["vendor_city", "text"],
        ["vendor_state", "text"],
        ["vendor_postal_code", "text"],
        ["lead_time_days", "integer"],
        ["target_doi", "integer"],
        ["max_doi", "integer"],
        ["require_po_batch_codes", "integer"],
        ["active", "integer"],
        timeUpdated,
      ],
      ["vendor_id", "location_id"],
    );
    await index(db, "vendors", ["supplier_id"]);
    await createTable(
      db,
      "vendor_pickup_days",
      [
        ["vendor_id", "integer"],
        ["location_id", "integer"],
        ["day", "text"],
        ["position", "integer"],
      ],
      ["vendor_id", "location_id", "day"],
    );

    await createTable(
      db,
      "purchases",
      [
        ["purchase_global_id", "text"],
        ["purchase_id", "integer", "null"],
        ["source", "text"],
        ["supplier_id", "integer"],
        ["supplier_name", "text", "null"],
        ["vendor_id", "integer"],
        ["to_location_id", "integer"],
        ["po_num", "text"],
        ["status", "text"],
        ["delivery_date", "text", "null"],
        ["shipment_id", "integer", "null"],
        ["shipment_num", "text", "null"],
        ["receiving_num", "text", "null"],
        ["public_pdf_link", "text", "null"],
        ["memo", "text", "null"],
        ["terms", "text", "null"],
        ["term_id", "integer", "null"],
        ["freight_micros", "bigint", "null"],
        ["tax_micros", "bigint", "null"],
        ["other_cost_micros", "bigint", "null"],
        ["purchase_pdf_url_api_key_id", "integer", "null"],
        ["created_by_user_id", "integer", "null"],
        ["receive_date", "text", "null"],
        ["post_date", "text", "null"],
        ["invoice_date", "text", "null"],
        ["due_date", "text", "null"],
        ["last_edit_time", "text", "null"],
        ["last_calc_time", "text", "null"],
        ["time_created", "text"],
        timeUpdated,
      ],
      ["purchase_global_id"],
    );
    await index(db, "purchases", ["purchase_id"], true);
    // po_num is unique per vendor: the database settles a race between two creates of the same number.
    await index(db, "purchases", ["vendor_id", "po_num"], true);
    await index(db, "purchases", ["supplier_id", "status"]);
    await index(db, "purchases", ["to_location_id"]);
    await index(db, "purchases", ["post_date"]);

    await createTable(
      db,
      "purchase_lines",
      [
        ["purchase_trans_id", "integer"],
        ["purchase_global_id", "text"],
        ["product_id", "integer"],
        ["ordered", "integer"],
        ["num_units", "integer"],
        ["cases_centi", "integer"],
        ["fob_micros", "bigint"],
        ["deposit_cost_micros", "bigint"],
        ["laid_in_cost_micros", "bigint"],
        ["weight_centi", "integer", "null"],
        ["expiration_date", "text", "null"],
        ["code_date", "text", "null"],
        ["batch_code", "text", "null"],
        ["pallet_tag", "text", "null"],
        timeUpdated,
      ],
      ["purchase_trans_id"],
    );
    await index(db, "purchase_lines", ["purchase_global_id"]);

    await db.schema
      .createTable("draft_lines")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("purchase_global_id", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("product_id", "integer", (c) => c.notNull())
      .addColumn("cases", "real")
      .addColumn("units", "real")
      .addColumn("num_units", "integer", (c) => c.notNull())
      .addColumn("batch_code", "text")
      .addColumn("expiration_date", "text")
      .addColumn("needs_activation", "integer", (c) => c.notNull())
      .addColumn("activation_task_id", "integer")
      .execute();
    await index(db, "draft_lines", ["purchase_global_id", "position"]);

    await createTable(
      db,
      "api_keys",
      [
        ["key_hash", "text"],
        ["key_prefix", "text"],
        ["type", "text"],
        ["company", "text"],
        ["user_id", "integer"],
        ["created_at", "text"],
        ["revoked_at", "text", "null"],
      ],
      ["key_hash"],
    );
    await createTable(
      db,
      "api_key_customers",
      [
        ["key_hash", "text"],
        ["customer_id", "integer"],
      ],
      ["key_hash", "customer_id"],
    );
    await createTable(
      db,
      "api_key_suppliers",
      [
        ["key_hash", "text"],
        ["supplier_id", "integer"],
      ],
      ["key_hash", "supplier_id"],
    );
  },
};

/** Indexes for the remaining filters of the API (payment type, payment and target invoice numbers, destinations). */
const filterIndexes: Migration = {
  async up(db: AnyDb) {
    await index(db, "payments", ["payment_type_id"]);
    await index(db, "payment_applications", ["payment_invoice_num"]);
    await index(db, "payment_applications", ["target_invoice_num"]);
    await index(db, "vendors", ["location_id"]);
    await index(db, "menu_promotions", ["state"]);
    await index(db, "allocations", ["allocation_id"]);
  },
};

/**
 * What writes need: stored answers of idempotent requests, counters for the ids the ERP hands out, the case count of a
 * draft line (kept so totals need no join), and when a purchase order was submitted (the import job's queue order).
 */
const writes: Migration = {
  async up(db: AnyDb) {
    await createTable(
      db,
      "idempotency_keys",
      [
        ["key_hash", "text"],
        ["idempotency_key", "text"],
        ["fingerprint", "text"],
        ["state", "text"],
        ["status", "integer", "null"],
        ["headers", "text", "null"],
        ["body", "text", "null"],
        ["created_at", "text"],
        ["claimed_at_ms", "bigint"],
      ],
      ["key_hash", "idempotency_key"],
    );
    await index(db, "idempotency_keys", ["created_at"]);
    await createTable(
      db,
      "sandbox_counters",
      [
        ["name", "text"],
        ["value", "bigint"],
      ],
      ["name"],
    );
    await db.schema
      .alterTable("draft_lines")
      .addColumn("cases_centi", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("purchases").addColumn("submitted_at", "text").execute();
    await index(db, "purchases", ["status"]);
  },
};

/**
 * A vendor may have no MaxDOI (no cap on its orders): `vendors.max_doi` admits null, and `/vendors` then leaves the field
 * out, as the live service leaves out what a record does not have. SQLite cannot drop a NOT NULL in place, so the table
 * is rebuilt with its rows and indexes (PostgreSQL would take `alter column max_doi drop not null`).
 */
const optionalMaxDoi: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("vendors").renameTo("vendors_before_004").execute();
    const columns: Column[] = [
      ["vendor_id", "integer"],
      ["location_id", "integer"],
      ["supplier_id", "integer"],
      ["vendor_name", "text"],
      ["vendor_license_number", "text"],
      ["vendor_address", "text"],
      ["vendor_address2", "text", "null"],
      ["vendor_city", "text"],
      ["vendor_state", "text"],
      ["vendor_postal_code", "text"],
      ["lead_time_days", "integer"],
      ["target_doi", "integer"],
      ["max_doi", "integer", "null"],
      ["require_po_batch_codes", "integer"],
      ["active", "integer"],
      timeUpdated,
    ];
    await createTable(db, "vendors", columns, ["vendor_id", "location_id"]);
    const names = sql.join(columns.map(([name]) => sql.ref(name)));
    await sql`insert into vendors (${names}) select ${names} from vendors_before_004`.execute(db);
    // Dropping the old table drops its indexes, whose names the new table's take.
    await db.schema.dropTable("vendors_before_004").execute();
    await index(db, "vendors", ["supplier_id"]);
    await index(db, "vendors", ["location_id"]);
  },
};

/**
 * A customer's delivery schedule as the live service has it: `customers.delivery_days` admits null (no schedule; the
 * field notes saw `null` for about 5 % of customers), and `delivery_dates_lag_days` says how many days old the ERP
 * sync's computation of the customer's next delivery dates is (0: computed today; 1: as of the start of yesterday, so
 * yesterday's date may still be listed first). The table is rebuilt with its rows and its four indexes, as 004 does
 * for vendors; rows stored before keep their days and get a lag of 0.
 */
const deliverySchedule: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("customers").renameTo("customers_before_005").execute();
    const columns: Column[] = [
      ["customer_id", "integer"],
      ["location_id", "integer"],
      ["ar_account_id", "integer"],
      ["customer_name", "text"],
      ["customer_name_alt", "text"],
      ["chain_name", "text"],
      ["license_num", "text"],
      ["address", "text"],
      ["state", "text"],
      ["sales_rep_user_id", "integer"],
      ["delivery_minimum", "integer"],
      ["profile_picture_url", "text"],
      ["collection_agent_full_name", "text", "null"],
      ["collection_agent_email", "text", "null"],
      ["on_hold", "integer"],
      ["delivery_days", "text", "null"],
      ["account_status", "text"],
      timeUpdated,
    ];
    await createTable(db, "customers", columns, ["customer_id"]);
    const names = sql.join(columns.map(([name]) => sql.ref(name)));
    await sql`insert into customers (${names}) select ${names} from customers_before_005`.execute(db);
    // Dropping the old table drops its indexes, whose names the new table's take.
    await db.schema.dropTable("customers_before_005").execute();
    await index(db, "customers", ["ar_account_id"], true);
    await index(db, "customers", ["state"]);
    await index(db, "customers", ["account_status"]);
    await index(db, "customers", ["sales_rep_user_id"]);
    await db.schema
      .alterTable("customers")
      .addColumn("delivery_dates_lag_days", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

/**
 * A key's own hourly limit (`api_keys.rate_limit`, null: the environment's, `SANDBOX_RATE_LIMIT`): the operator's answer
 * to a caller who asked for more volume, as the documentation tells such callers to.
 */
const keyRateLimit: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("api_keys").addColumn("rate_limit", "integer").execute();
  },
};

const MIGRATIONS: Record<string, Migration> = {
  "001-initial": initial,
  "002-filter-indexes": filterIndexes,
  "003-writes": writes,
  "004-optional-max-doi": optionalMaxDoi,
  "005-delivery-schedule": deliverySchedule,
  "006-key-rate-limit": keyRateLimit,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings a database up to the newest schema, or up to the migration named (tests of a migration's upgrade). */
export async function migrateToLatest(db: AnyDb, upTo?: string): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await (upTo === undefined ? migrator.migrateToLatest() : migrator.migrateTo(upTo));
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`sandbox migration ${failed ?? ""} failed: ${String(error)}`, { cause: error });
  }
}
