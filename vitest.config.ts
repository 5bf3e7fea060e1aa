import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * The test files that run isolated, each in a module graph of its own (scripts/vitest-config.test.ts keeps this list
 * equal to the files that do either): those that replace a module (`vi.mock`), and those that render a component
 * inside Next's own client contexts (`next/dist/shared/lib/…`), whose module must be the one the component's hooks
 * read. Among other files' modules that held only sometimes: in a CI run, `useSearchParams` read no context in two of
 * them after another file had loaded Next's modules first.
 */
export const ISOLATED = [
  "components/credit/customer-credit.test.tsx",
  "components/customers/customer-detail.test.tsx",
  "components/customers/licence.test.tsx",
  "components/invoices/invoice-detail.test.tsx",
  "components/table/resource-table.test.tsx",
  "lib/server/core/route-errors.test.ts",
  "lib/node/secret-file.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // Server modules are marked `import "server-only"`, which throws outside React's server build; in unit tests
      // (Node, no React) resolve it as the server build does, to its empty module.
      "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    // The globals Next's Node server sets up before any module of the app (AsyncLocalStorage), as `next start` does.
    setupFiles: ["next/dist/server/node-environment-baseline.js"],
    // Unit tests never depend on wall-clock speed; this only stops a hung test. 60 s, not 20: on CI's two loaded cores
    // under four workers the whole-distributor history test (3 s alone) passed 20 s and failed a run (stop 54).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Four workers, not one per core: a worker waits much of its time on PostgreSQL, Redis and the tests' own timers, and
    // with two on our two cores the machine sat 40% idle. The whole run took 290 s with two, 180 s with four (CI's
    // machine, 2026-11-25: docs/benchmarks.md).
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts?(x)", "e2e/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...ISOLATED],
          // A worker keeps the modules it has loaded from one file to the next: every file importing the server afresh
          // was 500 s of the run's import time on two cores (381 s in all; 203 s with this). Tests own no module's
          // state: what a test changes (the environment, timers) it restores after itself.
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: ISOLATED } },
    ],
  },
});
