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
  [
    "lib/server/core/session/extra.ts",
    'import { mountedSandbox } from "../../../sandbox/mounted";',
    /not lib\/sandbox/,
  ],
  [
    "lib/sandbox/handlers/extra.ts",
    'import { serverEnv } from "../../server/core/env";',
    /lib\/sandbox may import .*; not lib\/server/,
  ],
  ["lib/sandbox/extra.ts", 'import { formatMoney } from "@/lib/format/display";', /not lib\/format/],
  ["lib/sandbox/extra.ts", 'import { LIST_VIEWS } from "@/lib/ui/views/list-views";', /not lib\/ui/],
  [
    "lib/node/extra.ts",
    'import { formatMoney } from "@/lib/format/display";',
    /lib\/node may import nothing of Backroom's/,
  ],
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
    'import { browserApi } from "../ui/browser-api";',
    /lib\/format may import lib\/data-api; not lib\/ui/,
  ],
  ["lib/format/extra.ts", 'import { STALE } from "../domain/api-query";', /not lib\/domain/],
  // The server reads the shared rules from lib/domain, and nothing of lib/ui (its hooks and React views).
  [
    "lib/server/views/extra.ts",
    'import { LIST_VIEWS } from "@/lib/ui/views/list-views";',
    /lib\/server may import .*lib\/domain.*; not lib\/ui/,
  ],
  ["lib/server/extra.ts", 'import { browserApi } from "../ui/browser-api";', /not lib\/ui/],
  // lib/domain is pure: Backroom's contract and formats only, no React, no Next, nothing of the server's.
  [
    "lib/domain/extra.ts",
    'import { browserApi } from "@/lib/ui/browser-api";',
    /lib\/domain may import lib\/data-api, lib\/format; not lib\/ui/,
  ],
  ["lib/domain/views/extra.ts", 'import { serverEnv } from "../../server/core/env";', /not lib\/server/],
  ["lib/domain/extra.ts", 'import { planExport } from "@/lib/export/plan";', /not lib\/export/],
  ["lib/domain/views/extra.ts", 'import Link from "next/link";', /no React, no Next/],
  ["lib/domain/extra.ts", 'import type { ReactNode } from "react";', /no React, no Next/],
  ["lib/domain/extra.ts", 'import "server-only";', /runs in the browser/],
  [
    "lib/data-api/extra.ts",
    'import { addDays } from "@/lib/format/days";',
    /lib\/data-api may import nothing of Backroom's; not lib\/format/,
  ],
  ["lib/data-api/extra.ts", 'import { serverEnv } from "../server/core/env";', /not lib\/server/],
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
  ["components/extra.tsx", 'import { pageHref } from "@/lib/domain/page-href";'],
  ["app/extra/page.tsx", 'import { STALE } from "@/lib/domain/api-query";'],
  ["lib/ui/views/extra.ts", 'import { LIST_VIEWS } from "../../domain/views/list-views";'],
  ["lib/server/views/extra.ts", 'import { LIST_VIEWS } from "@/lib/domain/views/list-views";'],
  // A secret kept in a file: Node's, made once, for the server and the sandbox alike.
  ["lib/server/core/session/extra.ts", 'import { loadOrCreateSecretFile } from "@/lib/node/secret-file";'],
  ["lib/sandbox/extra.ts", 'import { loadOrCreateSecretFile } from "../node/secret-file";'],
  ["lib/domain/extra.ts", 'import { addDays } from "@/lib/format/days";'],
  ["lib/domain/extra.ts", 'import { matchOperation } from "@/lib/data-api/registry";'],
  // A rule's test may read it back the way the browser does.
  ["lib/domain/today/extra.test.ts", 'import { matchAccounts } from "@/lib/ui/today/match-accounts";'],
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

/** The `max-lines` messages for a page of `lines` statements at `path` (comments and blank lines not counted). */
async function lengthErrors(path: string, lines: number): Promise<string[]> {
  const body = Array.from({ length: lines }, (_, i) => `export const line${i} = ${i};`);
  const code = ["// A comment, not counted.", "", ...body].join("\n");
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}${path}` });
  return result!.messages.filter((m) => m.ruleId === "max-lines").map((m) => m.message);
}

describe("pages are shells", { timeout: 120_000 }, () => {
  it("refuses a page.tsx over 110 lines of code", async () => {
    expect(await lengthErrors("app/(dashboard)/extra/page.tsx", 111)).toEqual([
      expect.stringMatching(/Maximum allowed is 110/),
    ]);
  });

  it("allows a page.tsx of 110 lines of code, and a longer file beside it", async () => {
    expect(await lengthErrors("app/(dashboard)/extra/page.tsx", 110)).toEqual([]);
    expect(await lengthErrors("app/(dashboard)/extra/_lib/extra.tsx", 200)).toEqual([]);
  });
});

/** The route-file rule's messages for `code` as `app/api/extra/route.ts`. */
async function routeErrors(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}app/api/extra/route.ts` });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("route files are one line per method", { timeout: 120_000 }, () => {
  const serving = 'import { serve } from "@/lib/backend";\nimport { listNotes } from "@/lib/server/notes/notes-api";\n';

  it.each([
    'export const runtime = "nodejs";',
    'export const dynamic = "force-dynamic";',
    "export const revalidate = 0;",
  ])("refuses a runtime or caching setting: %s", async (setting) => {
    expect(await routeErrors(`${serving}${setting}\nexport const GET = serve(listNotes);`)).toEqual([
      expect.stringMatching(/says no runtime or caching setting/),
    ]);
  });

  it("refuses a handler that is not serve(route), and allows one that is", async () => {
    expect(await routeErrors(`${serving}export async function GET() { return new Response(); }`)).toEqual([
      expect.stringMatching(/serve\(route\)/),
    ]);
    expect(await routeErrors(`${serving}export const GET = serve(listNotes);`)).toEqual([]);
  });
});

describe("one error shape, built in one place", { timeout: 120_000 }, () => {
  const errorKeyErrors = async (path: string, code: string) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}${path}` });
    return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
  };

  it.each([
    ["lib/server/notes/extra.ts", 'export const refused = () => Response.json({ Error: "No." }, { status: 404 });'],
    ["lib/server/core/proxy/extra.ts", 'export const body = { Error: { code: "X", detail: "No." } };'],
  ])("refuses an Error body built in %s", async (path, code) => {
    expect(await errorKeyErrors(path, code)).toEqual([expect.stringMatching(/route-errors\.ts/)]);
  });

  it("allows it in the errors module", async () => {
    expect(await errorKeyErrors("lib/server/core/route-errors.ts", 'export const body = { Error: "No." };')).toEqual(
      [],
    );
  });
});

describe("no answer's schema where the pages load it", { timeout: 120_000 }, () => {
  const describeErrors = async (path: string, code: string) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}${path}` });
    return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
  };
  const answer =
    'import * as z from "zod";\nexport const ExtraAnswer = z.object({ total: z.string().describe("Money, 2 decimals.") });';

  it.each([
    "lib/domain/extra.ts",
    "lib/session/extra.ts",
    "lib/audit/extra.ts",
    "lib/ui/extra.ts",
    "components/extra.tsx",
    "lib/format/extra.ts",
    "lib/export/extra.ts",
  ])("refuses a described schema in %s", async (path) => {
    expect(await describeErrors(path, answer)).toEqual([expect.stringMatching(/lib\/server\/<feature>\/answers\.ts/)]);
  });

  it("allows it on the server and in the contract, and vitest's describe anywhere", async () => {
    expect(await describeErrors("lib/server/notes/answers.ts", `import "server-only";\n${answer}`)).toEqual([]);
    expect(await describeErrors("lib/data-api/records/extra.ts", answer)).toEqual([]);
    expect(
      await describeErrors("lib/domain/extra.test.ts", 'import { describe } from "vitest";\ndescribe("x", () => {});'),
    ).toEqual([]);
    expect(
      await describeErrors("lib/domain/extra.ts", "export const describe = (x: string) => x;\ndescribe('x');"),
    ).toEqual([]);
  });
});
