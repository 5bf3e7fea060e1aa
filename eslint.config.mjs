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
  "lib/domain",
  "lib/format",
  "lib/export",
  "lib/audit",
  "lib/sandbox",
  "lib/node",
  "lib/backend.ts",
  "scripts",
  "e2e",
];
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
/** What runs in the browser must not pull in server code. */
const BROWSER_ONLY = [
  { group: ["server-only", "node:*"], message: "this layer runs in the browser too (docs/architecture.md)." },
];
/** The rules both sides read are plain TypeScript: no React, no Next, so the server's jobs never load a renderer. */
const PURE = [
  ...BROWSER_ONLY,
  {
    group: ["react", "react/*", "react-dom", "react-dom/*", "next", "next/*"],
    message: "lib/domain holds rules the server and the browser share: no React, no Next (docs/architecture.md).",
  },
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
      "lib/domain",
      "lib/format",
      "lib/export",
      "lib/audit",
      "lib/backend.ts",
    ],
    why: "it reaches the sandbox only through lib/backend.ts",
  },
  {
    part: "components",
    may: ["lib/data-api", "lib/ui", "lib/domain", "lib/format", "lib/session", "lib/export", "lib/audit"],
    packages: BROWSER_ONLY,
    why: "server code reaches a component through app/'s pages",
  },
  { part: "lib/data-api", may: [], packages: BROWSER_ONLY, why: "the contract is zod only, for Node and the browser" },
  {
    part: "lib/server",
    may: ["lib/data-api", "lib/session", "lib/audit", "lib/format", "lib/export", "lib/domain", "lib/node"],
    // The server uses the pages' own pure rules (lib/domain/), never a second copy, and nothing of lib/ui (hooks and
    // view helpers, React): a scheduled report's CSV is the list page's own (lib/domain/views/), made by the export's
    // plan and runner.
    only: { "lib/export": ["plan.ts", "run-export.ts"] },
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
    may: ["lib/data-api", "lib/domain", "lib/format"],
    testsMay: ["lib/sandbox", "lib/export"],
    packages: BROWSER_ONLY,
    why: "the dashboard's model is shared by server pages and client components",
  },
  {
    part: "lib/domain",
    may: ["lib/data-api", "lib/format"],
    // A test may read a rule back the way the browser does (page-href's links by the pages, Today's model by its
    // search).
    testsMay: ["lib/sandbox", "lib/ui"],
    packages: PURE,
    why: "the rules the server and the browser share are pure: no React, no Next, no server-only",
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
    may: ["lib/data-api", "lib/format", "lib/node"],
    only: { "lib/format": ["decimal.ts", "days.ts"] },
    testsMay: ["scripts"],
    why: "the emulator stands alone (npm run sandbox); lib/backend.ts mounts it",
  },
  {
    part: "lib/node",
    may: [],
    why: "Node-only helpers the server and the sandbox share (a secret kept in a file) stand on Node alone",
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

const METHODS = "/^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/";

/**
 * One way to write a route: every route file's handlers are `serve(route)` of a `defineRoute` (lib/backend.ts), or the
 * proxy's `proxyRoutes(version)`, which serves its own. The two mounts of other applications are left out: the sandbox
 * (the emulator's own app, answering in the API's shapes) and the service worker's build route (Serwist's).
 */
const routeRules = {
  name: "routes/define-route",
  files: ["app/**/route.ts"],
  ignores: ["app/sandbox/**", "app/serwist/**"],
  rules: {
    "no-restricted-syntax": [
      "error",
      {
        selector: `ExportNamedDeclaration > FunctionDeclaration[id.name=${METHODS}]`,
        message: "A route handler is `export const GET = serve(route)`, the route made with defineRoute.",
      },
      {
        selector: `ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.type="Identifier"][id.name=${METHODS}]:not([init.type="CallExpression"][init.callee.name="serve"])`,
        message: "A route handler is `export const GET = serve(route)`, the route made with defineRoute.",
      },
      {
        selector: `ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.type="ObjectPattern"]:not([init.type="CallExpression"][init.callee.name="proxyRoutes"])`,
        message: "A route handler is `export const GET = serve(route)`, the route made with defineRoute.",
      },
      {
        selector: `ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=/^(runtime|dynamic|revalidate|fetchCache)$/]`,
        message:
          'Route handlers run on Node and are dynamic by default in Next 16 (docs/architecture.md, "A request\'s path"): a route file says no runtime or caching setting.',
      },
    ],
  },
};

/**
 * Pages are shells (issue 68): a `page.tsx` reads its params, its session and its server data and renders components;
 * its parts live in `components/<feature>/`, or beside it in `_lib/` where they use server code. None over 110 lines
 * (blank lines and comments not counted).
 */
const pageShells = {
  name: "pages/shells",
  files: ["app/**/page.tsx"],
  rules: {
    "max-lines": ["error", { max: 110, skipBlankLines: true, skipComments: true }],
  },
};

/**
 * One error shape, built in one place: on the server, an object with an `Error` key (the API's error body) is made only
 * by `lib/server/core/route-errors.ts` (`errorBody`, `codedErrorBody`, the refusals it answers). The route files have
 * their own `no-restricted-syntax` above, and build no body.
 */
const oneErrorShape = {
  name: "errors/one-shape",
  files: ["lib/server/**/*.ts", "lib/backend.ts", "app/sandbox/**/*.ts"],
  ignores: [...TESTS, "lib/server/core/route-errors.ts", "lib/server/core/testing.ts"],
  rules: {
    "no-restricted-syntax": [
      "error",
      {
        selector: 'ObjectExpression > Property[key.name="Error"]',
        message: "An error body is built by lib/server/core/route-errors.ts (errorBody, codedErrorBody, refusal).",
      },
    ],
  },
};

/**
 * What the pages load carries no answer's schema (issue 68): a route's answer as zod, with its words for
 * `/api/openapi.json` (`.describe(...)`), lives on the server beside the route (`lib/server/<feature>/answers.ts`), held
 * to the shared type by `satisfies`; the layers the browser loads keep the types. zod itself stays where a form or a
 * page's address is parsed with it. Left out: the three query schemas a page reads its address with and the route
 * takes as its query, whose parameters' words are the document's (`CollectionsQuery`, `InsightsQuery`,
 * `CreditQuery`), and the tests. lib/data-api is not in the list: its contract schemas are shared on purpose.
 */
const noAnswerSchemas = {
  name: "bundles/no-answer-schemas",
  files: ["lib/domain", "lib/session", "lib/audit", "lib/ui", "components", "lib/format", "lib/export"].flatMap(
    filesOf,
  ),
  ignores: [
    ...TESTS,
    "lib/domain/collections/collections-list.ts",
    "lib/domain/insights/insights-tables.ts",
    "lib/domain/credit/input.ts",
  ],
  rules: {
    "no-restricted-syntax": [
      "error",
      {
        selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='describe']",
        message:
          "An answer's schema for /api/openapi.json lives on the server (lib/server/<feature>/answers.ts): the pages' bundles load no zod for it.",
      },
    ],
  },
};

/**
 * Short functions: none over 150 lines (comments and blank lines counted), but in the tests (a `describe` groups
 * cases, it is not a function one reads as one), the migrations and the seed's data tables.
 */
const shortFunctions = {
  name: "functions/short",
  files: ["**/*.{ts,tsx,mts,mjs}"],
  ignores: [...TESTS, "e2e/**/*.spec.ts", "**/migration*.ts", "lib/sandbox/db/migrations.ts"],
  rules: {
    "max-lines-per-function": ["error", { max: 150, skipBlankLines: false, skipComments: false, IIFEs: true }],
  },
};

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
  routeRules,
  oneErrorShape,
  noAnswerSchemas,
  pageShells,
  shortFunctions,
  ...layerRules,
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    ".data/**",
    "test-results/**",
    "test-results-scale/**",
    "playwright-report/**",
    "public/openapi.json",
  ]),
]);
