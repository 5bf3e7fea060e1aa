import { expect, test } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { seriousViolations } from "./axe";

// The accessibility check runs only axe's rules that can find something serious or critical (e2e/axe.ts): on a page
// with faults of every impact it reports exactly what a run of every rule reports as serious or critical.

const PAGE = `<!doctype html><html lang="en"><head><title>Faults</title></head><body>
  <h1>Faults</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <p style="color:#bbb;background:#fff">Low contrast text</p>
  <button></button>
  <h4>A heading that skips levels</h4>
  <div role="banner"><div role="banner">Nested banners</div></div>
</body></html>`;

test("the check finds what a run of every rule finds serious or critical, and nothing milder", async ({ page }) => {
  await page.setContent(PAGE);
  const found = await seriousViolations(page);
  const all = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
  const expected = all
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.targets.join(", ")}`);
  expect(found).toEqual(expected);
  expect(found.map((line) => line.split(":")[0])).toEqual(
    expect.arrayContaining(["image-alt", "color-contrast", "button-name"]),
  );
  // The milder faults are there, and left out.
  expect(all.filter((v) => v.impact === "moderate" || v.impact === "minor").length).toBeGreaterThan(0);
});
