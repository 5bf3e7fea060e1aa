import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

const source = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * The serious and critical axe violations on the page, as "rule: selectors" lines (an empty list passes).
 *
 * axe runs inside the page and only its violations come back. @axe-core/playwright sends every node of every passing
 * rule back through the protocol and finishes the run in a second page: on the AR aging report (8,600 elements) that
 * took 56 s on our two-core machines, against 7 s for the same run here.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A client-side navigation applies the new page's <title> when its metadata has streamed in: the check waits for
  // it a moment (a page that never gets one is still reported by axe's document-title rule).
  await page.waitForFunction(() => document.title !== "", undefined, { timeout: 5_000 }).catch(() => undefined);
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document, options: object) => Promise<AxeResults>;
          _audit: { rules: { id: string; impact?: string; enabled?: boolean }[] };
        };
      }
    ).axe;
    // Only the rules that can find something serious or critical. A rule with an impact gives every violation of it
    // that impact (axe's finalizeRuleResult), so the rest (landmarks, region, heading order: a quarter of axe's
    // default rules) could only add what this check drops; a rule without one runs. Rules axe leaves off stay off.
    const rules = axe._audit.rules
      .filter((r) => r.enabled !== false && (!r.impact || r.impact === "serious" || r.impact === "critical"))
      .map((r) => r.id);
    const result = await axe.run(document, { resultTypes: ["violations"], runOnly: { type: "rule", values: rules } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.targets.join(", ")}`);
}
