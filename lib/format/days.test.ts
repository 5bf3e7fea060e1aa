import { describe, expect, it } from "vitest";
import { isZone } from "./days";

describe("isZone", () => {
  it("knows an IANA name and UTC, and refuses a made-up one, however often it is asked", () => {
    for (let i = 0; i < 3; i++) {
      expect(isZone("America/Los_Angeles")).toBe(true);
      expect(isZone("UTC")).toBe(true);
      expect(isZone("Pacific")).toBe(false);
      expect(isZone("")).toBe(false);
    }
  });

  it("answers the same past the thousand names it keeps (zone names are case-insensitive)", () => {
    const name = "america/los_angeles";
    const casing = (bits: number) =>
      [...name].map((c, i) => (i < 12 && bits & (1 << i) ? c.toUpperCase() : c)).join("");
    for (let bits = 0; bits < 1_200; bits++) expect(isZone(casing(bits))).toBe(true);
    for (let i = 0; i < 50; i++) expect(isZone(`Not/A_Zone_${i}`)).toBe(false);
    expect(isZone("Europe/Berlin")).toBe(true);
  });
});
