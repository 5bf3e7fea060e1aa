import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * The layers of docs/architecture.md ("Layers and who may import whom"), enforced. Each part of the tree names what
 * it may import; every other part is forbidden to it. `import/no-restricted-paths` (eslint-plugin-import, which
 * eslint-config-next ships) resolves each import to a file first, so `@/lib/sandbox/x`, `../../sandbox/x` and
 * `./x` are judged alike; `no-restricted-imports` bars packages (`server-only`, `node:*`) where a layer runs in the
 * browser. scripts/eslint-layers.test.ts checks that the rules bite.
 */
const PARTS = [
  "app",
  "components",
  "lib/data-api",
  "lib/server",
  "lib/session",
  "lib/ui",
  "lib/format",
  "lib/export",
  "lib/audit",
  "lib/sandbox",
  "lib/backend.ts",
  "scripts",
  "e2e",
];
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
/** What runs in the browser must not pull in server code. */
const BROWSER_ONLY = [
  { group: ["server-only", "node:*"], message: "this layer runs in the browser too (docs/architecture.md)." },
];

const LAYERS = [
  {
    part: "app",
    may: [
      "components",
      "lib/data-api",
      "lib/server",
      "lib/session",
      "lib/ui",
      "lib/format",
      "lib/export",
      "lib/audit",
      "lib/backend.ts",
    ],
    why: "it reaches the sandbox only through lib/backend.ts",
  },
  {
    part: "components",
    may: ["lib/data-api", "lib/ui", "lib/format", "lib/session", "lib/export", "lib/audit"],
    packages: BROWSER_ONLY,
    why: "server code reaches a component through app/'s pages",
  },
  { part: "lib/data-api", may: [], packages: BROWSER_ONLY, why: "the contract is zod only, for Node and the browser" },
  {
    part: "lib/server",
    may: ["lib/data-api", "lib/session", "lib/audit", "lib/format", "lib/export", "lib/ui"],
    // The server uses the pages' own pure rules, never a second copy: the watches (lib/server/watch/) the planner's
    // below-target rule and the delivery-days cut-offs; a scheduled report (lib/server/reports/) the page's own CSV:
    // the list views, their requests and columns, the export's plan and runner; the insights' API and export
    // (lib/server/insights/) the Insights page's aggregations and tables (lib/ui/insights/); a statement's PDF and mail
    // (lib/server/statements/) the statement page's model (lib/ui/statements/) and its one stale-answer rule (stale.ts).
    // (lib/server/insights/) the Insights page's aggregations and tables (lib/ui/insights/); the collections' sync and
    // export (lib/server/collections/) the Collections page's model, list and columns (lib/ui/collections/), and the AR
    // aging's export from the snapshot the AR aging page's rows and their order (lib/ui/ar-aging/); every link
    // Backroom sends (notifications, mails, digests, a statement's PDF) the pages' own addresses (page-href.ts); the
    // visit notes' API (lib/server/notes/) the one schema of a note the customer page's form checks with, and its rules
    // (note-rules.ts); a rep's Today (app/(dashboard)/today) its accounts' health from the history in Today's own shape
    // (lib/ui/today/).
    only: {
      "lib/export": ["plan.ts", "run-export.ts"],
      "lib/ui": [
        "replenishment/plan.ts",
        "replenishment/inputs.ts",
        "replenishment/requests.ts",
        "delivery/cutoff.ts",
        "delivery/schedule.ts",
        "delivery/schedule-fallback.ts",
        "delivery/customer-schedule.ts",
        "navigation.ts",
        "views/list-views.tsx",
        "views/list-view-spec.ts",
        "views/export-pages.ts",
        "views/export-columns.ts",
        "views/saved-view-path.ts",
        "views/sentinels.ts",
        "insights",
        "statements",
        "stale.ts",
        "collections",
        "page-href.ts",
        "ar-aging/aging.ts",
        "ar-aging/aging-list.ts",
        "today/today.ts",
        "today/today-data.ts",
        "notes/note-rules.ts",
        "notes/note-schema.ts",
      ],
    },
    testsMay: ["lib/sandbox", "scripts"],
    why: "lib/backend.ts is where the server and the sandbox meet",
  },
  {
    part: "lib/session",
    may: ["lib/data-api"],
    packages: BROWSER_ONLY,
    why: "it is shared by the browser and the server",
  },
  {
    part: "lib/ui",
    may: ["lib/data-api", "lib/format"],
    testsMay: ["lib/sandbox", "lib/export"],
    packages: BROWSER_ONLY,
    why: "the dashboard's model is shared by server pages and client components",
  },
  { part: "lib/format", may: ["lib/data-api"], packages: BROWSER_ONLY, why: "it is pure and universal" },
  { part: "lib/export", may: ["lib/data-api", "lib/format"], packages: BROWSER_ONLY, why: "it runs in the browser" },
  {
    part: "lib/audit",
    may: ["lib/data-api"],
    packages: BROWSER_ONLY,
    why: "the audit trail's vocabulary is shared by the server and the Activity page",
  },
  {
    part: "lib/sandbox",
    may: ["lib/data-api", "lib/format"],
    only: { "lib/format": ["decimal.ts", "days.ts"] },
    testsMay: ["scripts"],
    why: "the emulator stands alone (npm run sandbox); lib/backend.ts mounts it",
  },
  {
    part: "lib/backend.ts",
    may: ["lib/data-api", "lib/server", "lib/sandbox", "lib/session", "lib/audit"],
    why: "the composition root assembles the server and mounts the sandbox, nothing of the pages",
  },
];

function allowed({ may, only }) {
  const list = may.map((other) => (only[other] ? `${other} (${only[other].join(", ")})` : other));
  return list.length ? list.join(", ") : "nothing of Backroom's";
}

function zones({ part, may, only = {}, why }, extra = []) {
  return PARTS.filter(
    (other) => other !== part && !(may.includes(other) && !only[other]) && !extra.includes(other),
  ).map((other) => ({
    target: ".",
    from: `./${other}`,
    ...(only[other] ? { except: only[other].map((file) => `./${file}`) } : {}),
    message: `docs/architecture.md: ${part} may import ${allowed({ part, may, only })}; not ${other} (${why}).`,
  }));
}

function filesOf(part) {
  return part.endsWith(".ts") ? [part] : [`${part}/**/*.{ts,tsx,mts,js,mjs}`];
}

const layerRules = LAYERS.flatMap((layer) => [
  {
    name: `layers/${layer.part}`,
    files: filesOf(layer.part),
    ignores: TESTS,
    rules: {
      "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: zones(layer) }],
      ...(layer.packages ? { "no-restricted-imports": ["error", { patterns: layer.packages }] } : {}),
    },
  },
  {
    // A test may also import what stands in for its layer's neighbours: the sandbox as the Data API behind the proxy,
    // or the sandbox's rules to check that the editor makes the same checks (docs/architecture.md says which).
    name: `layers/${layer.part}/tests`,
    files: TESTS.map((glob) => `${layer.part}/${glob}`),
    rules: {
      "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: zones(layer, layer.testsMay) }],
    },
  },
]);

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // `any` needs a comment saying why (house standard); the disable comment is where that reason goes.
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  ...layerRules,
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    ".data/**",
    "test-results/**",
    "playwright-report/**",
    "public/openapi.json",
  ]),
]);
