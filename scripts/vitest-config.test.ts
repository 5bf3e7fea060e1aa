import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import config, { ISOLATED } from "../vitest.config";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Every test file under the folders the unit tests come from. */
function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, join(root, path))] : [];
  });
}

describe("vitest.config.ts", () => {
  it("runs isolated every file that replaces a module (vi.mock) or renders in Next's own contexts, and only those", () => {
    const needing = ["lib", "components", "e2e", "scripts"]
      .flatMap(testFiles)
      // This file names both in its pattern, and does neither.
      .filter((file) => file !== "scripts/vitest-config.test.ts")
      .filter((file) =>
        /\bvi\.(do)?[mM]ock\(|from "next\/dist\/shared\/lib\//.test(readFileSync(join(root, file), "utf8")),
      );
    expect([...needing].sort()).toEqual([...ISOLATED].sort());
    const projects = config.test?.projects as { test: { name: string; isolate?: boolean; include?: string[] } }[];
    const isolated = projects.find((project) => project.test.include === ISOLATED);
    expect(isolated?.test.isolate).not.toBe(false);
  });
});
