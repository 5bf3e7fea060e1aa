#!/usr/bin/env node
// npm run test:scale: the multi-instance test (playwright.scale.config.ts): nginx, two production instances, one
// PostgreSQL, one Redis, the standalone sandbox. Needs DATABASE_URL (a server it may create a database on), and
// redis-server and nginx installed; scripts/test-services.sh starts PostgreSQL and Redis on loopback.
//   --if-configured   run only when DATABASE_URL and REDIS_URL are both set, else say so and succeed (npm test uses it)
import { spawnSync } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";

const configured = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
if (!configured) {
  if (process.argv.includes("--if-configured")) {
    console.log("test:scale skipped: DATABASE_URL and REDIS_URL are not both set (CI sets them; see docs/deploy.md).");
    process.exit(0);
  }
  console.error(
    'test:scale needs DATABASE_URL and REDIS_URL: eval "$(scripts/test-services.sh start /tmp/backroom-services)"',
  );
  process.exit(1);
}
buildIfStale();
const run = spawnSync(
  "npx",
  [
    "playwright",
    "test",
    "-c",
    "playwright.scale.config.ts",
    ...process.argv.slice(2).filter((a) => a !== "--if-configured"),
  ],
  { stdio: "inherit" },
);
process.exit(run.status ?? 1);
