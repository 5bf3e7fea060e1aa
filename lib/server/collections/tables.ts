import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import type { PhotoBlobTable } from "../core/photos/photo-store";

/**
 * The collections' tables, as Kysely sees them (made by `migrations.ts` beside this file), with the core's conventions
 * (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text, JSON as text. Read with
 * `db.withTables<CollectionsTables>()`: the core's database handle knows the core's tables only.
 */
/** The database as the collections read it: the core's tables and theirs (a transaction of it too). */
export type CollectionsDb = Kysely<BackroomDatabase & CollectionsTables>;

export type CollectionsTables = {
  collections_pages: CollectionsPageTable;
  collections_accounts: CollectionsAccountTable;
  collections_state: CollectionsStateTable;
  collections_aging: CollectionsAgingTable;
  collections_collected: CollectedTable;
  collections_collected_photos: CollectedPhotoTable;
  collections_collected_photo_blobs: PhotoBlobTable;
};

/** Every table of a key's collections snapshot (migrations 014 and 016): what goes when the key goes. */
export const COLLECTIONS_TABLES = [
  "collections_pages",
  "collections_accounts",
  "collections_state",
  "collections_aging",
] as const;

/** The key store's forgetter (`KeyForgetter`): a removed key's snapshot goes, in the removal's transaction. */
export async function forgetCollections(trx: Kysely<BackroomDatabase>, keyId: string): Promise<void> {
  for (const table of COLLECTIONS_TABLES)
    await trx.withTables<CollectionsTables>().deleteFrom(table).where("key_id", "=", keyId).execute();
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
  /** The stores' people, `StorePerson[]` as JSON (migration 024); null in a row made before. */
  people_json: string | null;
  /** The payment-reliability score, `Reliability` as JSON (migration 035); null in a row made before. */
  reliability_json: string | null;
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

/** One `/arAging` row of a key's collections snapshot (migration 016), in the API's order. */
export interface CollectionsAgingTable {
  key_id: string;
  position: number;
  ar_account_id: number;
  supplier_id: number | null;
  /** The row as the walk kept it (`AgingEntry` in `lib/domain/collections/collections-input.ts`), as JSON. */
  record_json: string;
}

/**
 * A collection a rep recorded at the door (migration 033, `collected-store.ts`): the workspace's record, kept when a
 * key goes (not one of `COLLECTIONS_TABLES`).
 */
export interface CollectedTable {
  id: string;
  /** The recorder's `recordOwner`. */
  workspace_id: string;
  environment: string;
  visitor: string | null;
  ar_account_id: number;
  customer_id: number | null;
  /** Cents, "420.00". */
  amount: string;
  method: string;
  reference: string | null;
  delivery_date: string | null;
  recorded_by_id: string;
  recorded_by_name: string;
  recorded_at: string;
  idempotency_key: string;
  request_digest: string;
  /** waiting, matched or unmatched. */
  status: string;
  /** The payment matched (`CollectedView["payment"]`), as JSON. */
  payment_json: string | null;
  matched_at: string | null;
  /** When the matcher last looked at it. */
  checked_at: string | null;
  /** YYYY-MM-DD: unmatched from this day on when no payment matched it before. */
  due_by: string;
}

/**
 * The photo of a collection's check (migration 036, `collected-photos-api.ts`): one a record, its bytes in the photo
 * store (DATA_DIR/collected-photos, or `collections_collected_photo_blobs`), kept once per Idempotency-Key.
 */
export interface CollectedPhotoTable {
  id: string;
  /** The record's id (`collections_collected`): one photo each. */
  collected_id: string;
  /** "image/jpeg", "image/png" or "image/heic", as its first bytes say. */
  type: string;
  bytes: number;
  sha256: string;
  at: string;
  by_id: string;
  by_name: string;
  idempotency_key: string;
}
