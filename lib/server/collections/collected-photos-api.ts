import "server-only";
import { randomUUID } from "node:crypto";
import { type ActorOf, defineRoute } from "../core/define-route";
import { CollectedViewAnswer } from "../credit/answers";
import { refusal } from "../core/route-errors";
import { requestApi } from "../core/page-api";
import { sharedPlace } from "../core/parties";
import type { PhotoStore } from "../core/photos/photo-store";
import { photoRefused, photoResponse, receivePhoto } from "../core/photos/photo-upload";
import { accountOf, answer, type CollectedDeps, readAccount, sideOf, WRITE } from "./collected-api";
import { type CollectedRow, collectedView, createCollectedPhotos, createCollectedStore } from "./collected-store";
import { noSuchAccount } from "./errors";

/**
 * The photo of a collection's check, taken at the door with the phone's camera when the rep records what they
 * collected. Checked as a dispute's photos are (`lib/server/core/photos/photo-upload.ts`), its bytes kept in the
 * collections' photo store (`COLLECTED_PHOTO_STORE`: files under DATA_DIR/collected-photos, or
 * `collections_collected_photo_blobs`) before its metadata, so a photo listed is one that can be read.
 */

/** Who reads a photo, and who is answered as for none: both routes' words. */
const WHO = [
  "Read by whoever reads the account's records (the store's rep, owners, admins, accounts, viewers too): the store",
  "itself reads no record (an Employee key's only), nor its photo. Anyone else, and a record of another account or",
  "place: 404.",
].join("\n");

/** What the photos' routes are handed: the records' deps, and where the photos are kept. */
export interface CollectedPhotoDeps extends CollectedDeps {
  collections: NonNullable<CollectedDeps["collections"]> & { photos: PhotoStore };
}

/** A record's id is a UUID: a longer one is no record's (and is not looked up). */
const MAX_ID_LENGTH = 200;

/** 404 `NOT_FOUND`: no such record of that account for the asker, or no such photo of it. */
const noSuchRecord = () => refusal("NOT_FOUND", "No such collection.", 404);

/**
 * The record of the address, read in the asker's shared place, once the asker is a side of its account (the record's
 * store's rep, or staff); otherwise 404, as for no record.
 */
async function recordOf(
  request: Request,
  actor: ActorOf["key"],
  deps: CollectedPhotoDeps,
  params: Record<string, string>,
): Promise<CollectedRow> {
  const arAccountId = accountOf(params);
  const id = params.id ?? "";
  const store = createCollectedStore(deps.db, () => new Date(deps.now?.() ?? Date.now()));
  const record = id && id.length <= MAX_ID_LENGTH ? await store.one(sharedPlace(actor), arAccountId, id) : undefined;
  if (!record) throw noSuchRecord();
  const api = requestApi(request, deps);
  const account = await readAccount(api, deps.db, actor.key.id, arAccountId, request.signal);
  if (!account) throw noSuchAccount();
  const ofStore =
    record.customer_id !== null && account.customerIds.includes(record.customer_id) ? record.customer_id : undefined;
  await sideOf(api, actor, account, ofStore, request.signal);
  return record;
}

export const addCollectedPhoto = defineRoute(
  {
    method: "POST",
    path: "/api/collections/{arAccountId}/collected/{id}/photos",
    summary: "Adds the check's photo to a recorded collection.",
    description: [
      "The body is `multipart/form-data`, the image in the field `photo`; added by whoever may record a collection for",
      "the account (its store's rep, owners, admins, accounts; not viewers). Answers the record with its",
      "`photo: {href, type, bytes}`; the same `Idempotency-Key` again: 200, the record as it is.",
      "",
      "- One photo a record: another key 422 `VALIDATION_FAILED` on `photo`.",
      "- A JPEG, PNG or HEIC by its first bytes (422 on `photo` otherwise), at most 10 MB (413 `PAYLOAD_TOO_LARGE` on",
      "  `photo`); 415 for a body that is not multipart.",
      "",
      WHO,
    ].join("\n"),
    answer: CollectedViewAnswer,
    status: 201,
    idempotencyKey: "required",
    need: "key",
    keyTypes: ["Employee"],
    what: "Collections",
    permission: WRITE,
  },
  async ({ request, actor, params, idempotencyKey }, deps: CollectedPhotoDeps) => {
    const record = await recordOf(request, actor, deps, params);
    const now = () => new Date(deps.now?.() ?? Date.now());
    const store = createCollectedPhotos(deps.db, now);
    const reread = async () =>
      collectedView(
        (await createCollectedStore(deps.db, now).one(sharedPlace(actor), record.ar_account_id, record.id))!,
      );
    if (record.photo_id) {
      const kept = await store.photo(record.id, record.photo_id);
      if (kept?.idempotency_key === idempotencyKey) return answer(collectedView(record));
      throw photoRefused("This collection has its photo already.");
    }
    const { bytes, type, sha256 } = await receivePhoto(request);
    const id = randomUUID();
    await deps.collections.photos.put(id, bytes);
    const added = await store.addPhoto({
      id,
      collected_id: record.id,
      type,
      bytes: bytes.byteLength,
      sha256,
      by_id: actor.person.id,
      by_name: actor.person.name,
      idempotency_key: idempotencyKey,
    });
    // Not kept (another upload of the record's photo got there first): its bytes go too.
    if (added.outcome !== "added") await deps.collections.photos.remove([id]);
    if (added.outcome === "taken") throw photoRefused("This collection has its photo already.");
    const view = await reread();
    return added.outcome === "added" ? view : answer(view);
  },
);

export const getCollectedPhoto = defineRoute(
  {
    method: "GET",
    path: "/api/collections/{arAccountId}/collected/{id}/photos/{photoId}",
    summary: "Downloads a recorded collection's photo.",
    description: WHO,
    answer: {
      mediaType: "image/*",
      description:
        "The photo's bytes, in its own `Content-Type` (JPEG, PNG or HEIC), with `Cache-Control: private, no-store`, " +
        "`X-Content-Type-Options: nosniff`, `Content-Disposition: inline` and an `ETag` (its SHA-256).",
    },
    need: "key",
    keyTypes: ["Employee"],
    what: "The photo",
  },
  async ({ request, actor, params }, deps: CollectedPhotoDeps) => {
    const record = await recordOf(request, actor, deps, params);
    const store = createCollectedPhotos(deps.db);
    const photo = params.photoId ? await store.photo(record.id, params.photoId) : undefined;
    if (!photo) throw noSuchRecord();
    const bytes = await deps.collections.photos.get(photo.id);
    if (!bytes) throw noSuchRecord();
    return photoResponse(bytes, photo, "collected-photo");
  },
);
