import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Finds a Chromium for Playwright without downloading one (no browser download works on our machines):
 * 1. PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH, 2. /usr/bin/chromium (Debian's package), 3. Playwright's own browser cache.
 * Throws with install instructions when none is found.
 */
export function findChromium(
  env: Record<string, string | undefined> = process.env,
  fs: { exists: (path: string) => boolean; list: (dir: string) => string[] } = {
    exists: existsSync,
    list: (dir) => readdirSync(dir),
  },
): string {
  const fromEnv = env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  if (fromEnv) {
    if (!fs.exists(fromEnv))
      throw new Error(`PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH points at ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
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
