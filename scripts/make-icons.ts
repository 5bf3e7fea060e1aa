// npx tsx scripts/make-icons.ts: draws the app's PNG icons from app/icon.svg with the installed Chromium (Playwright's
// screenshot), once, into public/icons/ and app/apple-icon.png. The PNGs are committed: nothing is drawn or downloaded
// at build time. Run it again only when app/icon.svg changes.
//   icon-192.png, icon-512.png                  the mark as it is (rounded square, transparent corners): purpose "any"
//   icon-maskable-192.png, icon-maskable-512.png the mark's letter on a full square of its colour: purpose "maskable"
//                                               (a phone crops it to its own shape; the letter stays in the safe zone,
//                                               the centred circle of 80% of the width)
//   app/apple-icon.png (180)                    iOS's home-screen icon: a full square too (iOS rounds it itself)
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { findChromium } from "../e2e/find-chromium";

const root = new URL("..", import.meta.url).pathname;
const svg = readFileSync(`${root}app/icon.svg`, "utf8");
// The same mark without its rounded corners: the square filled to its edges, for the masks of Android and iOS.
const square = svg.replace(/ rx="[\d.]+"/, "");
if (square === svg) throw new Error("app/icon.svg has no rounded rect (rx) to square off: update this script.");

const icons: { file: string; size: number; source: string }[] = [
  { file: "public/icons/icon-192.png", size: 192, source: svg },
  { file: "public/icons/icon-512.png", size: 512, source: svg },
  { file: "public/icons/icon-maskable-192.png", size: 192, source: square },
  { file: "public/icons/icon-maskable-512.png", size: 512, source: square },
  { file: "app/apple-icon.png", size: 180, source: square },
];

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: process.getuid?.() === 0 ? ["--no-sandbox"] : [],
});
try {
  for (const { file, size, source } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = source.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    writeFileSync(
      `${root}${file}`,
      await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }),
    );
    await page.close();
    console.log(`${file} (${size} x ${size})`);
  }
} finally {
  await browser.close();
}
