import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "@/lib/domain/disputes/photo-type";

/**
 * What a dispute's photo may be, checked on the phone before a byte is sent (the server checks the same): a JPEG, PNG
 * or HEIC (an iPhone's camera), at most 10 MB, at most 10 a dispute. Pure.
 */

export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/heic"] as const;
export { MAX_PHOTO_BYTES, MAX_PHOTOS } from "@/lib/domain/disputes/photo-type";

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
 * Why a photo cannot be added, in the page's words, or undefined when it can.
 *
 * @example
 * photoProblem({ type: "application/pdf", name: "coa.pdf", size: 1000 }, 0); // "coa.pdf is not a photo: …"
 */
export function photoProblem(
  file: { type: string; name: string; size: number },
  photosSoFar: number,
): string | undefined {
  if (photosSoFar >= MAX_PHOTOS) return `A dispute holds at most ${MAX_PHOTOS} photos: this one has ${photosSoFar}.`;
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
