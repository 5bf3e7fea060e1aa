import "server-only";

/**
 * The credit's tables, as Kysely sees them (made by `migrations.ts` beside this file), with the core's conventions
 * (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text, amounts as decimal text. Read with
 * `db.withTables<CreditTables>()`.
 */
export type CreditTables = {
  credit_limits: CreditLimitTable;
  credit_limit_changes: CreditLimitChangeTable;
};

/** An AR account's credit limit in a place (migration 034): the distributor's, whichever staff workspace set it last. */
export interface CreditLimitTable {
  /** The environment and the demo visitor in one (`placeKey`). */
  place: string;
  environment: string;
  /** The demo visitor it belongs to; null outside the demo. */
  visitor: string | null;
  ar_account_id: number;
  /** The limit, 2 decimals; null: removed (no limit). */
  credit_limit: string | null;
  /** Adds one at every change: the limit's `ETag`. */
  version: number;
  set_by_id: string;
  set_by_name: string;
  set_at: string;
  /** The workspace whose staff set it. */
  workspace_id: string;
}

/** A change of a limit, as it happened (migration 034), once per Idempotency-Key and account in a place. */
export interface CreditLimitChangeTable {
  id: string;
  place: string;
  ar_account_id: number;
  /** The limit's version this change made. */
  version: number;
  at: string;
  by_id: string;
  by_name: string;
  workspace_id: string;
  from_limit: string | null;
  to_limit: string | null;
  idempotency_key: string;
  /** A digest of the body the key sent. */
  body_digest: string;
}
