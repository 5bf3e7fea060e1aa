import "server-only";
import type { Generated } from "kysely";

/**
 * Backroom's own tables, as Kysely sees them. Conventions, so the same queries run on SQLite and PostgreSQL:
 * timestamps are ISO 8601 UTC text with milliseconds (they sort as text), and binary values (iv, ciphertext, tag) are
 * base64url text, since `blob` and `bytea` differ between the two. The tables themselves are made by `migrations.ts`.
 */

/**
 * One entry of the audit trail (`lib/server/core/audit/`): a write made through Backroom, a sign-in or sign-out, a key
 * added or removed, a member invited, changed or removed. Append-only: the columns up to `idempotency_key` never change once written (a trigger refuses it); what
 * Backroom learns later (the API's answer, then the outcome) fills the rest in. Never the key: its fingerprint (the
 * HMAC the session store keeps), label, type and scope. JSON columns are text.
 */
export interface AuditEventTable {
  /** Generated: an identity (PostgreSQL, read back as a string) or SQLite's rowid. */
  id: Generated<number | string>;
  at: string;
  event: string;
  operation: string | null;
  environment: string | null;
  key_fingerprint: string | null;
  key_label: string | null;
  key_type: string | null;
  key_scope: string | null;
  /** SHA-256 of the session's id (better-auth's since 003; the ring's before): entries of one session, told together. */
  session_hash: string | null;
  client_address: string;
  reference_json: string;
  idempotency_key: string | null;
  request_id: string | null;
  upstream_status: number | null;
  result: string;
  answer_json: string;
  outcome: string | null;
  outcome_final: Generated<number>;
  outcome_at: string | null;
  /** Who (migration 004): the person's better-auth user id and email at the time, and the workspace. */
  user_id: string | null;
  user_email: string | null;
  workspace_id: string | null;
}

/**
 * A workspace's Data API key (a workspace is better-auth's organization, `auth_organization`): metadata in clear, the
 * key AES-256-GCM encrypted under the secret `secret_id` (`session/key-crypto.ts`).
 */
export interface WorkspaceKeyTable {
  id: string;
  workspace_id: string;
  environment: string;
  key_type: string;
  label: string;
  scope_json: string;
  hint: string;
  fingerprint: string;
  secret_id: string;
  iv: string;
  ciphertext: string;
  tag: string;
  added_at: string;
  /** The user who added it (better-auth's user id). */
  added_by: string | null;
  last_used_at: string | null;
  /** An Employee key's history (issue 30): null or "linked-reps", the linked reps' accounts; "distributor", every account's. */
  history_scope: string | null;
}

/** The key a person works with in a workspace. */
export interface WorkspaceActiveKeyTable {
  user_id: string;
  workspace_id: string;
  key_id: string;
}

/**
 * A background job of the embedded profile (`lib/server/core/jobs/table-store.ts`, migration 006); on PostgreSQL pg-boss
 * keeps the jobs in its own schema and this table stays empty. `state`: queued (never started), retry (waiting after a
 * throw), active (leased to `locked_by` until `locked_until`), done, failed. `data` is JSON.
 */
export interface JobTable {
  id: string;
  kind: string;
  /** At most one queued job per kind and key (a unique index). */
  key: string | null;
  data: string;
  state: string;
  /** Runs begun: 1 during the first. */
  attempt: number;
  retry_limit: number;
  retry_delay_seconds: number;
  /** Not before then (a delay, a retry's backoff). */
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  created_at: string;
  finished_at: string | null;
  /** The last run's error message. */
  error: string | null;
}

/** The secret of an invitation's link (migration 022, `auth/invitation-links.ts`): its SHA-256, never the secret. */
export interface InvitationLinkTable {
  invitation_id: string;
  secret_hash: string;
  created_at: string;
}

/** An effect claimed once (`lib/server/core/jobs/effect-ledger.ts`, migration 006): `running`, then `done`. */
export interface JobEffectTable {
  key: string;
  state: string;
  at: string;
}

/** Every table of Backroom's own. */
export interface BackroomDatabase {
  audit_events: AuditEventTable;
  workspace_keys: WorkspaceKeyTable;
  workspace_active_keys: WorkspaceActiveKeyTable;
  jobs: JobTable;
  job_effects: JobEffectTable;
  notifications: NotificationTable;
  notification_settings: NotificationSettingTable;
  notification_people: NotificationPersonTable;
  watch_holds: WatchHoldTable;
  saved_views: SavedViewTable;
  report_schedules: ReportScheduleTable;
  report_recipients: ReportRecipientTable;
  history_invoices: HistoryInvoiceTable;
  history_lines: HistoryLineTable;
  history_promotions: HistoryPromotionTable;
  history_reps: HistoryRepTable;
  history_products: HistoryProductTable;
  history_shelf: HistoryShelfTable;
  history_customers: HistoryCustomerTable;
  history_suppliers: HistorySupplierTable;
  history_state: HistoryStateTable;
  statement_schedules: StatementScheduleTable;
  statement_optouts: StatementOptoutTable;
  collections_pages: CollectionsPageTable;
  collections_accounts: CollectionsAccountTable;
  collections_state: CollectionsStateTable;
  collections_aging: CollectionsAgingTable;
  visit_notes: VisitNoteTable;
  accounting_mappings: AccountingMappingTable;
  accounting_exports: AccountingExportTable;
  accounting_exported: AccountingExportedTable;
  accounting_schedules: AccountingScheduleTable;
  accounting_optouts: AccountingOptoutTable;
  menu_links: MenuLinkTable;
  order_lists: OrderListTable;
  order_list_contacts: OrderListContactTable;
  invitation_links: InvitationLinkTable;
}

/** A workspace's mapping to its books (migration 018, `lib/server/accounting/`): `AccountingMapping` as JSON. */
export interface AccountingMappingTable {
  workspace_id: string;
  mapping_json: string;
  updated_by: string;
  updated_at: string;
}

/** An export remembered (marked): a download of the page, a `mark=1` GET, or a scheduled mail. */
export interface AccountingExportTable {
  id: string;
  workspace_id: string;
  /** The key's environment: "test" or "production". */
  environment: string;
  /** "bills" or "payments". */
  kind: string;
  format: string;
  period_from: string;
  period_to: string;
  file_name: string;
  records: number;
  /** The file's total, whole cents, as text (a BigInt). */
  total_cents: string;
  /** Who downloaded it; null: the schedule mailed it. */
  made_by: string | null;
  made_at: string;
}

/** An invoice (kind "bills", by its InvoiceID) or an allocation ("payments") an export held, as it held it. */
export interface AccountingExportedTable {
  workspace_id: string;
  environment: string;
  kind: string;
  record_key: string;
  fingerprint: string;
  export_id: string;
  exported_at: string;
}

/** A workspace key's exports by email (migration 018). */
export interface AccountingScheduleTable {
  id: string;
  workspace_id: string;
  key_id: string;
  /** "weekly" or "monthly". */
  cadence: string;
  /** Weekly: 1 (Monday) to 7; monthly: 1 to 28. */
  day: number;
  local_time: string;
  time_zone: string;
  /** The formats mailed, comma-separated. */
  formats: string;
  created_by: string;
  created_at: string;
  next_run_at: string;
  last_run_at: string | null;
  last_records: number | null;
  last_mailed: number | null;
  last_error: string | null;
}

/** A member who left a key's export mails (their mail's unsubscribe link). */
export interface AccountingOptoutTable {
  schedule_id: string;
  user_id: string;
}

/**
 * A member's note on a customer (migration 017, `lib/server/notes/`), in a workspace and the key's environment.
 * Append-only: a deleted note keeps its row (its Idempotency-Key still answers for it) with its text emptied.
 */
export interface VisitNoteTable {
  id: string;
  workspace_id: string;
  /** "test" or "production": the environment of the key the note was written with. */
  environment: string;
  /** The Data API's CustomerID. */
  customer_id: number;
  text: string;
  author_id: string;
  /** The author's name when they wrote it. */
  author_name: string;
  created_at: string;
  idempotency_key: string | null;
  /** SHA-256 of what the POST asked for (environment, customer, author, text), to tell a replay from a reuse. */
  request_hash: string;
  deleted_at: string | null;
  deleted_by: string | null;
}

/** A key's synced invoice (migration 011, `lib/server/insights/`). */
export interface HistoryInvoiceTable {
  key_id: string;
  invoice_id: number;
  customer_id: number;
  invoice_num: string;
  customer_name: string;
  date: string;
  status: number;
}

/** A key's synced invoice line (migration 011): units and the exact decimal revenue. */
export interface HistoryLineTable {
  key_id: string;
  line_id: number;
  invoice_id: number;
  customer_id: number;
  product_id: number;
  supplier_id: number;
  product_name: string;
  num_units: number;
  ext_price: string;
  /** `PromotionID` (migration 019): null for none, and for a line read before it. */
  promotion_id: number | null;
  /** `Discount` per unit, a decimal string (migration 019): null for a line read before it. */
  discount: string | null;
}

/** A promotion of the key's (`/promotionsProducts`, migration 019), replaced whole by each walk that read it. */
export interface HistoryPromotionTable {
  key_id: string;
  promotion_id: number;
  name: string;
  /** YYYY-MM-DD. */
  start_date: string;
  end_date: string;
  /** 1 for `AllProducts`. */
  all_products: number;
  product_ids_json: string;
  states_json: string;
}

/** An active product of the key's (migration 011), with its group (`ProductTypeName`). */
export interface HistoryProductTable {
  key_id: string;
  product_id: number;
  name: string;
  product_group: string;
  supplier_id: number;
}

/** A supplier by name (migration 011): an Employee key's history names the suppliers its lines are of. */
export interface HistorySupplierTable {
  key_id: string;
  supplier_id: number;
  name: string;
}

/** A retailer the key sees (migration 011, `/customers`), with its covering rep and its state's time zone. */
export interface HistoryCustomerTable {
  key_id: string;
  customer_id: number;
  name: string;
  state: string | null;
  time_zone: string | null;
  rep_user_id: number | null;
  rep_name: string | null;
}

/** A retailer's stock of one of the key's products as last counted (migration 011, `/retailerInventory`). */
export interface HistoryShelfTable {
  key_id: string;
  customer_id: number;
  product_id: number;
  inventory: string;
  daily_sales: string;
  last_inventory_date: string | null;
}

/** A sales rep the key sees, and the customers they cover (migration 011). */
export interface HistoryRepTable {
  key_id: string;
  user_id: number;
  name: string;
  customer_ids_json: string;
}

/** Where a key's sync stands (migration 011), as JSON (`HistoryState` in `lib/server/insights/history-sync.ts`). */
export interface HistoryStateTable {
  key_id: string;
  state_json: string;
  updated_at: string;
}

/** A workspace key's monthly statements by email (migration 013, `lib/server/statements/statement-schedules.ts`). */
export interface StatementScheduleTable {
  id: string;
  workspace_id: string;
  key_id: string;
  /** 1 to 28: a day every month has. */
  day_of_month: number;
  /** "HH:MM", 24-hour, in `time_zone`. */
  local_time: string;
  time_zone: string;
  /** "Letter" or "A4". */
  paper_size: string;
  created_by: string;
  created_at: string;
  next_run_at: string;
  last_run_at: string | null;
  last_accounts: number | null;
  last_mailed: number | null;
  last_error: string | null;
}

/** A member who left a key's monthly statements (their mail's unsubscribe link). */
export interface StatementOptoutTable {
  schedule_id: string;
  user_id: string;
}

/** A page of a list a key's collections walk has read (migration 014), its records cut to the fields used, as JSON. */
export interface CollectionsPageTable {
  key_id: string;
  /** aging, customers, openInvoices, payments or invoices. */
  list: string;
  page: number;
  records_json: string;
}

/**
 * One AR account of a key's collections list (migration 014, `CollectionRow` in
 * `lib/domain/collections/collections.ts`).
 */
export interface CollectionsAccountTable {
  key_id: string;
  ar_account_id: number;
  name: string;
  customer_ids_json: string;
  customer_names_json: string;
  state: string | null;
  /** 1 when any of the account's customers is on hold. */
  on_hold: number;
  account_status: string | null;
  agent_name: string | null;
  agent_email: string | null;
  sales_rep: string | null;
  suppliers: number;
  current_due: string;
  due_1_30: string;
  due_31_60: string;
  due_61_90: string;
  due_91: string;
  over_30: string;
  over_60: string;
  over_90: string;
  open_credit: string;
  unapplied: string;
  total: string;
  last_payment: string | null;
  days_since: number | null;
}

/** One `/arAging` row of a key's collections snapshot (migration 016), in the API's order. */
export interface CollectionsAgingTable {
  key_id: string;
  position: number;
  ar_account_id: number;
  supplier_id: number | null;
  /** The row as the walk kept it (`AgingEntry` in `lib/domain/collections/collections-input.ts`), as JSON. */
  record_json: string;
}

/** Where a key's collections walk stands and what its snapshot is (migration 014, `lib/server/collections/`). */
export interface CollectionsStateTable {
  key_id: string;
  /** walk or idle. */
  phase: string;
  /** The list read next (null when idle), and its page (for invoices: the batch). */
  list: string | null;
  page: number;
  /** Invoice ids still to read by id, as JSON. */
  pending_json: string;
  /** The aging's CloseDate the walk's first page gave (a later page closed on another day starts the aging again). */
  walk_close_date: string | null;
  /** 1: the walk reads the aging's pages past the proxy's copy (after it found them closed on different days). */
  fresh_aging: number;
  /** The snapshot's aging close day (YYYY-MM-DD), once one is computed. */
  as_of: string | null;
  started_at: string | null;
  refreshed_at: string | null;
  /** Requests every walk of the key has made. */
  requests: number;
  updated_at: string;
}

/** A customer a key's watch last saw on hold, and since when (migration 009, `lib/server/watch/hold-store.ts`). */
export interface WatchHoldTable {
  key_id: string;
  customer_id: number;
  since: string;
}

/** A person's inbox (migration 007, `lib/server/notifications/`): each thing told once (`effect_key` is unique). */
export interface NotificationTable {
  id: string;
  user_id: string;
  workspace_id: string | null;
  kind: string;
  effect_key: string;
  title: string;
  link: string | null;
  created_at: string;
  read_at: string | null;
  /** 1: shown in the inbox; 0: sent by email only (migration 008). */
  inbox: Generated<number>;
  /** The summary it was told in (migration 015): recorded, not shown, mailed nor listed in the digest itself. */
  grouped_in: string | null;
}

/** A channel a person chose for a kind (migration 008); a kind without a row follows the role's default. */
export interface NotificationSettingTable {
  user_id: string;
  kind: string;
  channel: string;
  updated_at: string;
}

/** A person's daily digest (migration 008): on (1) or off (0), at `digest_time` ("07:00") in `time_zone`. */
export interface NotificationPersonTable {
  user_id: string;
  digest: number;
  digest_time: string;
  time_zone: string;
  /** The local date ("2026-11-23") of the last digest made (sent, or found empty). */
  last_digest_on: string | null;
  /** When the last digest was made (migration 015): the next lists what the person was told since. */
  last_digest_at: string | null;
  updated_at: string;
}

/** A list page's address saved under a name in a workspace (migration 010, `lib/server/reports/`). */
export interface SavedViewTable {
  id: string;
  workspace_id: string;
  name: string;
  /** The list page's path with its query string ("/invoices?Statuses=1,7"). */
  path: string;
  created_by: string;
  created_at: string;
  idempotency_key: string | null;
}

/** A saved view's schedule (migration 010): its CSV mailed daily or weekly to members. */
export interface ReportScheduleTable {
  id: string;
  view_id: string;
  workspace_id: string;
  key_id: string;
  /** "daily" or "weekly". */
  frequency: string;
  /** ISO weekday (1 Monday … 7 Sunday) of a weekly report. */
  weekday: number | null;
  /** "HH:MM", in `time_zone`. */
  local_time: string;
  time_zone: string;
  next_run_at: string;
  last_run_at: string | null;
  last_rows: number | null;
  last_error: string | null;
  scheduled_by: string;
  updated_at: string;
}

/** A member a schedule mails (migration 010). */
export interface ReportRecipientTable {
  schedule_id: string;
  user_id: string;
}

/**
 * better-auth's tables (`auth_*`, made by migration 003), written through better-auth; typed here for the few reads
 * Backroom makes itself (`db.withTables<AuthTables>()`): who is a member of a workspace, with which role.
 */
export type AuthTables = {
  auth_member: {
    id: string;
    organizationId: string;
    userId: string;
    role: string;
    createdAt: Date | string;
    salesRepUserId: number | null;
  };
  auth_organization: {
    id: string;
    name: string;
    slug: string;
    logo: string | null;
    createdAt: Date | string;
    metadata: string | null;
    requireTwoFactor: boolean | number | null;
  };
  auth_session: {
    id: string;
    token: string;
    userId: string;
    expiresAt: Date | string;
    createdAt: Date | string;
    updatedAt: Date | string;
    activeOrganizationId: string | null;
  };
  auth_user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean | number;
    image: string | null;
    createdAt: Date | string;
    updatedAt: Date | string;
    twoFactorEnabled: boolean | number | null;
  };
  auth_invitation: {
    id: string;
    organizationId: string;
    email: string;
    role: string | null;
    status: string;
    expiresAt: Date | string;
    inviterId: string;
  };
};

/** A link to a brand's public menu (migration 021, `lib/server/menus/`): the token's SHA-256, never the token. */
export interface MenuLinkTable {
  id: string;
  workspace_id: string;
  /** The Supplier key whose menu it shows. */
  key_id: string;
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  name: string;
  /** JSON arrays of the states and categories shown; empty: all. */
  states_json: string;
  categories_json: string;
  contact_email: string;
  expires_at: string;
  created_by: string;
  created_by_name: string;
  created_at: string;
  idempotency_key: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** A reorder list sent to a store's rep (migration 020, `lib/server/order-guide/`). */
export interface OrderListTable {
  id: string;
  workspace_id: string;
  environment: string;
  customer_id: number;
  customer_name: string;
  /** The rep's address it went to (the record's SalesRepEmail, or the workspace's contact). */
  recipient: string;
  /** `ListLine[]` as JSON: the lines as mailed. */
  lines_json: string;
  line_count: number;
  total_cases: number;
  /** The total, 2 decimals. */
  total: string;
  /** The day the prices were read for. */
  price_day: string;
  /** "sending", "sent", "mail-off" (no SMTP: kept, not sent) or "mail-failed". */
  status: string;
  sent_by: string;
  sent_by_name: string;
  sent_by_email: string;
  sent_at: string;
  idempotency_key: string;
}

/** A workspace's contact address for a store whose record has no SalesRepEmail (migration 020). */
export interface OrderListContactTable {
  workspace_id: string;
  email: string;
  updated_by: string;
  updated_at: string;
}
