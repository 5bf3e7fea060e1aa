import "server-only";

/**
 * The disputes' tables, as Kysely sees them (made by `migrations.ts` beside this file), with the core's conventions
 * (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text, JSON and amounts as text. Read with
 * `db.withTables<DisputeTables>()`.
 */
export type DisputeTables = {
  disputes: DisputeTable;
  dispute_lines: DisputeLineTable;
  dispute_events: DisputeEventTable;
  dispute_photos: DisputePhotoTable;
  dispute_photo_blobs: DisputePhotoBlobTable;
};

/** A dispute raised by a store against one of its invoices (migration 032). */
export interface DisputeTable {
  id: string;
  /** Its owner as `recordOwner` keeps it: the store's workspace, or a demo visitor's part of it. */
  workspace_id: string;
  environment: string;
  /** The demo visitor it belongs to (from its owner); null outside the demo. */
  visitor: string | null;
  customer_id: number;
  customer_name: string;
  /** The store's `SalesRepUserID` when it was raised: whom a brand's reply tells. */
  sales_rep_user_id: number | null;
  invoice_id: number;
  invoice_num: string;
  /** The invoice's day (YYYY-MM-DD). */
  invoice_date: string;
  /** "open", "acknowledged" or "resolved". */
  status: string;
  /** The lines' amounts, cents. */
  amount: string;
  /** What the ERP credited against its lines so far (the matcher's), cents. */
  credited: string;
  opened_at: string;
  opened_by: string;
  opened_by_name: string;
  acknowledged_at: string | null;
  acknowledged_by_name: string | null;
  resolved_at: string | null;
  resolved_by_name: string | null;
  /** `DisputeResolution` as JSON; null while it is not resolved. */
  resolution_json: string | null;
  /** When the matcher last read its store's credits. */
  matched_at: string | null;
  /** Adds one at every change: the dispute's `ETag`. */
  version: number;
  /** The Idempotency-Key that raised it (one dispute per key and owner), and a digest of what was asked with it. */
  idempotency_key: string;
  request_digest: string;
}

/** A line of a dispute: the invoice's line it is about, its reason and amount, and what was credited against it. */
export interface DisputeLineTable {
  dispute_id: string;
  /** Its order in the dispute. */
  position: number;
  invoice_line_id: number;
  product_id: number;
  product_name: string;
  supplier_id: number | null;
  batch_code: string;
  reason: string;
  units: number;
  invoiced_units: number;
  unit_price: string;
  expected_price: string | null;
  amount: string;
  note: string | null;
  credited: string;
  /** `CreditPart[]` as JSON. */
  credits_json: string;
}

/** What happened to a dispute: each side's replies and its changes, in order. */
export interface DisputeEventTable {
  id: string;
  dispute_id: string;
  version: number;
  at: string;
  by_id: string;
  by_name: string;
  /** "store", "rep", "brand" or "backroom" (the credit matcher). */
  side: string;
  /** `DisputeEventKind`. */
  kind: string;
  text: string;
  /** The write's Idempotency-Key: one event per key and dispute. */
  idempotency_key: string | null;
}

/** A photo of a dispute (its bytes are in the photo store: on disk, or `dispute_photo_blobs`). */
export interface DisputePhotoTable {
  id: string;
  dispute_id: string;
  /** "image/jpeg", "image/png" or "image/heic", as its first bytes say. */
  type: string;
  bytes: number;
  sha256: string;
  at: string;
  by_id: string;
  by_name: string;
  side: string;
  idempotency_key: string;
}

/** A photo's bytes, where the database holds them (PostgreSQL deployments). */
export interface DisputePhotoBlobTable {
  photo_id: string;
  data: Uint8Array;
}
