// Builds Backroom (`next build`) when there is no build, or the sources are newer than it. Shared by `npm start` and
// the multi-instance test, which builds once before starting its instances with --no-build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const buildId = join(root, ".next", "BUILD_ID");
/** What a build depends on. */
const SOURCES = ["app", "components", "lib", "public", "package.json", "next.config.mjs", "tsconfig.json", "postcss.config.mjs", "proxy.ts", "instrumentation.ts"];

/** Whether a build exists. */
export function hasBuild() {
  return existsSync(buildId);
}

/** The newest modification time under the folders and files a build depends on. */
function newestSource() {
  let newest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of SOURCES) walk(join(root, entry));
  return newest;
}

/** Builds when needed; exits the process with the build's status when it fails. */
export function buildIfStale() {
  if (hasBuild() && statSync(buildId).mtimeMs >= newestSource()) return;
  console.log("Building Backroom (no build yet, or sources changed since the last one)...");
  const build = spawnSync("npx", ["next", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
