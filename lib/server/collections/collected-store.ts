import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { addBusinessDays, MATCH_BUSINESS_DAYS } from "@/lib/domain/credit/collect";
import type { CollectedStatus, CollectedView, CollectionMethod } from "@/lib/domain/credit/view";
import { workspaceOfOwner } from "../core/auth/demo-visitor";
import type { BackroomDatabase } from "../core/db/schema";
import type { SharedPlace } from "../core/parties";
import { addNoteIn } from "../notes/notes-store";
import type { NoteTables } from "../notes/tables";
import type { CollectedPhotoTable, CollectedTable, CollectionsTables } from "./tables";

/**
 * What reps collected at the door (`collections_collected`, migration 033): recorded once per Idempotency-Key and owner
 * with the visit note that makes it a visit (one transaction), read per AR account in a shared place (environment and
 * demo visitor: every staff workspace of the environment reads an account's records), and matched to the API's
 * payments by `collected-match.ts`.
 */

type Db = Kysely<BackroomDatabase & CollectionsTables & NoteTables>;

export interface NewCollected {
  owner: string;
  place: SharedPlace;
  arAccountId: number;
  customerId: number | null;
  amount: string;
  method: CollectionMethod;
  reference: string | null;
  deliveryDate: string | null;
  recordedBy: { id: string; name: string };
  idempotencyKey: string;
  digest: string;
  /** The visit note on the store, written in the same transaction under the same key (none without a store). */
  note: { customerId: number; text: string } | null;
}

export type Recorded = { outcome: "created" | "repeat"; row: CollectedTable } | { outcome: "conflict" };

/** The payment a record was matched to, as kept in `payment_json`. */
export type MatchedPayment = NonNullable<CollectedView["payment"]>;

/** How many days a record is looked at by the matcher: a payment matches up to 30 days after it, and a little more. */
export const MATCH_LOOK_DAYS = 35;

/** A record with its check's photo, if one was added (`collections_collected_photos`). */
export interface CollectedRow extends CollectedTable {
  photo_id: string | null;
  photo_type: string | null;
  photo_bytes: number | null;
}

/** The records with their photo's id, type and size (none: nulls). */
const withPhoto = (db: Db) =>
  db
    .selectFrom("collections_collected")
    .leftJoin("collections_collected_photos as photo", "photo.collected_id", "collections_collected.id")
    .selectAll("collections_collected")
    .select(["photo.id as photo_id", "photo.type as photo_type", "photo.bytes as photo_bytes"]);

const placed = (db: Db, place: SharedPlace) => {
  const q = withPhoto(db).where("collections_collected.environment", "=", place.environment);
  return place.visitor === null
    ? q.where("collections_collected.visitor", "is", null)
    : q.where("collections_collected.visitor", "=", place.visitor);
};

/** Where a record's photo is read: `GET /api/collections/{arAccountId}/collected/{id}/photos/{photoId}`. */
export const collectedPhotoHref = (row: Pick<CollectedTable, "ar_account_id" | "id">, photoId: string) =>
  `/api/collections/${row.ar_account_id}/collected/${row.id}/photos/${photoId}`;

/** What adding a photo came to: kept, the same key's again, or the record has another photo already. */
export type PhotoAdded = { outcome: "added" | "repeat"; photo: CollectedPhotoTable } | { outcome: "taken" };

/** The note's Idempotency-Key: the record's, marked, so it never meets a note's own key of the workspace. */
const noteKey = (key: string) => `collected:${key}`;

/** A record as its routes answer it, with its photo when the row was read with it (`CollectedRow`). */
export function collectedView(row: CollectedTable & Partial<Omit<CollectedRow, keyof CollectedTable>>): CollectedView {
  return {
    id: row.id,
    arAccountId: row.ar_account_id,
    customerId: row.customer_id,
    amount: row.amount,
    method: row.method as CollectionMethod,
    reference: row.reference,
    deliveryDate: row.delivery_date,
    recordedAt: row.recorded_at,
    recordedBy: row.recorded_by_name,
    status: row.status as CollectedStatus,
    payment: row.payment_json ? (JSON.parse(row.payment_json) as MatchedPayment) : null,
    matchedAt: row.matched_at,
    dueBy: row.due_by,
    photo:
      row.photo_id && row.photo_type && row.photo_bytes != null
        ? { href: collectedPhotoHref(row, row.photo_id), type: row.photo_type, bytes: row.photo_bytes }
        : null,
  };
}

/**
 * @example
 * const store = createCollectedStore(db);
 * const recorded = await store.record({ owner, place, arAccountId: 30001, amount: "420.00", ... });
 */
export function createCollectedStore(coreDb: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  const db: Db = coreDb.withTables<CollectionsTables & NoteTables>();
  // The record's transaction is opened on the notes' handle, so the note's write (`addNoteIn`) takes it as it is.
  const noteDb = coreDb.withTables<NoteTables>();
  return {
    db,

    /**
     * Records a collection and its visit note in one transaction, once per Idempotency-Key and owner: the same key and
     * body again answer the first's record ("repeat"), another body "conflict". Two requests with one key at once
     * make one row (the unique key; the second reads the first's).
     */
    async record(c: NewCollected): Promise<Recorded> {
      const at = now();
      const recordedAt = at.toISOString();
      const row: CollectedTable = {
        id: randomUUID(),
        workspace_id: c.owner,
        environment: c.place.environment,
        visitor: c.place.visitor,
        ar_account_id: c.arAccountId,
        customer_id: c.customerId,
        amount: c.amount,
        method: c.method,
        reference: c.reference,
        delivery_date: c.deliveryDate,
        recorded_by_id: c.recordedBy.id,
        recorded_by_name: c.recordedBy.name,
        recorded_at: recordedAt,
        idempotency_key: c.idempotencyKey,
        request_digest: c.digest,
        status: "waiting",
        payment_json: null,
        matched_at: null,
        checked_at: null,
        due_by: addBusinessDays(recordedAt.slice(0, 10), MATCH_BUSINESS_DAYS),
      };
      return noteDb.transaction().execute(async (noteTrx): Promise<Recorded> => {
        const trx = noteTrx.withTables<CollectionsTables>();
        const inserted = await trx
          .insertInto("collections_collected")
          .values(row)
          .onConflict((oc) => oc.columns(["workspace_id", "idempotency_key"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!inserted) {
          const first = await trx
            .selectFrom("collections_collected")
            .selectAll()
            .where("workspace_id", "=", c.owner)
            .where("idempotency_key", "=", c.idempotencyKey)
            .executeTakeFirstOrThrow();
          return first.request_digest === c.digest ? { outcome: "repeat", row: first } : { outcome: "conflict" };
        }
        if (c.note)
          await addNoteIn(
            noteTrx,
            { workspaceId: c.owner, environment: c.place.environment },
            { ...c.note, author: c.recordedBy, idempotencyKey: noteKey(c.idempotencyKey) },
            at,
          );
        return { outcome: "created", row };
      });
    },

    /** The record an owner's Idempotency-Key made, if any, with its photo. */
    async byKey(owner: string, idempotencyKey: string): Promise<CollectedRow | undefined> {
      return withPhoto(db)
        .where("collections_collected.workspace_id", "=", owner)
        .where("collections_collected.idempotency_key", "=", idempotencyKey)
        .executeTakeFirst();
    },

    /** An AR account's records in a place, newest first, with their photos. */
    async ofAccount(place: SharedPlace, arAccountId: number): Promise<CollectedRow[]> {
      return placed(db, place)
        .where("collections_collected.ar_account_id", "=", arAccountId)
        .orderBy("collections_collected.recorded_at", "desc")
        .orderBy("collections_collected.id", "desc")
        .limit(500)
        .execute();
    },

    /** One record of an AR account in a place, with its photo (none: not in that place, or not of that account). */
    async one(place: SharedPlace, arAccountId: number, id: string): Promise<CollectedRow | undefined> {
      return placed(db, place)
        .where("collections_collected.ar_account_id", "=", arAccountId)
        .where("collections_collected.id", "=", id)
        .executeTakeFirst();
    },

    /** The records of these AR accounts in a place recorded on or after `since` (ISO), newest first. */
    async ofAccounts(place: SharedPlace, arAccountIds: readonly number[], since: string): Promise<CollectedRow[]> {
      if (!arAccountIds.length) return [];
      return placed(db, place)
        .where("collections_collected.ar_account_id", "in", [...new Set(arAccountIds)])
        .where("collections_collected.recorded_at", ">=", since)
        .orderBy("collections_collected.recorded_at", "desc")
        .orderBy("collections_collected.id", "desc")
        .execute();
    },

    /**
     * The records the matcher still looks at: not matched, recorded in the last `MATCH_LOOK_DAYS` (a payment matches
     * up to 30 days after a record); of one owner's workspace when asked.
     */
    async unmatched(workspaceId?: string): Promise<CollectedTable[]> {
      const since = new Date(now().getTime() - MATCH_LOOK_DAYS * 86_400_000).toISOString();
      const rows = await db
        .selectFrom("collections_collected")
        .selectAll()
        .where("status", "!=", "matched")
        .where("recorded_at", ">=", since)
        .orderBy("recorded_at")
        .orderBy("id")
        .execute();
      return workspaceId === undefined ? rows : rows.filter((r) => workspaceOfOwner(r.workspace_id) === workspaceId);
    },
  };
}

/** The records' photos' metadata (`collections_collected_photos`; their bytes are in the photo store). */
export function createCollectedPhotos(coreDb: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  const db: Db = coreDb.withTables<CollectionsTables & NoteTables>();
  return {
    /** A record's photo's metadata, by its id (none: not that record's). */
    async photo(collectedId: string, photoId: string): Promise<CollectedPhotoTable | undefined> {
      return db
        .selectFrom("collections_collected_photos")
        .selectAll()
        .where("collected_id", "=", collectedId)
        .where("id", "=", photoId)
        .executeTakeFirst();
    },

    /**
     * Keeps a record's photo's metadata (its bytes are in the photo store already): one a record. The same key again
     * answers the first ("repeat"); a photo under another key "taken". Two at once make one row (the unique record).
     */
    async addPhoto(photo: Omit<CollectedPhotoTable, "at">): Promise<PhotoAdded> {
      const row: CollectedPhotoTable = { ...photo, at: now().toISOString() };
      const inserted = await db
        .insertInto("collections_collected_photos")
        .values(row)
        .onConflict((oc) => oc.column("collected_id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) return { outcome: "added", photo: row };
      const first = await db
        .selectFrom("collections_collected_photos")
        .selectAll()
        .where("collected_id", "=", photo.collected_id)
        .executeTakeFirst();
      return first && first.idempotency_key === photo.idempotency_key
        ? { outcome: "repeat", photo: first }
        : { outcome: "taken" };
    },
  };
}
