import "server-only";
import { type Kysely, type Migration, PostgresAdapter } from "kysely";
import type { Migrations } from "../core/db/migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * An Employee key's collections snapshot (`lib/server/collections/`), every row the key's (`key_id`: deleted
 * with the key):
 * - `collections_pages`: the pages of the lists a walk has read so far (AR aging, customers, open invoices, payments,
 *   invoices by id), each record cut to the fields the snapshot uses, so a walk that stops goes on where it stood;
 *   deleted when the walk ends.
 * - `collections_accounts`: the computed list, one row per AR account, replaced whole at a walk's end. Money is exact
 *   decimal text; `on_hold` 0 or 1.
 * - `collections_state`: where the walk stands (the list and page it reads next, the invoices still to read by id, the
 *   aging's close day its first page gave, whether the aging is read past the proxy's copy) and what the snapshot is
 *   (the aging's close day, when the walk that made it ended, its requests).
 */
const collections: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("collections_pages")
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("list", "text", (c) => c.notNull())
      .addColumn("page", "integer", (c) => c.notNull())
      .addColumn("records_json", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("collections_pages_pk", ["key_id", "list", "page"])
      .execute();
    let accounts = db.schema
      .createTable("collections_accounts")
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("ar_account_id", "integer", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("customer_ids_json", "text", (c) => c.notNull())
      .addColumn("customer_names_json", "text", (c) => c.notNull())
      .addColumn("state", "text")
      .addColumn("on_hold", "integer", (c) => c.notNull())
      .addColumn("account_status", "text")
      .addColumn("agent_name", "text")
      .addColumn("agent_email", "text")
      .addColumn("sales_rep", "text")
      .addColumn("suppliers", "integer", (c) => c.notNull());
    for (const money of [
      "current_due",
      "due_1_30",
      "due_31_60",
      "due_61_90",
      "due_91",
      "over_30",
      "over_60",
      "over_90",
      "open_credit",
      "unapplied",
      "total",
    ]) {
      accounts = accounts.addColumn(money, "text", (c) => c.notNull());
    }
    await accounts
      .addColumn("last_payment", "text")
      .addColumn("days_since", "integer")
      .addPrimaryKeyConstraint("collections_accounts_pk", ["key_id", "ar_account_id"])
      .execute();
    await db.schema
      .createTable("collections_state")
      .addColumn("key_id", "text", (c) => c.primaryKey())
      .addColumn("phase", "text", (c) => c.notNull())
      .addColumn("list", "text")
      .addColumn("page", "integer", (c) => c.notNull())
      .addColumn("pending_json", "text", (c) => c.notNull())
      .addColumn("walk_close_date", "text")
      .addColumn("fresh_aging", "integer", (c) => c.notNull())
      .addColumn("as_of", "text")
      .addColumn("started_at", "text")
      .addColumn("refreshed_at", "text")
      .addColumn("requests", "integer", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },
};

/**
 * The AR aging a collections walk read, kept whole: `collections_aging` holds every `/arAging` row of the
 * key's snapshot (one AR account and supplier), in the API's order (`position`), as the walk kept it (its amounts as
 * decimal text, its close date, the invoices behind each bucket and its credits), replaced with the accounts at a
 * walk's end. The AR aging page draws an Employee key's whole aging from it, with no request to the API.
 */
const collectionsAging: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("collections_aging")
      .addColumn("key_id", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("ar_account_id", "integer", (c) => c.notNull())
      .addColumn("supplier_id", "integer")
      .addColumn("record_json", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("collections_aging_pk", ["key_id", "position"])
      .execute();
  },
};

/**
 * The people of an account's stores (`people_json`: name and email of each Customer-role user linked to its customers,
 * as JSON), read by the walk from `/users`. Null in a row made before: the page says they come with the next refresh.
 */
const collectionsPeople: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("collections_accounts").addColumn("people_json", "text").execute();
  },
};

/**
 * What reps collected at the door (`collected-store.ts`): `collections_collected`, one row per collection recorded, per
 * owner (`recordOwner`: the recorder's workspace, or a demo visitor's part of it), environment and demo visitor (the
 * shared place: every staff workspace of the environment reads an account's records), with the AR account, the store,
 * the amount (cents text), the method and reference, the delivery's day, who recorded it and when, the Idempotency-Key
 * that recorded it (one row per key and owner) and a digest of its body, and its match: status (waiting, matched,
 * unmatched), the payment as JSON, when it was matched, when the matcher last looked (`checked_at`) and the day it is
 * unmatched from (`due_by`). The workspace's record: it stays when a key goes.
 */
const collectionsCollected: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("collections_collected")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("workspace_id", "text", (c) => c.notNull())
      .addColumn("environment", "text", (c) => c.notNull())
      .addColumn("visitor", "text")
      .addColumn("ar_account_id", "integer", (c) => c.notNull())
      .addColumn("customer_id", "integer")
      .addColumn("amount", "text", (c) => c.notNull())
      .addColumn("method", "text", (c) => c.notNull())
      .addColumn("reference", "text")
      .addColumn("delivery_date", "text")
      .addColumn("recorded_by_id", "text", (c) => c.notNull())
      .addColumn("recorded_by_name", "text", (c) => c.notNull())
      .addColumn("recorded_at", "text", (c) => c.notNull())
      .addColumn("idempotency_key", "text", (c) => c.notNull())
      .addColumn("request_digest", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("payment_json", "text")
      .addColumn("matched_at", "text")
      .addColumn("checked_at", "text")
      .addColumn("due_by", "text", (c) => c.notNull())
      .addUniqueConstraint("collections_collected_key_unique", ["workspace_id", "idempotency_key"])
      .execute();
    await db.schema
      .createIndex("collections_collected_account_idx")
      .on("collections_collected")
      .columns(["environment", "ar_account_id", "recorded_at"])
      .execute();
    await db.schema
      .createIndex("collections_collected_status_idx")
      .on("collections_collected")
      .columns(["status", "recorded_at"])
      .execute();
  },
};

/**
 * The payment-reliability score of each account (`reliability_json`: `Reliability` of `lib/domain/credit/view.ts`,
 * computed at the walk's end from the confirmed applications and the year's invoices it read,
 * `lib/domain/credit/score.ts`). Null in a row made before: the credit pages say it comes with the next refresh.
 */
const collectionsReliability: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable("collections_accounts").addColumn("reliability_json", "text").execute();
  },
};

/**
 * The photo of a collection's check (`collected-photos-api.ts`): `collections_collected_photos`, its metadata, one per
 * record (`collected_id` unique), with its type, size, SHA-256, when and by whom it was added and the Idempotency-Key
 * that added it; `collections_collected_photo_blobs` its bytes where the database keeps them (PostgreSQL; files under
 * DATA_DIR/collected-photos on SQLite), `bytea` there and a blob on SQLite. The record's, kept with it.
 */
const collectedPhotos: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable("collections_collected_photos")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("collected_id", "text", (c) => c.notNull().unique())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("bytes", "integer", (c) => c.notNull())
      .addColumn("sha256", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("by_id", "text", (c) => c.notNull())
      .addColumn("by_name", "text", (c) => c.notNull())
      .addColumn("idempotency_key", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("collections_collected_photo_blobs")
      .addColumn("photo_id", "text", (c) => c.primaryKey())
      .addColumn("data", postgres ? "bytea" : "blob", (c) => c.notNull())
      .execute();
  },
};

/**
 * The collections' snapshot tables, by name: a database records the names it ran, so they never change. They run in
 * the order of their names, the core's and every feature's together (`lib/server/features.ts`).
 */
export const COLLECTIONS_MIGRATIONS: Migrations = {
  "014-collections": collections,
  "016-collections-aging": collectionsAging,
  "024-collections-people": collectionsPeople,
  "033-collections-collected": collectionsCollected,
  "035-collections-reliability": collectionsReliability,
  "036-collections-collected-photos": collectedPhotos,
};
