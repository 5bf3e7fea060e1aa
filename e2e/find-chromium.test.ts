import { describe, expect, it } from "vitest";
import { findChromium } from "./find-chromium";

/** A pretend file system holding exactly these paths. */
function fsWith(...paths: string[]) {
  return {
    exists: (p: string) => paths.some((q) => q === p || q.startsWith(`${p}/`)),
    list: (dir: string) => [
      ...new Set(paths.filter((q) => q.startsWith(`${dir}/`)).map((q) => q.slice(dir.length + 1).split("/")[0]!)),
    ],
  };
}

const cache = "/home/ci/.cache/ms-playwright";

describe("findChromium", () => {
  it("takes PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH first", () => {
    const fs = fsWith("/opt/chrome/chrome", "/usr/bin/chromium");
    expect(findChromium({ PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH: "/opt/chrome/chrome" }, fs)).toBe("/opt/chrome/chrome");
  });

  it("fails clearly when that variable names a missing file", () => {
    expect(() => findChromium({ PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH: "/nope" }, fsWith("/usr/bin/chromium"))).toThrow(
      /\/nope, which does not exist/,
    );
  });

  it("then Debian's /usr/bin/chromium", () => {
    expect(
      findChromium(
        { PLAYWRIGHT_BROWSERS_PATH: cache },
        fsWith("/usr/bin/chromium", `${cache}/chromium-1200/chrome-linux64/chrome`),
      ),
    ).toBe("/usr/bin/chromium");
  });

  it("for the tests, Debian's headless shell before its browser", () => {
    const fs = fsWith("/usr/bin/chromium", "/usr/bin/chromium-headless-shell");
    expect(findChromium({}, fs, { tests: true })).toBe("/usr/bin/chromium-headless-shell");
    expect(findChromium({}, fs)).toBe("/usr/bin/chromium");
    expect(findChromium({}, fsWith("/usr/bin/chromium"), { tests: true })).toBe("/usr/bin/chromium");
  });

  it("then the newest build in Playwright's cache", () => {
    const fs = fsWith(
      `${cache}/chromium-1100/chrome-linux/chrome`,
      `${cache}/chromium-1200/chrome-linux64/chrome`,
      `${cache}/firefox-1/firefox`,
    );
    expect(findChromium({ PLAYWRIGHT_BROWSERS_PATH: cache }, fs)).toBe(`${cache}/chromium-1200/chrome-linux64/chrome`);
  });

  it("otherwise fails with how to install one", () => {
    expect(() => findChromium({ PLAYWRIGHT_BROWSERS_PATH: cache }, fsWith())).toThrow(/apt-get install -y chromium/);
  });
});
