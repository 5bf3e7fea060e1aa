import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type ICruiseResult, type IConfiguration } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The import graph's rules of .dependency-cruiser.cjs (run by `npm run lint`) bite: a small tree written to a temporary
 * folder, cruised with the repository's own rules, shows each rule refusing what it names and allowing the rest.
 */

const config = createRequire(import.meta.url)("../.dependency-cruiser.cjs") as IConfiguration;

const FILES: Record<string, string> = {
  // The core imports a feature: refused.
  "lib/server/core/jobs/runner.ts": 'import { sweep } from "../../insights/history-sync";\nexport const run = sweep;\n',
  // A feature imports the core: allowed.
  "lib/server/insights/history-sync.ts": 'import { log } from "../core/log";\nexport const sweep = log;\n',
  "lib/server/core/log.ts": "export const log = 1;\n",
  // Two files of the core import each other, one of them for a type only: a cycle all the same.
  "lib/server/core/auth/demo.ts": 'import { answer } from "../route-errors";\nexport const demo = answer;\n',
  "lib/server/core/route-errors.ts": 'import type { Demo } from "./auth/kinds";\nexport const answer: Demo = 1;\n',
  "lib/server/core/auth/kinds.ts": 'import { demo } from "./demo";\nexport type Demo = typeof demo;\n',
  // A chain without a loop: allowed.
  "lib/sandbox/seed/sentinels.ts": 'export const NEVER = "2000-01-01";\n',
  "lib/sandbox/seed/demo-history.ts": 'import { NEVER } from "./sentinels";\nexport const history = NEVER;\n',
};

let root: string;
let result: ICruiseResult;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "dependency-rules-"));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const cruised = await cruise(["lib"], {
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    tsPreCompilationDeps: true,
    baseDir: root,
  });
  result = cruised.output as ICruiseResult;
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const violations = (rule: string) =>
  result.summary.violations.filter((v) => v.rule.name === rule).map((v) => `${v.from} -> ${v.to}`);

describe("the import graph's rules", () => {
  it("refuse an import from the core into a feature, and allow a feature's import of the core", () => {
    expect(violations("core-imports-no-feature")).toEqual([
      "lib/server/core/jobs/runner.ts -> lib/server/insights/history-sync.ts",
    ]);
  });

  it("refuse an import cycle, type-only imports counted, and allow a chain without one", () => {
    const cycles = violations("no-cycle");
    expect(cycles.length).toBeGreaterThan(0);
    for (const edge of cycles)
      expect(edge).toMatch(/^lib\/server\/core\/(auth\/demo|auth\/kinds|route-errors)\.ts -> /);
    expect(cycles.some((edge) => edge.includes("sandbox"))).toBe(false);
  });
});
