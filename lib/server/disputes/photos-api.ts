import "server-only";
import { randomUUID } from "node:crypto";
import { MAX_PHOTOS } from "@/lib/domain/disputes/dispute";
import { defineRoute } from "../core/define-route";
import { photoResponse, receivePhoto } from "../core/photos/photo-upload";
import { DisputeViewAnswer } from "./answers";
import { type DisputeDeps, storeOf, WRITE } from "./dispute-deps";
import { tellChange } from "./dispute-tell";
import { answerDispute, load, SEEN_BY } from "./disputes-api";
import { noSuchDispute, notAccepted, notYourSide, resolved } from "./errors";

/**
 * A dispute's photos: the store's, taken at the back door with the phone's camera. A photo is what its first bytes say
 * (`photoType`), checked as every feature's photos are (`core/photos/photo-upload.ts`). Its bytes go to the photo store
 * (`core/photos/photo-store.ts`: files under DATA_DIR/dispute-photos, or `dispute_photo_blobs`) before its metadata is
 * kept, so a photo listed is one that can be read.
 */

export const addDisputePhoto = defineRoute(
  {
    method: "POST",
    path: "/api/disputes/{id}/photos",
    summary: "Adds a photo of the delivery to a dispute (the store's side).",
    description: [
      "The body is `multipart/form-data`, the image in the field `photo`. The store's side only (403 `NOT_YOUR_SIDE`",
      "otherwise). Answers the dispute, its `ETag` the version; the same `Idempotency-Key` again: 200, as it is.",
      "",
      "- A JPEG, PNG or HEIC by its first bytes, whatever its name or declared type (422 `VALIDATION_FAILED` on `photo`",
      `  otherwise), at most 10 MB (413 \`PAYLOAD_TOO_LARGE\` on \`photo\`), ${MAX_PHOTOS} a dispute (422 on \`photo\`); 415 for a`,
      "  body that is not multipart.",
      "- Once the dispute is resolved: 409 `DISPUTE_RESOLVED`.",
      "",
      SEEN_BY,
    ].join("\n"),
    answer: DisputeViewAnswer,
    status: 201,
    idempotencyKey: "required",
    need: "key",
    keyTypes: ["Customer"],
    permission: WRITE,
    what: "The dispute",
  },
  async ({ request, actor, params, idempotencyKey }, deps: DisputeDeps) => {
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

export const getDisputePhoto = defineRoute(
  {
    method: "GET",
    path: "/api/disputes/{id}/photos/{photoId}",
    summary: "Downloads a dispute's photo.",
    description:
      "To the store's and the rep's side only (a brand never: the photo is of the store's delivery); 404 `NOT_FOUND` " +
      "otherwise, and for no such photo.",
    answer: {
      mediaType: "image/*",
      description:
        "The photo's bytes, in its own `Content-Type` (JPEG, PNG or HEIC), with `Cache-Control: private, no-store`, " +
        "`X-Content-Type-Options: nosniff`, `Content-Disposition: inline` and an `ETag` (its SHA-256).",
    },
    need: "key",
    keyTypes: ["Customer", "Employee"],
    what: "The photo",
  },
  async ({ request, actor, params }, deps: DisputeDeps) => {
    const loaded = await load(request, actor, deps, params.id);
    const photo = params.photoId ? await storeOf(deps).photo(loaded.row.id, params.photoId) : undefined;
    if (!photo) throw noSuchDispute();
    const bytes = await deps.disputes.photos.get(photo.id);
    if (!bytes) throw noSuchDispute();
    return photoResponse(bytes, photo, "dispute-photo");
  },
);
