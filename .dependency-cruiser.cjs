/**
 * The import graph's own rules, checked by `npm run lint` (`depcruise`), beside the layer rules of eslint.config.mjs:
 * - no import cycle anywhere in the repository (type-only imports counted: a cycle of types is a knot to read too);
 * - the server's core (`lib/server/core/`) imports no feature: a feature (`lib/server/<name>/`) imports the core and
 *   registers with it in its `feature.ts` (docs/architecture.md, "The server's core and its features").
 * dependency-cruiser over eslint-plugin-import's `import/no-cycle`: measured on this tree in docs/architecture.md.
 * scripts/dependency-rules.test.ts checks that both rules bite.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "Files that import each other in a loop: untie it (a lower file for what both need, or a registration).",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-imports-no-feature",
      severity: "error",
      comment:
        "lib/server/core/ never imports a feature (lib/server/<name>/): the feature registers with the core in its feature.ts (docs/architecture.md).",
      from: { path: "^lib/server/core/" },
      to: { path: "^lib/server/", pathNot: "^lib/server/core/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|\\.data|test-results|test-results-scale|playwright-report|public)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    cache: false,
  },
};
