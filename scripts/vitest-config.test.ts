import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import config, { MOCKING } from "../vitest.config";

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
  it("runs every file that replaces a module (vi.mock) isolated, and only those", () => {
    const mocking = ["lib", "components", "e2e", "scripts"]
      .flatMap(testFiles)
      .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, file), "utf8")))
      // This file names the call in its pattern, and mocks nothing.
      .filter((file) => file !== "scripts/vitest-config.test.ts");
    expect([...mocking].sort()).toEqual([...MOCKING].sort());
    const projects = config.test?.projects as { test: { name: string; isolate?: boolean; include?: string[] } }[];
    const isolated = projects.find((project) => project.test.include === MOCKING);
    expect(isolated?.test.isolate).not.toBe(false);
  });
});
