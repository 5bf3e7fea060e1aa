// npm run test:budgets: fails when a route's first-load JavaScript (gzip) is over its budget in
// scripts/bundle-budgets.json. Needs a production build (`npm run build`, or the one the browser tests start).
import { existsSync, readFileSync } from "node:fs";
import { type Budgets, gzipSizeOf, measure, report, type RouteStats } from "./bundle-budgets";

const STATS = ".next/diagnostics/route-bundle-stats.json";
if (!existsSync(STATS)) {
  console.error(`${STATS} is missing: run npm run build first.`);
  process.exit(1);
}
const stats = JSON.parse(readFileSync(STATS, "utf8")) as RouteStats[];
const budgets = JSON.parse(readFileSync(new URL("./bundle-budgets.json", import.meta.url), "utf8")) as Budgets;
const { text, ok } = report(measure(stats, budgets, gzipSizeOf));
console.log(text);
if (!ok) {
  console.error(
    "\nA route's first-load JavaScript is over its budget (scripts/bundle-budgets.json). Trim it, or raise the budget with the reason in the commit.",
  );
  process.exit(1);
}
