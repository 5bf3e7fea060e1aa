import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3200";
const [who, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId: "America/Los_Angeles" });
const page = await context.newPage();
page.on("console", (m) => { if (m.type() === "error") console.log("console error:", m.text()); });
page.on("pageerror", (e) => console.log("page error:", e.message));
await page.goto(`${base}/connect`);
await page.getByRole("radio", { name: /Test/ }).check();
await page.getByRole("button", { name: who }).click();
await page.getByRole("status").filter({ hasText: "Connected as" }).waitFor();
for (const p of paths) {
  const t = Date.now();
  const res = await page.goto(`${base}${p}`);
  await page.waitForLoadState("networkidle");
  const name = `/tmp/shot-${who.replace(/\W+/g, "-")}-${p.replace(/\W+/g, "-")}.png`;
  await page.screenshot({ path: name, fullPage: false });
  console.log(res.status(), p, Date.now() - t, "ms", name);
}
await browser.close();
