/**
 * What a photo is, by its first bytes (never by the name or the type its sender declared): a JPEG, a PNG, or a HEIC
 * (an ISO media file whose `ftyp` box names a HEIF brand, what a phone's camera writes). Anything else is no photo.
 * Pure: the upload routes check it (a dispute's photos, a collection's check), a test names the bytes.
 */

export type PhotoType = "image/jpeg" | "image/png" | "image/heic";

/** The most a photo weighs (10 MB), wherever it is kept. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The `ftyp` brands of HEIF files (HEIC and its sequences, and the generic image brands phones write). */
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * @example
 * photoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])); // "image/jpeg"
 * photoType(new TextEncoder().encode("hello")); // undefined
 */
export function photoType(bytes: Uint8Array): PhotoType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= PNG.length && PNG.every((b, i) => bytes[i] === b)) return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    const end = Math.min(bytes.length, size >= 16 ? size : 16);
    // The major brand, then the compatible brands, four letters each (after the minor version).
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((b) => HEIF_BRANDS.has(b))) return "image/heic";
  }
  return undefined;
}
