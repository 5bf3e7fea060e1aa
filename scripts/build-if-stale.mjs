// Builds Backroom (`npm run build`: `next build`, then the sandbox's seed templates) when there is no build, or the
// sources are newer than it. Shared by `npm start` and the multi-instance test, which builds once before starting its
// instances with --no-build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("..", import.meta.url).pathname;
const buildId = join(root, ".next", "BUILD_ID");
/**
 * The build's templates of the sandbox's seed (lib/sandbox/template.ts): made by `npm run build`, copied into every new
 * data directory. Inside `.next`, so `next build` removes them with the rest of the last build.
 */
export const TEMPLATE_DIR = join(root, ".next", "sandbox-templates");
/** What a build depends on. */
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "package.json",
  "next.config.mjs",
  "tsconfig.json",
  "postcss.config.mjs",
  "proxy.ts",
  "instrumentation.ts",
];

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

/** Whether a build exists and no source is newer than it: what it runs is what the sources say. */
export function buildIsCurrent() {
  return hasBuild() && statSync(buildId).mtimeMs >= newestSource();
}

/** Builds when needed; exits the process with the build's status when it fails. */
export function buildIfStale() {
  if (buildIsCurrent()) return;
  console.log("Building Backroom (no build yet, or sources changed since the last one)...");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// `npm run build:if-stale`: npm test builds once, before the browser and multi-instance tests start side by side.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) buildIfStale();
