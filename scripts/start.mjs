#!/usr/bin/env node
// npm start: serve a production build, building first when there is none or the sources are newer than it.
//   --port N      the port (default PORT, else 3000); HOST chooses the address (default 127.0.0.1)
//   --no-build    never build: fail when there is no build (instances of a deployment, which share one build)
// The server runs in this process (serve.mjs), so SIGTERM from npm, systemd or a test reaches it directly.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const buildId = join(root, ".next", "BUILD_ID");
const args = process.argv.slice(2);
const port = Number(args.includes("--port") ? args[args.indexOf("--port") + 1] : process.env.PORT ?? "3000");
const host = process.env.HOST ?? "127.0.0.1";

/** The newest modification time under the folders and files a build depends on. */
function newestSource() {
  let newest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of ["app", "components", "lib", "public", "package.json", "next.config.mjs", "tsconfig.json", "postcss.config.mjs", "proxy.ts", "instrumentation.ts"]) {
    walk(join(root, entry));
  }
  return newest;
}

if (args.includes("--no-build")) {
  if (!existsSync(buildId)) {
    console.error("No build to serve: run `npm run build` first (--no-build never builds).");
    process.exit(1);
  }
} else if (!existsSync(buildId) || statSync(buildId).mtimeMs < newestSource()) {
  console.log("Building Backroom (no build yet, or sources changed since the last one)...");
  const build = spawnSync("npx", ["next", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Set before Next is loaded, as `next start` does.
process.env.NODE_ENV = "production";
const { serve } = await import("./serve.mjs");
await serve({ dir: root, hostname: host, port });
