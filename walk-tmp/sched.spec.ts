import { test } from "@playwright/test";
import { connectWithKey, issueKey } from "../e2e/journeys/keyboard";
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
test("schedule phone", async ({ page }) => {
  await connectWithKey(page, await issueKey(page, "Customer"));
  await page.goto("/accounting");
  await page.getByText("By email · off").click();
  await page.waitForTimeout(800);
  const region = page.getByRole("region", { name: "Exports by email" });
  await region.scrollIntoViewIfNeeded();
  await region.screenshot({ path: "/tmp/shots/sched-phone.png" });
});
