import { MAX_PHOTOS } from "@/lib/domain/disputes/dispute";
import { MAX_PHOTO_BYTES } from "@/lib/domain/photos/photo-type";

/**
 * What a photo may be, checked on the phone before a byte is sent (the server checks the same,
 * `lib/server/core/photos/photo-upload.ts`): a JPEG, PNG or HEIC (an iPhone's camera), at most 10 MB; at most 10 a
 * dispute, one a collection (its check). Pure.
 */

export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/heic"] as const;
export { MAX_PHOTO_BYTES } from "@/lib/domain/photos/photo-type";

/** What the file input offers (the camera first on a phone, `capture="environment"`). */
export const PHOTO_ACCEPT = PHOTO_TYPES.join(",");

/** A file's type as sent: its own, or by its name where the browser gives none (HEIC on some desktops). */
export function photoType(file: { type: string; name: string }): string {
  if (file.type) return file.type === "image/heif" ? "image/heic" : file.type;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return ext === "heic" || ext === "heif"
    ? "image/heic"
    : ext === "jpg" || ext === "jpeg"
      ? "image/jpeg"
      : ext === "png"
        ? "image/png"
        : "";
}

/**
 * Why a photo cannot be added to a dispute, in the page's words, or undefined when it can.
 *
 * @example
 * photoProblem({ type: "application/pdf", name: "coa.pdf", size: 1000 }, 0); // "coa.pdf is not a photo: …"
 */
export function photoProblem(
  file: { type: string; name: string; size: number },
  photosSoFar: number,
): string | undefined {
  if (photosSoFar >= MAX_PHOTOS) return `A dispute holds at most ${MAX_PHOTOS} photos: this one has ${photosSoFar}.`;
  return photoFileProblem(file);
}

/**
 * Why a file is no photo to send (its type, its size), in the page's words, or undefined when it is one.
 *
 * @example
 * photoFileProblem({ type: "image/png", name: "check.png", size: 0 }); // "check.png is empty."
 */
export function photoFileProblem(file: { type: string; name: string; size: number }): string | undefined {
  if (!(PHOTO_TYPES as readonly string[]).includes(photoType(file)))
    return `${file.name} is not a photo: take or choose a JPEG, PNG or HEIC image.`;
  if (file.size > MAX_PHOTO_BYTES)
    return `${file.name} is ${megabytes(file.size)}: a photo is at most ${megabytes(MAX_PHOTO_BYTES)}.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return undefined;
}

/** Bytes in megabytes, one decimal ("10.4 MB"). */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 || Number.isInteger(mb) ? mb.toFixed(0) : mb.toFixed(1)} MB`;
}
