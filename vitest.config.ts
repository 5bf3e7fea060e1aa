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
    // Unit tests never depend on wall-clock speed; this only stops a hung test.
    testTimeout: 20_000,
  },
});
