import "server-only";

/**
 * The order guide's tables, as Kysely sees them (made by `migrations.ts` beside this file), with the core's
 * conventions (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text, JSON as text. Read with
 * `db.withTables<OrderListTables>()`: the core's database handle knows the core's tables only.
 */
export type OrderListTables = {
  order_lists: OrderListTable;
  order_list_contacts: OrderListContactTable;
  order_list_events: OrderListEventTable;
  order_list_invoices: OrderListInvoiceTable;
};

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
  /** The withdrawal (migration 023): null while the list stands; `withdrawn_at` is also the withdrawal mail's lease. */
  withdrawn_at: string | null;
  withdrawn_by: string | null;
  withdrawn_by_name: string | null;
  withdrawn_by_email: string | null;
  /** `WithdrawalMail` as stored ("sending" past the lease reads "unconfirmed"). */
  withdrawal_mail: string | null;
  withdrawal_key: string | null;
  /** Sharing (migration 031): the demo visitor the list belongs to (from its owner); null outside the demo. */
  visitor: string | null;
  /** The key type it was sent with ("Customer": the store's own; "Employee": staff for the store); null before 031. */
  sent_with: string | null;
  /** Adds one at every change: the list's `ETag`. */
  version: number;
  acknowledged_at: string | null;
  acknowledged_by_name: string | null;
  entered_at: string | null;
  entered_by_name: string | null;
  /** The ERP's order or invoice number the rep gave, if any. */
  erp_ref: string | null;
  /** `ListMatch` as JSON: what was invoiced against the list, as last matched; null until first matched. */
  match_json: string | null;
  matched_at: string | null;
}

/** A change of a shared list, as it happened (migration 031). */
export interface OrderListEventTable {
  id: string;
  list_id: string;
  /** The list's version the change made (its order among the list's events). */
  version: number;
  at: string;
  by_id: string;
  by_name: string;
  /** "store", "rep" or "backroom" (the invoice matcher). */
  side: string;
  /** `ListEventKind`. */
  kind: string;
  /** The change in words. */
  detail: string;
  /** The write's Idempotency-Key: one change per key and list. */
  idempotency_key: string | null;
}

/** An invoice matched to a list (migration 031): the invoice page's link back. */
export interface OrderListInvoiceTable {
  list_id: string;
  environment: string;
  customer_id: number;
  invoice_num: string;
}

/** A workspace's contact address for a store whose record has no SalesRepEmail (migration 020). */
export interface OrderListContactTable {
  workspace_id: string;
  email: string;
  updated_by: string;
  updated_at: string;
}
