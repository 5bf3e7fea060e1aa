import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Finds a Chromium for Playwright without downloading one (no browser download works on our machines):
 * 1. PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH, 2. for `tests`, /usr/bin/chromium-headless-shell (Debian's
 * `chromium-headless-shell`), 3. /usr/bin/chromium (Debian's `chromium`), 4. Playwright's own browser cache.
 * Throws with install instructions when none is found.
 *
 * The browser tests take the headless shell, as Playwright itself does for headless runs: the same engine without the
 * browser's own interface, a third less of the machine per page (docs/benchmarks.md). The benchmarks take the browser
 * people use.
 */
export function findChromium(
  env: Record<string, string | undefined> = process.env,
  fs: { exists: (path: string) => boolean; list: (dir: string) => string[] } = {
    exists: existsSync,
    list: (dir) => readdirSync(dir),
  },
  { tests = false }: { tests?: boolean } = {},
): string {
  const fromEnv = env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  if (fromEnv) {
    if (!fs.exists(fromEnv))
      throw new Error(`PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH points at ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  if (tests && fs.exists("/usr/bin/chromium-headless-shell")) return "/usr/bin/chromium-headless-shell";
  if (fs.exists("/usr/bin/chromium")) return "/usr/bin/chromium";
  const cache = env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), ".cache", "ms-playwright");
  if (fs.exists(cache)) {
    const builds = fs
      .list(cache)
      .filter((d) => d.startsWith("chromium"))
      .sort()
      .reverse();
    for (const build of builds) {
      for (const rel of [
        "chrome-linux64/chrome",
        "chrome-linux/chrome",
        "chrome-headless-shell-linux64/chrome-headless-shell",
      ]) {
        const candidate = join(cache, build, rel);
        if (fs.exists(candidate)) return candidate;
      }
    }
  }
  throw new Error(
    "No Chromium found for the browser tests. Install one: `sudo apt-get install -y chromium` (Debian/Ubuntu), " +
      "or set PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH to a Chrome or Chromium binary.",
  );
}
