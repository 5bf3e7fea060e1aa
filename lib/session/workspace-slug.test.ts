import { describe, expect, it } from "vitest";
import { isDemoSlug, randomSuffix, workspaceSlug } from "./workspace-slug";

describe("workspaceSlug", () => {
  it("derives lower-case words from the name, then the suffix", () => {
    expect(workspaceSlug("Valley Cannabis — Buyers", "x7k2qa")).toBe("valley-cannabis-buyers-x7k2qa");
    expect(workspaceSlug("  Crème Brûlée Co. ", "abc123")).toBe("creme-brulee-co-abc123");
    expect(workspaceSlug("店", "abc123")).toBe("workspace-abc123");
  });

  it("keeps the name's part to 40 characters without a trailing hyphen", () => {
    const slug = workspaceSlug(`${"a".repeat(39)} b`, "s");
    expect(slug).toBe(`${"a".repeat(39)}-s`);
  });

  it("never gives a workspace one of the demo's slugs, whatever its name", () => {
    for (const name of ["Demo supplier production", "demo", "DEMO-customer-test", "Démo"]) {
      const slug = workspaceSlug(name, "x7k2qa");
      expect(isDemoSlug(slug), `${name}: ${slug}`).toBe(false);
    }
    expect(workspaceSlug("Demo supplier production", "x7k2qa")).toBe("ws-demo-supplier-production-x7k2qa");
    expect(isDemoSlug("demo-supplier-production")).toBe(true);
    expect(isDemoSlug("demolition-crew-x7k2qa")).toBe(false);
  });

  it("makes a different random suffix each time", () => {
    expect(randomSuffix()).toMatch(/^[a-z0-9]{6}$/);
    expect(new Set(Array.from({ length: 20 }, () => randomSuffix())).size).toBe(20);
  });
});
