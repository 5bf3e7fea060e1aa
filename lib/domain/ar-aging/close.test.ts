import { describe, expect, it } from "vitest";
import { closeText } from "./close";

describe("closeText", () => {
  it("reads one close in the zone given, and names it", () => {
    expect(closeText("2026-11-26T10:26:00Z", "America/Los_Angeles")).toBe(
      "Nov 26, 2026, 2:26 AM (America/Los_Angeles)",
    );
    expect(closeText("2026-11-26T10:26:00Z", "UTC")).toBe("Nov 26, 2026, 10:26 AM (UTC)");
  });
});
