import { describe, expect, it } from "vitest";
import { revisionMark, revisionNotice } from "./revision";

describe("revision words", () => {
  it("mark an invoice with an update in progress, and nothing otherwise", () => {
    expect(revisionMark("Submitted")).toBe("Revision Submitted");
    expect(revisionMark(null)).toBeUndefined();
    expect(revisionMark(undefined)).toBeUndefined();
    expect(revisionMark("")).toBeUndefined();
  });

  it("explain the mark, with when it last changed if known", () => {
    expect(revisionNotice("Importing")).toBe(
      "A revision of this invoice is in progress (Importing): values may not reflect the latest update.",
    );
    expect(revisionNotice("Accepted", "Nov 20, 2026")).toBe(
      "A revision of this invoice is in progress (Accepted, since Nov 20, 2026): values may not reflect the latest update.",
    );
  });
});
