import { test } from "@playwright/test";
const ORIGIN = "http://127.0.0.1:3555";
for (const [name, width, height] of [["phone", 390, 844], ["desk", 1280, 900]] as const) {
  test(`accounting ${name}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, hasTouch: name === "phone" });
    const page = await context.newPage();
    await page.request.post(`${ORIGIN}/api/demo`, { data: { as: "Customer", environment: "test" }, headers: { Origin: ORIGIN } });
    await page.goto("/accounting");
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `/tmp/shots/${name}-1.png`, fullPage: true });
    await page.getByLabel("From", { exact: true }).fill("2026-11-01");
    await page.getByLabel("To", { exact: true }).fill("2026-11-25");
    await page.getByRole("button", { name: "Preview" }).click();
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `/tmp/shots/${name}-2.png`, fullPage: true });
    await page.getByText("By email").click();
    await page.waitForTimeout(500);
    await page.getByText("By email").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/${name}-3.png`, fullPage: false });
    await context.close();
  });
}
