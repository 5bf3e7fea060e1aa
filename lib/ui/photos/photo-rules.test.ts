import { describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES, photoProblem, photoType } from "./photo-rules";

describe("photoProblem: what the phone refuses before sending", () => {
  it.each([
    [{ type: "image/jpeg", name: "box.jpg", size: 2_000_000 }, 0, undefined],
    [{ type: "image/png", name: "box.png", size: MAX_PHOTO_BYTES }, 9, undefined],
    [{ type: "", name: "IMG_0001.HEIC", size: 3_000_000 }, 0, undefined],
    [{ type: "image/jpeg", name: "big.jpg", size: MAX_PHOTO_BYTES + 1 }, 0, /at most 10 MB/],
    [{ type: "application/pdf", name: "coa.pdf", size: 1000 }, 0, /not a photo/],
    [{ type: "image/gif", name: "a.gif", size: 1000 }, 0, /not a photo/],
    [{ type: "image/jpeg", name: "eleventh.jpg", size: 1000 }, 10, /at most 10 photos/],
  ] as const)("%o with %i already: %s", (file, count, problem) => {
    const out = photoProblem(file, count);
    if (problem === undefined) expect(out).toBeUndefined();
    else expect(out).toMatch(problem);
  });

  it("names a HEIC the desktop gave no type by its extension", () => {
    expect(photoType({ type: "", name: "a.heic" })).toBe("image/heic");
    expect(photoType({ type: "image/heif", name: "a" })).toBe("image/heic");
    expect(photoType({ type: "", name: "a.txt" })).toBe("");
  });
});
