import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, photoType } from "@/lib/domain/disputes/photo-type";
import { defineRoute, RouteError, refusal, requiredIdempotencyKey } from "../core/define-route";
import { type DisputeDeps, storeOf, WRITE } from "./dispute-deps";
import { tellChange } from "./dispute-tell";
import { answerDispute, load } from "./disputes-api";
import { noSuchDispute, notAccepted, notYourSide, resolved } from "./errors";

/**
 * A dispute's photos (`app/api/disputes/{id}/photos`): the store's, taken at the back door with the phone's camera.
 * A photo is what its first bytes say (a JPEG, a PNG or a HEIC, `photoType`), never the name or type its sender
 * declared; at most `MAX_PHOTO_BYTES` (10 MB) each and `MAX_PHOTOS` (10) a dispute. Its bytes go to the photo store
 * (`photo-store.ts`: files under DATA_DIR, or the database) before its metadata is kept, so a photo listed is one
 * that can be read; an upload retried with its Idempotency-Key answers the first. The store's and the rep's side read
 * them (a brand never: the photo is of the store's delivery), never cached.
 */

/** What a multipart body may weigh besides its photo: its boundaries and part headers. */
const FORM_OVERHEAD = 64 * 1024;

const tooLarge = () =>
  new RouteError(413, "PAYLOAD_TOO_LARGE", `A photo is at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`, {
    fieldErrors: [{ field: "photo", code: "TOO_LARGE", detail: `A photo is at most ${MAX_PHOTO_BYTES} bytes.` }],
  });

/** The request's body, refused past `max` bytes by its Content-Length or as soon as the stream passes it. */
async function readLimited(request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("Content-Length") ?? "0") > max) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The `photo` field of a multipart body, as bytes. */
async function photoOf(request: Request): Promise<Uint8Array> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type))
    throw refusal("UNSUPPORTED_MEDIA_TYPE", "Send the photo as multipart/form-data, in the field photo.", 415);
  const body = await readLimited(request, MAX_PHOTO_BYTES + FORM_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw notAccepted([{ field: "body", message: "The multipart body could not be read." }]);
  }
  const photo = form.get("photo");
  if (!photo || typeof photo === "string")
    throw notAccepted([{ field: "photo", message: "Send the photo as a file in the field photo." }]);
  if (photo.size > MAX_PHOTO_BYTES) throw tooLarge();
  return new Uint8Array(await photo.arrayBuffer());
}

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
    const bytes = await photoOf(request);
    const type = photoType(bytes);
    if (!type) throw notAccepted([{ field: "photo", message: "That file is not a JPEG, PNG or HEIC photo." }]);
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
        sha256: createHash("sha256").update(bytes).digest("hex"),
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
    const extension = photo.type.split("/")[1];
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": photo.type,
        "Content-Length": String(bytes.byteLength),
        // Never kept by the browser either: a photo is not on the device after sign-out.
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": `inline; filename="dispute-photo-${photo.id}.${extension}"`,
        ETag: `"${photo.sha256}"`,
      },
    });
  },
);
