import type { Generated } from "kysely";

/**
 * The sandbox's tables. Conventions, chosen so the same queries run on SQLite and PostgreSQL:
 * - money is an integer number of micro-units (`*_micros`, 1 = 0.000001), so sums are exact;
 * - other decimal quantities are integers in hundredths (`*_centi`) or whole units;
 * - booleans are 0 or 1; dates are `YYYY-MM-DD` text, timestamps ISO 8601 UTC text with milliseconds;
 * - list-valued fields live in junction tables, not JSON columns.
 * Columns are named after the API field they serve, in snake_case.
 */

type Bool = 0 | 1;

export interface MetaTable {
  key: string;
  value: string;
}

export interface StateTable {
  state: string;
  state_name: string;
  order_cut_off_time: string;
  time_zone: string;
  order_cut_off_days_in_advance: string;
  active: Bool;
  time_updated: string;
}

export interface LocationTable {
  location_id: number;
  location: string;
  dba: string;
  address: string;
  address2: string | null;
  address3: string | null;
  city: string;
  state: string;
  postal_code: string;
  time_updated: string;
}

export interface SupplierTable {
  supplier_id: number;
  supplier: string;
  state: string;
  description: string;
  brand_assets_url: string;
  supplier_website_url: string;
  active: Bool;
  time_updated: string;
}

/** The product groups a supplier sells under; a payment type exists per supplier and group. */
export interface SupplierProductGroupTable {
  supplier_id: number;
  product_group: string;
}

export interface ProductCategoryTable {
  product_category_id: number;
  category_name: string;
  sequence: number;
  time_updated: string;
}

export interface ProductTable {
  product_id: number;
  supplier_id: number;
  product_name: string;
  brand_id: number;
  brand_name: string;
  brand_family: string;
  brand_style: string;
  product_type_id: number;
  product_type_name: string;
  product_group_id: number;
  package_id: number;
  package_name: string;
  unit_net_weight: string;
  wholesale_units_per_case: number;
  svc_live_category_id: number;
  svc_menu_category: string;
  status_id: number;
  description: string;
  ingredients: string;
  thumbnail_image_url: string;
  full_size_image_url: string;
  potency: string;
  potency_thc: string | null;
  blend: string;
  strain_name: string | null;
  strain_id: number | null;
  flavor: string;
  state: string;
  supplier_product_number: string;
  is_sample: Bool;
  /** Sold by the full case only (InStock needs one case). */
  case_only: Bool;
  /** Minimum order in units for products not sold by the case (InStock needs this many). */
  min_order_units: number;
  /** Wholesale price of one unit. */
  unit_price_micros: number;
  time_updated: string;
}

export interface CreditTermTable {
  term_id: number;
  term: string;
  days_of_credit: number;
  account_on_hold: Bool;
  time_updated: string;
}

export interface CustomerTable {
  customer_id: number;
  /** The warehouse that serves the customer. */
  location_id: number;
  /** The customer's AR account (one per customer). */
  ar_account_id: number;
  customer_name: string;
  customer_name_alt: string;
  chain_name: string;
  license_num: string;
  address: string;
  state: string;
  sales_rep_user_id: number;
  delivery_minimum: number;
  profile_picture_url: string;
  collection_agent_full_name: string | null;
  collection_agent_email: string | null;
  on_hold: Bool;
  /**
   * Weekday numbers, 1 = Monday .. 7 = Sunday, as the ERP holds them: joined without separator ("25": Tuesday and
   * Friday), with commas ("2,5") or with semicolons in any order ("5;2"); null when the customer has no schedule.
   * Read them with `deliveryWeekdays` (`delivery.ts`).
   */
  delivery_days: string | null;
  account_status: "Active" | "Inactive" | "OutOfBus";
  time_updated: string;
  /**
   * How many days old the ERP sync's computation of the next delivery dates is: 0 (the dates after today), 1 (as of
   * the start of yesterday: from yesterday on, so a date that has passed may be listed first). Default 0.
   */
  delivery_dates_lag_days: Generated<number>;
}

export interface CustomerCreditTermTable {
  customer_id: number;
  supplier_id: number;
  term_id: number;
  time_updated: string;
}

export interface SupplierCreditTermTable {
  supplier_id: number;
  term_id: number;
  time_updated: string;
}

export interface UserTable {
  user_id: number;
  site_user_id: number;
  user_active: Bool;
  svc_live_access: Bool;
  power_user: Bool;
  email: string;
  full_name: string;
  role: "Customer" | "Supplier" | "Admin" | "DistributorRep";
  job_title: string | null;
  department: string | null;
}

export interface UserStateTable {
  user_id: number;
  state: string;
}
export interface UserCustomerTable {
  user_id: number;
  customer_id: number;
}
export interface UserSupplierTable {
  user_id: number;
  supplier_id: number;
}
export interface UserLocationTable {
  user_id: number;
  location_id: number;
}

/** A DistributorRep's product groups: 'Supplier' makes a Supplier Rep, any other a Territory Manager. */
export interface RepProductGroupTable {
  user_id: number;
  product_group: string;
}
/** The suppliers a Supplier Rep covers. (A Territory Manager's customers are those whose sales_rep_user_id is theirs.) */
export interface RepSupplierTable {
  user_id: number;
  supplier_id: number;
}

export interface InvoiceTable {
  invoice_id: number;
  invoice_num: string;
  customer_id: number;
  term_id: number;
  status: number;
  date: string;
  due_date: string;
  po_num: string | null;
  po_date: string | null;
  memo: string | null;
  ar_note: string | null;
  submitted_by_user_id: number;
  built_by_user_id: number;
  invoice_time_created: string;
  invoice_last_updated: string;
  revision_status: "Submitted" | "Importing" | "Accepted" | null;
  revision_updated_at: string | null;
  /** Sums over the lines, kept on the invoice because lines never change. */
  total_full_price_micros: number;
  total_ext_price_micros: number;
  total_discount_micros: number;
  total_num_units: number;
  total_cases_centi: number;
  /** InvoiceTotal: TotalExtPrice (no tax or fees in the sandbox). Negative for a credit (returned) invoice. */
  invoice_total_micros: number;
  /** What is still owed (positive) or still to be credited (negative); changes as payments are applied. */
  open_balance_micros: number;
}

export interface InvoiceLineTable {
  invoice_trans_id: number;
  invoice_id: number;
  customer_id: number;
  product_id: number;
  supplier_id: number;
  product_name: string;
  batch_code: string;
  num_units: number;
  ordered: number;
  back_order: number;
  cases_centi: number;
  full_price_micros: number;
  discount_micros: number;
  unit_price_micros: number;
  ext_price_micros: number;
  promotion_id: number | null;
  promotion_overridden: Bool;
  reason_id: number | null;
  reason: string | null;
  purchase_trans_id: number | null;
  coa_url: string | null;
  time_updated: string;
}

/** One invoice's total per supplier, for the supplier-portion rule on open invoices and AR aging. */
export interface InvoiceSupplierTotalTable {
  invoice_id: number;
  supplier_id: number;
  total_micros: number;
}

export interface ArAgingTable {
  ar_account_id: number;
  supplier_id: number;
  open_credit_micros: number;
  current_due_micros: number;
  due_1_30_micros: number;
  due_31_60_micros: number;
  due_61_90_micros: number;
  due_91_micros: number;
  total_balance_outstanding_micros: number;
  close_date: string;
  time_updated: string;
}

export interface ArAgingInvoiceTable {
  ar_account_id: number;
  supplier_id: number;
  bucket: "current" | "1_30" | "31_60" | "61_90" | "91" | "credit";
  invoice_id: number;
  invoice_num: string;
  open_balance_micros: number;
}

export interface PaymentTypeTable {
  payment_type_id: number;
  name: string;
  supplier_id: number | null;
  time_created: string;
  time_updated: string;
}

export interface PaymentTable {
  payment_id: number;
  payment_invoice_id: number;
  payment_invoice_num: string;
  ar_account_id: number;
  payment_type_id: number;
  supplier_id: number | null;
  load_sheet_status_id: number;
  memo: string;
  ar_note: string | null;
  /** Negative for a reversed payment. */
  amount_micros: number;
  post_date: string;
  time_created: string;
  time_updated: string;
}

export interface PaymentApplicationTable {
  id: Generated<number>;
  /** Set once confirmed in the ERP (and from the start for allocations applied directly in the ERP). */
  payment_application_id: number | null;
  /** Set for requests made through the API; null for allocations applied directly in the ERP. */
  request_id: number | null;
  payment_id: number;
  payment_invoice_num: string;
  target_invoice_id: number;
  target_invoice_num: string;
  ar_account_id: number;
  amount_micros: number;
  status: "Pending" | "Exported" | "Confirmed" | "Rejected";
  requested_by_user_id: number;
  applied_by: string | null;
  time_requested: string;
  time_exported: string | null;
  time_applied: string | null;
  time_confirmed: string | null;
  time_updated: string;
}

export interface InventoryTable {
  location_id: number;
  product_id: number;
  purchase_trans_id: number;
  /** Quantities in units. */
  inventory: number;
  received: number;
  loaded: number;
  picked: number;
  pending_sales: number;
  delivered: number;
  unsellable: number;
  pre_sales: number;
  allocated: number;
  not_authorized: Bool;
  doi_centi: number;
  avg_daily_sales_90d_centi: number;
  time_updated: string;
}

export interface InventoryBatchTable {
  location_id: number;
  product_id: number;
  supplier_id: number;
  purchase_trans_id: number;
  batch_code: string;
  uid: string;
  state: string;
  laboratory: string;
  potency_type: string;
  coa_url: string;
  expiration_date: string | null;
  best_by_date: string | null;
  harvest_date: string | null;
  manufacture_date: string | null;
  pack_date: string | null;
  coa_expiration_date: string | null;
  vintage: string | null;
  /** Potencies in hundredths of a percent or milligram, as the product's PotencyType says. */
  thc_potency_centi: number;
  cbd_potency_centi: number;
  total_cannabinoids_centi: number;
  label_thc_potency_centi: number;
  label_cbd_potency_centi: number;
  label_total_cannabinoids_centi: number;
  inventory_units: number;
  time_created: string;
  time_updated: string;
}

export interface RetailerInventoryTable {
  id: number;
  product_id: number;
  customer_id: number;
  inventory_centi: number;
  daily_sales_centi: number;
  last_inventory_date: string;
  time_updated: string;
}

export interface AllocationTable {
  allocation_id: number;
  product_id: number;
  customer_id: number;
  units: number;
  allocation_type_id: number;
  start_date: string;
  end_date: string;
  time_updated: string;
}

export interface PromotionTable {
  promotion_id: number;
  supplier_id: number;
  promotion_type_id: number;
  promotion_name: string;
  product_override_type: string;
  unit_price_micros: number;
  start_date: string;
  end_date: string;
  all_products: Bool;
  time_updated: string;
}
export interface PromotionStateTable {
  promotion_id: number;
  state: string;
}
export interface PromotionProductTable {
  promotion_id: number;
  product_id: number;
}

export interface MenuPromotionTable {
  menu_promotion_id: number;
  supplier_id: number;
  state: string;
  description: string;
  start_date: string;
  end_date: string;
  time_updated: string;
}

/** A supplier's vendor for one destination warehouse. */
export interface VendorTable {
  vendor_id: number;
  location_id: number;
  supplier_id: number;
  vendor_name: string;
  vendor_license_number: string;
  vendor_address: string;
  vendor_address2: string | null;
  vendor_city: string;
  vendor_state: string;
  vendor_postal_code: string;
  lead_time_days: number;
  target_doi: number;
  /** Null: no maximum (the record leaves MaxDOI out). */
  max_doi: number | null;
  require_po_batch_codes: Bool;
  active: Bool;
  time_updated: string;
}
export interface VendorPickupDayTable {
  vendor_id: number;
  location_id: number;
  /** Mon, Tue, ... */
  day: string;
  position: number;
}

/**
 * Purchases of both origins in one table: ERP-posted ones (source 'erp', numeric purchase_id from the start) and
 * purchase orders originated through the API (source 'api': drafts InProgress, then Submitted, then imported into
 * the ERP, when they get a purchase_id and move through the ERP statuses).
 */
export interface PurchaseTable {
  purchase_global_id: string;
  purchase_id: number | null;
  source: "erp" | "api";
  supplier_id: number;
  supplier_name: string | null;
  vendor_id: number;
  to_location_id: number;
  po_num: string;
  status: "New" | "Accepted" | "Received" | "Confirmed" | "Verified" | "InProgress" | "Submitted";
  delivery_date: string | null;
  shipment_id: number | null;
  shipment_num: string | null;
  receiving_num: string | null;
  public_pdf_link: string | null;
  memo: string | null;
  terms: string | null;
  term_id: number | null;
  freight_micros: number | null;
  tax_micros: number | null;
  other_cost_micros: number | null;
  purchase_pdf_url_api_key_id: number | null;
  created_by_user_id: number | null;
  receive_date: string | null;
  post_date: string | null;
  invoice_date: string | null;
  due_date: string | null;
  last_edit_time: string | null;
  last_calc_time: string | null;
  /** When an API purchase order was submitted: the import job takes them in this order. */
  submitted_at: string | null;
  time_created: string;
  time_updated: string;
}

/** A posted purchase line (PurchaseTransaction). */
export interface PurchaseLineTable {
  purchase_trans_id: number;
  purchase_global_id: string;
  product_id: number;
  ordered: number;
  num_units: number;
  cases_centi: number;
  fob_micros: number;
  deposit_cost_micros: number;
  laid_in_cost_micros: number;
  weight_centi: number | null;
  expiration_date: string | null;
  code_date: string | null;
  batch_code: string | null;
  pallet_tag: string | null;
  time_updated: string;
}

/** A line of a purchase order originated through the API, before the ERP import posts it. */
export interface DraftLineTable {
  id: Generated<number>;
  purchase_global_id: string;
  position: number;
  product_id: number;
  cases: number | null;
  units: number | null;
  num_units: number;
  /** num_units in cases (hundredths), kept so a purchase's total_cases is one sum. */
  cases_centi: Generated<number>;
  batch_code: string | null;
  expiration_date: string | null;
  needs_activation: Bool;
  activation_task_id: number | null;
}

export interface ApiKeyTable {
  /** SHA-256 of the key, hex. Keys are random and long, so a fast hash is enough; the key itself is never stored. */
  key_hash: string;
  /** The first characters, to tell keys apart in lists without storing them. */
  key_prefix: string;
  type: "Employee" | "Customer" | "Supplier";
  company: string;
  /** The user the key acts as (RequestedByUserID, created_by_user_id). */
  user_id: number;
  created_at: string;
  revoked_at: string | null;
  /** Requests per hour of this key; null: the environment's limit. */
  rate_limit: number | null;
}
export interface ApiKeyCustomerTable {
  key_hash: string;
  customer_id: number;
}
export interface ApiKeySupplierTable {
  key_hash: string;
  supplier_id: number;
}

/**
 * A claimed Idempotency-Key of one API key: `running` while the first request runs, then `done` with the stored answer.
 * `fingerprint` is a hash of method, path, query and body; `created_at` (sandbox time) starts the 24 hours it is kept.
 */
export interface IdempotencyKeyTable {
  key_hash: string;
  idempotency_key: string;
  fingerprint: string;
  state: "running" | "done";
  status: number | null;
  /** JSON object of the stored response headers. */
  headers: string | null;
  body: string | null;
  created_at: string;
  /** Real time (ms) of the claim: a claim left `running` by a crashed process is taken over after a while. */
  claimed_at_ms: number;
}

/** The last id handed out per kind of id the ERP numbers (request_id, purchase_id, ...). */
export interface CounterTable {
  name: string;
  value: number;
}

export interface Database {
  sandbox_meta: MetaTable;
  states: StateTable;
  locations: LocationTable;
  suppliers: SupplierTable;
  supplier_product_groups: SupplierProductGroupTable;
  product_categories: ProductCategoryTable;
  products: ProductTable;
  credit_terms: CreditTermTable;
  customers: CustomerTable;
  customer_credit_terms: CustomerCreditTermTable;
  supplier_credit_terms: SupplierCreditTermTable;
  users: UserTable;
  user_states: UserStateTable;
  user_customers: UserCustomerTable;
  user_suppliers: UserSupplierTable;
  user_locations: UserLocationTable;
  rep_product_groups: RepProductGroupTable;
  rep_suppliers: RepSupplierTable;
  invoices: InvoiceTable;
  invoice_lines: InvoiceLineTable;
  invoice_supplier_totals: InvoiceSupplierTotalTable;
  ar_aging: ArAgingTable;
  ar_aging_invoices: ArAgingInvoiceTable;
  payment_types: PaymentTypeTable;
  payments: PaymentTable;
  payment_applications: PaymentApplicationTable;
  inventory: InventoryTable;
  inventory_batches: InventoryBatchTable;
  retailer_inventory: RetailerInventoryTable;
  allocations: AllocationTable;
  promotions: PromotionTable;
  promotion_states: PromotionStateTable;
  promotion_products: PromotionProductTable;
  menu_promotions: MenuPromotionTable;
  vendors: VendorTable;
  vendor_pickup_days: VendorPickupDayTable;
  purchases: PurchaseTable;
  purchase_lines: PurchaseLineTable;
  draft_lines: DraftLineTable;
  api_keys: ApiKeyTable;
  api_key_customers: ApiKeyCustomerTable;
  api_key_suppliers: ApiKeySupplierTable;
  idempotency_keys: IdempotencyKeyTable;
  sandbox_counters: CounterTable;
}
