import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
  {
    // The contract is shared by the browser and Node: it must not pull in server-only code.
    files: ["lib/data-api/**/*.ts"],
    ignores: ["lib/data-api/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/lib/server/*", "@/lib/sandbox/*", "node:*", "server-only"], message: "lib/data-api runs in the browser too." },
          ],
        },
      ],
    },
  },
  globalIgnores([".next/**", "out/**", "build/**", "next-env.d.ts", ".data/**", "test-results/**", "playwright-report/**", "public/openapi.json"]),
]);
