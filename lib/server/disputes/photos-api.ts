import "server-only";
import { randomUUID } from "node:crypto";
import { MAX_PHOTOS } from "@/lib/domain/disputes/dispute";
import { defineRoute, requiredIdempotencyKey } from "../core/define-route";
import { photoResponse, receivePhoto } from "../core/photos/photo-upload";
import { type DisputeDeps, storeOf, WRITE } from "./dispute-deps";
import { tellChange } from "./dispute-tell";
import { answerDispute, load } from "./disputes-api";
import { noSuchDispute, notAccepted, notYourSide, resolved } from "./errors";

/**
 * A dispute's photos (`app/api/disputes/{id}/photos`): the store's, taken at the back door with the phone's camera.
 * A photo is what its first bytes say (a JPEG, a PNG or a HEIC, `photoType`), never the name or type its sender
 * declared; at most `MAX_PHOTO_BYTES` (10 MB) each (`core/photos/photo-upload.ts`, the same for every feature's
 * photos) and `MAX_PHOTOS` (10) a dispute. Its bytes go to the photo store (`core/photos/photo-store.ts`: files under
 * DATA_DIR/dispute-photos, or `dispute_photo_blobs`) before its metadata is kept, so a photo listed is one that can be
 * read; an upload retried with its Idempotency-Key answers the first. The store's and the rep's side read
 * them (a brand never: the photo is of the store's delivery), never cached.
 */

// POST /api/disputes/{id}/photos (multipart, field `photo`) with an Idempotency-Key: the store adds a photo (201 with
// the dispute; the same key again: 200, as it is). 413 past 10 MB, 422 for no image or an 11th photo.
export const addDisputePhoto = defineRoute(
  { need: "key", keyTypes: ["Customer"], permission: WRITE, what: "The dispute" },
  async ({ request, actor, params }, deps: DisputeDeps) => {
    const idempotencyKey = requiredIdempotencyKey(request, "one photo");
    const loaded = await load(request, actor, deps, params.id);
    if (loaded.side !== "store") throw notYourSide("The store adds photos of its delivery.");
    const store = storeOf(deps);
    if (await store.photoByKey(loaded.row.id, idempotencyKey)) return answerDispute(actor, deps, loaded);
    if (loaded.row.status === "resolved") throw resolved();
    const { bytes, type, sha256 } = await receivePhoto(request);
    if ((await store.photos([loaded.row.id])).length >= MAX_PHOTOS)
      throw notAccepted([{ field: "photo", message: `A dispute holds at most ${MAX_PHOTOS} photos.` }]);
    const id = randomUUID();
    await deps.disputes.photos.put(id, bytes);
    const added = await store.addPhoto(
      loaded.row.id,
      {
        id,
        type,
        bytes: bytes.byteLength,
        sha256,
        by_id: actor.person.id,
        by_name: actor.person.name,
        side: loaded.side,
        idempotency_key: idempotencyKey,
      },
      MAX_PHOTOS,
    );
    // Not kept (a race with another upload, the limit, its end): its bytes go too.
    if (added !== "added") await deps.disputes.photos.remove([id]);
    if (added === "full")
      throw notAccepted([{ field: "photo", message: `A dispute holds at most ${MAX_PHOTOS} photos.` }]);
    if (added === "resolved") throw resolved();
    if (added === "added") {
      const row = (await store.get(
        { environment: actor.key.environment, visitor: actor.visitor ?? null },
        loaded.row.id,
      ))!;
      await tellChange(
        deps,
        row,
        "store",
        actor.person.id,
        "a photo added",
        loaded.store?.salesRepUserId ?? null,
      ).catch(() => undefined);
    }
    return answerDispute(actor, deps, loaded, added === "added" ? 201 : 200);
  },
);

// GET /api/disputes/{id}/photos/{photoId}: the photo's bytes, to the store's and the rep's side only, never cached by
// the browser nor a shared cache, never sniffed as anything but the image it is.
export const getDisputePhoto = defineRoute(
  { need: "key", keyTypes: ["Customer", "Employee"], what: "The photo" },
  async ({ request, actor, params }, deps: DisputeDeps) => {
    const loaded = await load(request, actor, deps, params.id);
    const photo = params.photoId ? await storeOf(deps).photo(loaded.row.id, params.photoId) : undefined;
    if (!photo) throw noSuchDispute();
    const bytes = await deps.disputes.photos.get(photo.id);
    if (!bytes) throw noSuchDispute();
    return photoResponse(bytes, photo, "dispute-photo");
  },
);
