import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
    include: ["lib/**/*.test.ts", "components/**/*.test.ts?(x)", "e2e/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // Unit tests never depend on wall-clock speed; this only stops a hung test. 60 s, not 20: on CI's two loaded cores
    // under four workers the whole-distributor history test (3 s alone) passed 20 s and failed a run (stop 54).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Four workers, not one per core: a worker waits much of its time on PostgreSQL, Redis and the tests' own timers, and
    // with two on our two cores the machine sat 40% idle. The whole run took 290 s with two, 180 s with four (CI's
    // machine, 2026-11-25: docs/benchmarks.md).
    maxWorkers: 4,
  },
});
