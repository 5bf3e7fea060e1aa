import { describe, expect, it } from "vitest";
import { mergeSection } from "./benchmarks-doc";

const DOC = [
  "# Benchmarks",
  "",
  "## Phone",
  "",
  "Measured 2026-11-27.",
  "",
  "| Figure | Measured |",
  "| --- | ---: |",
  "| LCP | 900 ms |",
  "",
  "The shell is not counted.",
  "",
  "2026-11-27, on c89659e: the page offline missed, and why.",
  "",
  "2026-11-26, first measured.",
  "",
  "## Scale",
  "",
  "Measured 2026-11-20.",
  "",
].join("\n");

describe("mergeSection", () => {
  it("replaces a section's measured part and keeps its dated history under it, the next section untouched", () => {
    const merged = mergeSection(DOC, "## Phone", "## Phone\n\nMeasured 2026-11-28.\n\n| LCP | 604 ms |\n");
    expect(merged).toBe(
      [
        "# Benchmarks",
        "",
        "## Phone",
        "",
        "Measured 2026-11-28.",
        "",
        "| LCP | 604 ms |",
        "",
        "2026-11-27, on c89659e: the page offline missed, and why.",
        "",
        "2026-11-26, first measured.",
        "",
        "## Scale",
        "",
        "Measured 2026-11-20.",
        "",
      ].join("\n"),
    );
  });

  it("keeps the history of the last section too", () => {
    const doc = "# B\n\n## Last\n\nMeasured.\n\n2026-11-01, why.\n";
    expect(mergeSection(doc, "## Last", "## Last\n\nMeasured again.\n")).toBe(
      "# B\n\n## Last\n\nMeasured again.\n\n2026-11-01, why.\n",
    );
  });

  it("replaces a section without history whole, and adds a new one at the end", () => {
    expect(mergeSection("# B\n\n## A\n\nold\n\n## C\n", "## A", "## A\n\nnew\n")).toBe("# B\n\n## A\n\nnew\n\n## C\n");
    expect(mergeSection("# B\n", "## New", "## New\n\nfirst\n")).toBe("# B\n\n## New\n\nfirst\n");
  });
});
