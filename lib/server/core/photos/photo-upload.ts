import "server-only";
import { createHash } from "node:crypto";
import { MAX_PHOTO_BYTES, type PhotoType, photoType } from "@/lib/domain/photos/photo-type";
import { RouteError, refusal } from "../route-errors";

/**
 * A photo's upload and download, the same for every feature that keeps photos (a dispute's, a collection's check): a
 * multipart body with the file in the field `photo`, refused past `MAX_PHOTO_BYTES` (413, by its Content-Length or as
 * soon as the stream passes it) and when its first bytes are no JPEG, PNG or HEIC (422, `photoType`), each on the field
 * `photo`; read back with its type, never cached, never sniffed.
 */

/** What a multipart body may weigh besides its photo: its boundaries and part headers. */
const FORM_OVERHEAD = 64 * 1024;

/** 413 `PAYLOAD_TOO_LARGE` on the field `photo`. */
export const photoTooLarge = () =>
  new RouteError(413, "PAYLOAD_TOO_LARGE", `A photo is at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`, {
    fieldErrors: [{ field: "photo", code: "TOO_LARGE", detail: `A photo is at most ${MAX_PHOTO_BYTES} bytes.` }],
  });

/** 422 `VALIDATION_FAILED` on the field `photo` (or the body, when it cannot be read). */
export function photoRefused(detail: string, field: "photo" | "body" = "photo"): RouteError {
  return new RouteError(422, "VALIDATION_FAILED", detail, { fieldErrors: [{ field, code: "INVALID_VALUE", detail }] });
}

/** The request's body, refused past `max` bytes by its Content-Length or as soon as the stream passes it. */
async function readLimited(request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("Content-Length") ?? "0") > max) throw photoTooLarge();
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
      throw photoTooLarge();
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

/** A photo as received: its bytes, its type by those bytes, and their SHA-256 (hex). */
export interface ReceivedPhoto {
  bytes: Uint8Array;
  type: PhotoType;
  sha256: string;
}

/** The `photo` field of a multipart body: its bytes, refused when too large or no photo. */
export async function receivePhoto(request: Request): Promise<ReceivedPhoto> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    throw refusal("UNSUPPORTED_MEDIA_TYPE", "Send the photo as multipart/form-data, in the field photo.", 415);
  const body = await readLimited(request, MAX_PHOTO_BYTES + FORM_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw photoRefused("The multipart body could not be read.", "body");
  }
  const photo = form.get("photo");
  if (!photo || typeof photo === "string") throw photoRefused("Send the photo as a file in the field photo.");
  if (photo.size > MAX_PHOTO_BYTES) throw photoTooLarge();
  const bytes = new Uint8Array(await photo.arrayBuffer());
  const type = photoType(bytes);
  if (!type) throw photoRefused("That file is not a JPEG, PNG or HEIC photo.");
  return { bytes, type, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/**
 * A kept photo's bytes as answered: its type, never kept by the browser nor a shared cache (a photo is not on the device
 * after sign-out), never sniffed as anything but the image it is, shown inline under a name of its id.
 */
export function photoResponse(
  bytes: Uint8Array,
  photo: { id: string; type: string; sha256: string },
  namePrefix: string,
): Response {
  const extension = photo.type.split("/")[1];
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": photo.type,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="${namePrefix}-${photo.id}.${extension}"`,
      ETag: `"${photo.sha256}"`,
    },
  });
}
