import "server-only";

/**
 * The order guide's tables, as Kysely sees them (made by `migrations.ts` beside this file), with the core's
 * conventions (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text, JSON as text. Read with
 * `db.withTables<OrderListTables>()`: the core's database handle knows the core's tables only.
 */
export type OrderListTables = {
  order_lists: OrderListTable;
  order_list_contacts: OrderListContactTable;
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
}

/** A workspace's contact address for a store whose record has no SalesRepEmail (migration 020). */
export interface OrderListContactTable {
  workspace_id: string;
  email: string;
  updated_by: string;
  updated_at: string;
}
