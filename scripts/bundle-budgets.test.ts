import { describe, expect, it } from "vitest";
import { measure, report } from "./bundle-budgets";
import budgets from "./bundle-budgets.json";

const sizes: Record<string, number> = { "a.js": 100, "b.js": 50, "c.js": 30 };

describe("measure", () => {
  it("sums each route's chunks once, against its own budget or the default, largest first", () => {
    const result = measure(
      [
        { route: "/small", firstLoadChunkPaths: ["c.js"] },
        { route: "/big", firstLoadChunkPaths: ["a.js", "b.js", "a.js"] },
      ],
      { default: 200, routes: { "/big": 140 } },
      (path) => sizes[path]!,
    );
    expect(result).toEqual([
      { route: "/big", bytes: 150, budget: 140, over: true },
      { route: "/small", bytes: 30, budget: 200, over: false },
    ]);
  });

  it("reads each chunk's size once, however many routes share it", () => {
    const read: string[] = [];
    measure(
      [
        { route: "/x", firstLoadChunkPaths: ["a.js", "b.js"] },
        { route: "/y", firstLoadChunkPaths: ["a.js"] },
      ],
      { default: 1000, routes: {} },
      (path) => (read.push(path), sizes[path]!),
    );
    expect(read.sort()).toEqual(["a.js", "b.js"]);
  });
});

describe("report", () => {
  it("fails when any route is over, and says which", () => {
    const { text, ok } = report([
      { route: "/big", bytes: 150_000, budget: 140_000, over: true },
      { route: "/small", bytes: 30_000, budget: 200_000, over: false },
    ]);
    expect(ok).toBe(false);
    expect(text).toContain("| `/big` | 150.0 kB | 140.0 kB | **over** |");
    expect(text).toContain("| `/small` | 30.0 kB | 200.0 kB | ok |");
    expect(report([{ route: "/small", bytes: 1, budget: 1, over: false }]).ok).toBe(true);
  });
});

describe("the repository's budgets", () => {
  it("name a default and only real route patterns, each in bytes", () => {
    expect(budgets.default).toBeGreaterThan(100_000);
    for (const [route, bytes] of Object.entries(budgets.routes)) {
      expect(route).toMatch(/^\/[\w\-/[\]]*$/);
      expect(Number.isInteger(bytes)).toBe(true);
    }
  });
});
