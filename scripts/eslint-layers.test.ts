import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of eslint.config.mjs (docs/architecture.md, "Layers and who may import whom") bite: one import line,
 * linted as if it stood in a file at a given path, is refused or allowed. The imported modules are real files, because
 * `import/no-restricted-paths` judges the file an import resolves to (so `@/lib/sandbox/x` and `../sandbox/x` alike).
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The layer rules' messages for `code` in a file at `path` (relative to the repository). */
async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}${path}` });
  return result!.messages
    .filter((m) => m.ruleId === "import/no-restricted-paths" || m.ruleId === "no-restricted-imports")
    .map((m) => m.message);
}

const refused: [file: string, code: string, says: RegExp][] = [
  [
    "lib/server/proxy-extra.ts",
    'import { mountedSandbox } from "@/lib/sandbox/mounted";',
    /lib\/server may import .*; not lib\/sandbox/,
  ],
  ["lib/server/proxy-extra.ts", 'import { mountedSandbox } from "../sandbox/mounted";', /not lib\/sandbox/],
  ["lib/server/core/session/extra.ts", 'import { mountedSandbox } from "../../sandbox/mounted";', /not lib\/sandbox/],
  [
    "lib/sandbox/handlers/extra.ts",
    'import { serverEnv } from "../../server/env";',
    /lib\/sandbox may import .*; not lib\/server/,
  ],
  ["lib/sandbox/extra.ts", 'import { formatMoney } from "@/lib/format/display";', /not lib\/format/],
  ["lib/sandbox/extra.ts", 'import { LIST_VIEWS } from "@/lib/ui/views/list-views";', /not lib\/ui/],
  [
    "components/extra.tsx",
    'import { serverEnv } from "@/lib/server/core/env";',
    /components may import .*; not lib\/server/,
  ],
  ["components/extra.tsx", 'import { backend } from "@/lib/backend";', /not lib\/backend\.ts/],
  ["components/extra.tsx", 'import "server-only";', /runs in the browser/],
  ["components/table/extra.tsx", 'import { readFileSync } from "node:fs";', /runs in the browser/],
  [
    "lib/ui/extra.ts",
    'import { ListView } from "@/components/views/list-view";',
    /lib\/ui may import .*; not components/,
  ],
  ["lib/ui/extra.ts", 'import { AddKey } from "../session/session-view";', /not lib\/session/],
  [
    "lib/format/extra.ts",
    'import { STALE } from "../ui/api-query";',
    /lib\/format may import lib\/data-api; not lib\/ui/,
  ],
  [
    "lib/data-api/extra.ts",
    'import { addDays } from "@/lib/format/days";',
    /lib\/data-api may import nothing of Backroom's; not lib\/format/,
  ],
  ["lib/data-api/extra.ts", 'import { serverEnv } from "../server/env";', /not lib\/server/],
  [
    "app/extra/page.tsx",
    'import { mountedSandbox } from "@/lib/sandbox/mounted";',
    /app may import .*; not lib\/sandbox/,
  ],
  ["lib/backend.ts", 'import { ListView } from "@/components/views/list-view";', /not components/],
  // A test's allowance is its own layer's: a component's test still may not reach the server.
  ["components/extra.test.ts", 'import { serverEnv } from "@/lib/server/core/env";', /not lib\/server/],
];

const allowed: [file: string, code: string][] = [
  ["lib/server/proxy-extra.ts", 'import { matchOperation } from "@/lib/data-api/registry";'],
  ["lib/sandbox/extra.ts", 'import { toDecimalString } from "@/lib/format/decimal";'],
  ["lib/sandbox/handlers/extra.ts", 'import { addDays } from "../../format/days";'],
  ["components/extra.tsx", 'import { LIST_VIEWS } from "@/lib/ui/views/list-views";'],
  ["app/extra/page.tsx", 'import { backend } from "@/lib/backend";'],
  ["lib/backend.ts", 'import { mountedSandbox } from "@/lib/sandbox/mounted";'],
  // The sandbox stands in for the Data API behind the proxy in lib/server's tests.
  ["lib/server/extra.test.ts", 'import { openTestSandbox } from "@/lib/sandbox/testing";'],
  // The editor's checks are compared with the sandbox's in lib/ui's tests.
  ["lib/ui/purchases/extra.test.ts", 'import { readinessOf } from "@/lib/sandbox/purchase-checks";'],
];

describe("the layer rules", { timeout: 120_000 }, () => {
  it.each(refused)("refuses in %s: %s", async (file, code, says) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(says);
  });

  it.each(allowed)("allows in %s: %s", async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
