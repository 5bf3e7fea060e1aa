import type { InsightsQuery } from "@/lib/domain/insights/insights-tables";

// The Insights page's addresses: every choice lives in the address, so bookmarks, saved links and the exports ask the
// same view.

/** The choices an address leaves out when they hold these values. */
export const INSIGHTS_DEFAULTS: Partial<Record<keyof InsightsQuery, string>> = {
  weeks: "13",
  sort: "revenueLast30",
  dir: "desc",
  dsort: "doors",
  ddir: "desc",
};

/** The page's address for a query with some choices changed (defaults left out). */
export function insightsHref(
  query: InsightsQuery,
  change: Partial<InsightsQuery> = {},
  path = "/insights",
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams(extra);
  for (const [name, value] of Object.entries({ ...query, ...change })) {
    if (value === undefined || INSIGHTS_DEFAULTS[name as keyof InsightsQuery] === String(value)) continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The CSV export of one of the page's tables, for the same query. */
export const insightsExportHref = (query: InsightsQuery, table: string) =>
  insightsHref(query, {}, "/api/insights/export", { table });
