import { describe, expect, it } from "vitest";
import { photoType } from "./photo-type";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...new TextEncoder().encode(p)] : p)));

describe("photoType: what a photo is by its first bytes", () => {
  it.each([
    ["a JPEG", bytes([0xff, 0xd8, 0xff, 0xe1], "Exif"), "image/jpeg"],
    ["a PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR"), "image/png"],
    ["a HEIC (major brand heic)", bytes([0, 0, 0, 24], "ftypheic", [0, 0, 0, 0], "mif1heic"), "image/heic"],
    ["a HEIF named by a compatible brand", bytes([0, 0, 0, 24], "ftypXXXX", [0, 0, 0, 0], "mif1miaf"), "image/heic"],
  ])("knows %s", (_name, data, type) => expect(photoType(data)).toBe(type));

  it.each([
    ["text named .jpg", bytes("hello, I am not a photo")],
    ["an MP4 video", bytes([0, 0, 0, 24], "ftypisom", [0, 0, 2, 0], "isomiso2")],
    ["a GIF", bytes("GIF89a")],
    ["nothing", bytes()],
    ["half a JPEG's mark", bytes([0xff, 0xd8])],
  ])("refuses %s", (_name, data) => expect(photoType(data)).toBeUndefined());
});
